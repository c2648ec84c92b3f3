import { toLegacyClient, type LegacyClientExtras } from '@/lib/legacy/client-answer';
import { legacyClientInfoSchema } from '@/lib/legacy/client-record-payload';
import { toLegacyLists } from '@/lib/legacy/family-answer';
import {
  legacyDeleteAgentSchema,
  legacyUpsertAgentSchema,
  legacyUpsertBeneficiarySchema,
  legacyUpsertChildSchema,
  legacyUpsertTrusteeSchema,
} from '@/lib/legacy/intake-payloads';
import { legacyBoolean } from '@/lib/legacy/payload-values';
import type { AgentView, BeneficiaryView, ClientView, IntakeView, PersonView } from '@/lib/intake/types';

describe('legacy payloads → intake inputs', () => {
  it.each([
    [true, true],
    [1, true],
    ['1', true],
    ['true', true],
    ['Yes', true],
    [false, false],
    [0, false],
    ['0', false],
    ['no', false],
    ['', null],
    [null, null],
    [undefined, null],
    ['maybe', 'maybe'],
  ])('flag %p reads as %p', (sent, read) => {
    expect(legacyBoolean(sent)).toBe(read);
  });

  it('a child with guardian fields: has_guardian_N decides, N=2 only when flagged or named', () => {
    const input = legacyUpsertChildSchema.parse({
      hash_id: 'abc',
      hash_id_spouse: 'def',
      hash_id_child: '',
      hash_id_existing_person: null,
      owner: 'Both',
      first_name: 'Noah',
      last_name: 'Doe',
      dob: '04/05/2016',
      has_guardian_1: '1',
      guardian_1_first_name: 'Morgan',
      guardian_1_last_name: 'Ellis',
      guardian_1_phone: 4085550130,
      has_guardian_2: '0',
      guardian_2_first_name: 'Ignored',
      guardian_2_last_name: 'Too',
    });
    expect(input).toMatchObject({
      client_hash: 'abc',
      hash: undefined,
      existing_person_hash: undefined,
      owner: 'both',
      guardian1: { first_name: 'Morgan', phone: '4085550130' },
      guardian2: null,
    });
  });

  it("a beneficiary: tier1/2 ... become each client's values; separate only when owner both sends the spouse's", () => {
    const both = legacyUpsertBeneficiarySchema.parse({
      hash_id: 'a',
      owner: 'both',
      type: 'Person',
      first_name: 'A',
      last_name: 'B',
      tier1: 'Primary',
      share_percent1: 50,
      relationship1: 'Child',
      is_per_stirpes1: '1',
      tier2: 'contingent',
      share_percent2: '25',
      relationship2: 'Friend',
    });
    expect(both).toMatchObject({
      type: 'person',
      same_values: false,
      values1: { tier: 'primary', share_percent: '50.00', is_per_stirpes: true },
      values2: { tier: 'contingent', share_percent: '25.00', relationship: 'Friend' },
    });
    const same = legacyUpsertBeneficiarySchema.parse({
      hash_id: 'a',
      owner: 'both',
      type: 'person',
      first_name: 'A',
      last_name: 'B',
      tier1: 'primary',
      share_percent1: '100',
      relationship1: 'Child',
      tier2: null,
    });
    expect(same.same_values).toBe(true);
    const entity = legacyUpsertBeneficiarySchema.parse({
      hash_id: 'a',
      owner: '1',
      type: 'entity',
      name: 'Food Bank',
      identifier: '94-1234567',
      is_trust: 'false',
      tier1: 'primary',
      share_percent1: '10',
      relationship1: 'Charity',
    });
    expect(entity).toMatchObject({ identifier: '941234567', identifier_kind: 'tin', is_trust: false });
  });

  it('trustees and agents: order1/order2, type1/type2 agreeing', () => {
    expect(legacyUpsertTrusteeSchema.parse({ hash_id: 'a', hash_id_fiduciary: 'f', owner: '2', first_name: 'T', last_name: 'R', order2: '3' })).toMatchObject({
      hash: 'f',
      owner: '2',
      values2: { order: 3 },
      same_values: true,
    });
    expect(legacyUpsertAgentSchema.parse({ hash_id: 'a', owner: '1', first_name: 'A', last_name: 'G', type1: 'Medical', order1: 1 }).type).toBe('medical');
    expect(
      legacyUpsertAgentSchema.safeParse({ hash_id: 'a', owner: '1', first_name: 'A', last_name: 'G', type1: 'medical', type2: 'general', order1: 1 }).success,
    ).toBe(false);
    expect(legacyDeleteAgentSchema.parse({ hash_id: 'a', hash_id_spouse: 'b', hash_id_poa: 'p', type: 'GENERAL' })).toEqual({
      client_hash: 'a',
      hash: 'p',
      version: undefined,
      type: 'general',
    });
  });

  it('agents: is_collective1/2 and is_independent1/2 optional (absent or blank keeps the stored choice); a spouse value separates', () => {
    const base = { hash_id: 'a', owner: 'both', first_name: 'A', last_name: 'G', type1: 'general', order1: 1 };
    expect(legacyUpsertAgentSchema.parse({ ...base, is_collective1: '1', is_independent1: 'true' })).toMatchObject({
      same_values: true,
      values1: { order: 1, is_collective: true, is_independent: true },
    });
    expect(legacyUpsertAgentSchema.parse({ ...base, order2: 1, is_collective1: 1, is_collective2: 0 })).toMatchObject({
      same_values: false,
      values1: { is_collective: true, is_independent: undefined },
      values2: { is_collective: false, is_independent: undefined },
    });
    expect(legacyUpsertAgentSchema.parse({ ...base, is_collective1: '' }).values1).toEqual({ order: 1, is_collective: undefined, is_independent: undefined });
    expect(legacyUpsertAgentSchema.safeParse({ ...base, is_collective1: 'sometimes' }).success).toBe(false);
  });

  it('the client record: only the estate plan answers sent, and / or the spouse choices', () => {
    expect(legacyClientInfoSchema.parse({ hash: 'h', is_spouse_poa_medical: '1' })).toEqual({
      client_hash: 'h',
      version: undefined,
      estatePlan: null,
      choices: { is_spouse_poa_medical: true },
    });
    expect(legacyClientInfoSchema.parse({ hash: 'h', has_estate_plan: 'yes', trust_times_amended: 2, has_trust_intent_3: 0 }).estatePlan).toEqual({
      has_estate_plan: 'yes',
      trust_times_amended: 2,
      has_trust_intent_3: false,
    });
    expect(legacyClientInfoSchema.safeParse({ hash: 'h' }).success).toBe(false);
    expect(legacyClientInfoSchema.safeParse({ hash: 'h', is_trust_submitted: true, is_spouse_beneficiary: true }).error?.issues[0].message).toBe(
      'Send the submission (is_trust_submitted) on its own, without other answers.',
    );
    expect(legacyClientInfoSchema.parse({ hash: 'h', is_trust_submitted: '1' })).toMatchObject({ client_hash: 'h', is_trust_submitted: true });
  });
});

describe("IntakeView → the spec's answer", () => {
  const person = (hash: string, extra: Partial<PersonView> = {}): PersonView => ({
    hash,
    version: 1,
    firstName: hash,
    middleName: '',
    lastName: 'Doe',
    suffix: '',
    email: '',
    phone: '',
    dob: null,
    ssnLast4: '6789',
    ...extra,
  });
  const client = (hash: string, ownerNo: 1 | 2): ClientView =>
    ({
      hash,
      version: 1,
      ownerNo,
      person: person(`p-${hash}`),
      loginEmail: `${hash}@example.com`,
      intents: [true, null, null, null, null, null, false],
      isSpousePoa: { general: true, medical: null, financial: false },
      isTrustSubmitted: false,
    }) as unknown as ClientView;
  const beneficiary: BeneficiaryView = {
    hash: 'b',
    version: 2,
    owner: '2',
    type: 'entity',
    person: null,
    entity: { name: 'Trust', identifierKind: 'ein', identifierLast4: '4567', date: null, isTrust: true },
    terms1: null,
    terms2: { tier: 'primary', sharePercent: '100.00', relationship: 'Trust', isPerStirpes: false, omissionReason: null },
  };
  const agent = (type: AgentView['type']): AgentView => ({
    hash: `a-${type}`,
    version: 1,
    type,
    owner: '1',
    person: person('agent'),
    order1: 1,
    order2: null,
    service1: { isCollective: false, isIndependent: false },
    service2: null,
  });
  const view = {
    client: client('one', 1),
    spouse: client('two', 2),
    showsFinancialPoa: false,
    children: [],
    beneficiaries: [beneficiary],
    trustees: [{ hash: 't', version: 1, owner: 'both', person: person('t'), order1: 1, order2: 2 }],
    agents: [agent('general'), agent('financial')],
  } as unknown as IntakeView;
  const plan = { hash: 'ep', type: 'trust', status: 'incomplete', status_full: 'In Progress', updated_at: '2026-11-20T10:00:00.000Z', files: [] as [] };
  const extras: LegacyClientExtras = { estatePlans: [plan], advisors: { one: { hash: 'adv', firms: [{ id: 'firm-hash', name: 'Firm' }] }, two: null } };

  it("from owner 1's page: the lists as stored, identifiers masked, the hidden financial PoA left out", () => {
    const answer = toLegacyLists(view, 'one', extras);
    expect(answer.client).toMatchObject({
      hash_id: 'one',
      ssn: 'XXX-XX-6789',
      email: 'one@example.com',
      has_trust_intent_1: true,
      has_trust_intent_7: false,
      is_spouse_poa_general: true,
    });
    expect(answer.beneficiaries2).toEqual([expect.objectContaining({ hash_id: 'b', owner: '2', identifier: 'XXX-XX-4567', tier2: 'primary', tier1: null })]);
    expect(answer.fiduciariesBoth).toEqual([expect.objectContaining({ order1: 1, order2: 2 })]);
    expect(answer.generalPoas1).toHaveLength(1);
    expect(answer.financialPoas1).toEqual([]);
    expect(answer.poas1).toHaveLength(1);
  });

  it("from the spouse's page: owner 1 is the spouse, and the values follow", () => {
    const answer = toLegacyLists(view, 'two', extras);
    expect(answer.client).toMatchObject({ hash_id: 'two' });
    expect(answer.spouse).toMatchObject({ hash_id: 'one' });
    expect(answer.beneficiaries1).toEqual([expect.objectContaining({ owner: '1', tier1: 'primary', tier2: null })]);
    expect(answer.fiduciariesBoth).toEqual([expect.objectContaining({ order1: 2, order2: 1 })]);
    expect(answer.generalPoas2).toEqual([
      expect.objectContaining({
        owner: '2',
        order1: null,
        order2: 1,
        type1: null,
        type2: 'general',
        is_collective: false,
        is_collective1: null,
        is_collective2: false,
        is_independent2: false,
      }),
    ]);
    expect(toLegacyClient(view, 'two', extras).client.hash_id).toBe('two');
  });

  it("the client object in the spec's shapes: person, spouse.person, is_type_other, estate_plans, advisor.firms", () => {
    const named = {
      ...view,
      client: {
        ...view.client,
        estatePlanType: 'Pour-over will',
        person: person('p-one', { firstName: 'Pat', middleName: 'Q', lastName: 'Rivera', suffix: 'Jr.', phone: '4085550120', dob: '1968-02-20' }),
      },
      spouse: { ...view.spouse, estatePlanType: 'Trust' },
    } as IntakeView;
    const { client, spouse } = toLegacyLists(named, 'one', extras);
    expect(client).toMatchObject({
      first_name: 'Pat',
      ssn: 'XXX-XX-6789',
      person: {
        name: { full: 'Pat Q Rivera Jr.', first_name: 'Pat', middle_name: 'Q', last_name: 'Rivera', suffix: 'Jr.', initials: 'PQR' },
        contact_info: { email: 'one@example.com', phone: '4085550120' },
        personal_info: { dob: '1968-02-20', masked_ssn: 'XXX-XX-6789' },
      },
      spouse: { hash: 'two', person: { name: { full: 'p-two Doe', initials: 'PD' }, contact_info: { email: 'two@example.com' } } },
      is_type_other: true,
      estate_plans: [plan],
      advisor: { hash: 'adv', firms: [{ id: 'firm-hash', name: 'Firm' }] },
    });
    // Without the reveal right the full SSN is absent, not null.
    expect(client.person.personal_info).not.toHaveProperty('unmasked_ssn');
    expect(spouse).toMatchObject({ is_type_other: false, spouse: { hash: 'one' }, advisor: null, estate_plans: [plan] });
    // Attorneys and admins: the extras carry the full numbers.
    const revealed = toLegacyClient(named, 'one', { ...extras, unmaskedSsns: { 'p-one': '123-45-6789' } }).client;
    expect(revealed.person.personal_info).toEqual({ dob: '1968-02-20', masked_ssn: 'XXX-XX-6789', unmasked_ssn: '123-45-6789' });
    expect(revealed.spouse?.person.personal_info).toEqual({ dob: null, masked_ssn: 'XXX-XX-6789', unmasked_ssn: null });
    expect(toLegacyClient({ ...named, spouse: null } as IntakeView, 'one', extras).client.spouse).toBeNull();
  });
});

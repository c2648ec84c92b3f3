import { firmShowsFinancialPoa } from '@/lib/intake/firm-rules';
import { changeOwner, desiredPivots, swapOwners, toOwnedValues, type OwnedValues } from '@/lib/intake/owners';
import { linkCandidates, peopleOf } from '@/lib/intake/people';
import { estatePlanColumns, estatePlanType, estatePlanValuesOf, takesGuardians, termsRow } from '@/lib/intake/save-rules';
import type { ChildView, PersonView } from '@/lib/intake/types';
import { EMPTY_BENEFICIARY_TERMS, estatePlanAnswersSchema, type EstatePlanAnswers } from '@/lib/validation/intake';

describe('estate plan dependencies (server side)', () => {
  const answers = (over: Partial<EstatePlanAnswers> = {}) => {
    const parsed = estatePlanAnswersSchema.parse({
      has_estate_plan: 'yes',
      estate_plan_type: 'Trust',
      trust_name: ' Doe Trust ',
      trust_date: '06/12/2009',
      trust_times_amended: 2,
      trust_replacement_reason: 'Restate',
      is_assets_trust_owned: 'yes',
      trust_governing_state: 'CA',
      has_trust_intent_1: true,
      has_trust_intent_6: true,
      has_trust_intent_7: false,
      trust_intent_other: '',
    });
    delete parsed.version;
    return { ...parsed, ...over };
  };

  it.each([
    ['a Trust keeps its details', {}, { estatePlanType: 'Trust', trustName: 'Doe Trust', trustTimesAmended: 2, isAssetsTrustOwned: 'yes' }],
    [
      'No clears the type and every trust detail',
      { has_estate_plan: 'no' as const },
      { hasEstatePlan: 'no', estatePlanType: null, trustName: null, trustDate: null, trustTimesAmended: null, isAssetsTrustOwned: null },
    ],
    ['unanswered has no type either', { has_estate_plan: null }, { hasEstatePlan: null, estatePlanType: null, trustName: null }],
    [
      'a Will has no trust details',
      { estate_plan_type: 'will' },
      { estatePlanType: 'Will', trustName: null, trustReplacementReason: null, isAssetsTrustOwned: null },
    ],
    ['an other type is kept as typed, without trust details', { estate_plan_type: 'Pour-over will' }, { estatePlanType: 'Pour-over will', trustDate: null }],
  ])('%s', (_case, over, expected) => {
    expect(estatePlanColumns(answers(over), true)).toMatchObject(expected);
  });

  it('keeps intents 6 and 7 only with a spouse, and the governing state and intents whatever the plan', () => {
    expect(estatePlanColumns(answers({ has_estate_plan: 'no' }), false)).toMatchObject({
      hasTrustIntent1: true,
      hasTrustIntent6: null,
      hasTrustIntent7: null,
      trustGoverningState: 'CA',
      trustIntentOther: null,
    });
    expect(estatePlanColumns(answers(), true)).toMatchObject({ hasTrustIntent6: true, hasTrustIntent7: false });
  });

  it('reads stored columns back as answers that save to the same columns', () => {
    const columns = estatePlanColumns(answers(), true);
    expect(estatePlanColumns(estatePlanValuesOf(columns), true)).toEqual(columns);
  });

  it.each([
    ['trust', 'Trust'],
    ['  WILL ', 'Will'],
    ['Living will', 'Living will'],
    ['', null],
    [null, null],
  ])('type %p is %p', (typed, stored) => {
    expect(estatePlanType(typed)).toBe(stored);
  });

  it('the schema: 25 characters of other type, 255 of trust name, 0-99 times amended, intent 1 after the state', () => {
    expect(() => estatePlanAnswersSchema.parse({ estate_plan_type: 'x'.repeat(26) })).toThrow('at most 25 characters');
    expect(() => estatePlanAnswersSchema.parse({ trust_name: 'x'.repeat(256) })).toThrow('at most 255 characters');
    expect(() => estatePlanAnswersSchema.parse({ trust_times_amended: '100' })).toThrow('from 0 to 99');
    expect(() => estatePlanAnswersSchema.parse({ has_trust_intent_1: false })).toThrow('Please choose the governing state first.');
    expect(estatePlanAnswersSchema.parse({ has_trust_intent_1: false, trust_governing_state: 'ny' }).trust_governing_state).toBe('NY');
    expect(estatePlanAnswersSchema.parse({ has_estate_plan: false, is_assets_trust_owned: 'yes' })).toMatchObject({
      has_estate_plan: 'no',
      is_assets_trust_owned: 'yes',
    });
  });
});

describe('beneficiary terms as stored', () => {
  const terms = { tier: 'primary', share_percent: '33.33', relationship: 'Child', is_per_stirpes: true, omission_reason: 'left over' } as const;

  it('omit: share 0, no per stirpes, the reason kept', () => {
    expect(termsRow({ ...terms, tier: 'omitted' }, false)).toEqual({
      tier: 'omitted',
      sharePercent: '0.00',
      relationship: 'Child',
      isPerStirpes: false,
      omissionReason: 'left over',
    });
  });

  it('not omitted: no omission reason', () => {
    expect(termsRow(terms, false)).toEqual({ tier: 'primary', sharePercent: '33.33', relationship: 'Child', isPerStirpes: true, omissionReason: null });
  });

  it('a trust is always related as Trust', () => {
    expect(termsRow({ ...terms, relationship: 'Friend' }, true).relationship).toBe('Trust');
  });

  it('blank terms are stored as unanswered', () => {
    expect(termsRow(EMPTY_BENEFICIARY_TERMS, false)).toEqual({ tier: null, sharePercent: null, relationship: null, isPerStirpes: false, omissionReason: null });
  });
});

describe('guardians', () => {
  it.each([
    ['17 years and 364 days', '2008-06-16', true],
    ['exactly 18', '2008-06-15', false],
    ['a newborn', '2026-06-15', true],
    ['in the future (invalid)', '2026-06-16', false],
    ['no date of birth', null, false],
    ['120 years (invalid)', '1906-06-15', false],
  ])('%s: %p', (_case, dob, expected) => {
    expect(takesGuardians(dob, '2026-06-15')).toBe(expected);
  });
});

describe('firms without the financial PoA', () => {
  it.each([
    ['apsi', false],
    ['  APSI ', false],
    ['Alpha 1', false],
    ['alpha 1 ', false],
    ['Alpha 12', true],
    ['apsi partners', true],
    [null, true],
    ['', true],
  ])('%p shows it: %p', (name, shows) => {
    expect(firmShowsFinancialPoa(name)).toBe(shows);
  });
});

describe('the owner engine, as the writes use it', () => {
  type V = { order: number | null };
  const EMPTY: V = { order: null };
  const couple = { owner1Id: 10, owner2Id: 20 };

  it('an item of the spouse alone keeps its values in values2, as the form holds them (same values ticked)', () => {
    const stored = toOwnedValues([{ clientId: 20, values: { order: 3 } }], couple, EMPTY);
    expect(stored).toEqual({ owner: '2', sameValues: true, values1: EMPTY, values2: { order: 3 } });
    expect(desiredPivots(stored, couple)).toEqual([{ clientId: 20, values: { order: 3 } }]);
    expect(desiredPivots(changeOwner({ owner: '1', sameValues: true, values1: { order: 1 }, values2: EMPTY }, '2', EMPTY), couple)).toEqual([
      { clientId: 20, values: { order: 1 } },
    ]);
    expect(desiredPivots(changeOwner({ owner: 'both', sameValues: false, values1: { order: 1 }, values2: { order: 4 } }, '2', EMPTY), couple)).toEqual([
      { clientId: 20, values: { order: 4 } },
    ]);
  });

  it.each<[string, OwnedValues<V>, OwnedValues<V>]>([
    [
      '1 becomes 2',
      { owner: '1', sameValues: true, values1: { order: 1 }, values2: EMPTY },
      { owner: '2', sameValues: true, values1: EMPTY, values2: { order: 1 } },
    ],
    [
      '2 becomes 1',
      { owner: '2', sameValues: true, values1: EMPTY, values2: { order: 2 } },
      { owner: '1', sameValues: true, values1: { order: 2 }, values2: EMPTY },
    ],
    [
      'both separate swap',
      { owner: 'both', sameValues: false, values1: { order: 1 }, values2: { order: 2 } },
      { owner: 'both', sameValues: false, values1: { order: 2 }, values2: { order: 1 } },
    ],
    [
      'both same stays the same',
      { owner: 'both', sameValues: true, values1: { order: 1 }, values2: { order: 9 } },
      { owner: 'both', sameValues: true, values1: { order: 1 }, values2: { order: 1 } },
    ],
  ])('swapOwners (the legacy numbering from hash_id): %s', (_case, from, to) => {
    expect(swapOwners(from)).toEqual(to);
    expect(
      desiredPivots(swapOwners(from), couple)
        .map((p) => p.clientId)
        .sort(),
    ).toEqual(
      desiredPivots(from, couple)
        .map((p) => (p.clientId === 10 ? 20 : 10))
        .sort(),
    );
  });
});

describe("the household's people for linking", () => {
  const person = (hash: string, first: string, extra: Partial<PersonView> = {}): PersonView => ({
    hash,
    firstName: first,
    middleName: '',
    lastName: 'Doe',
    suffix: '',
    email: '',
    phone: '',
    dob: null,
    ssnLast4: null,
    ...extra,
  });
  const child = (p: PersonView, guardian: PersonView | null): ChildView => ({
    hash: `c-${p.hash}`,
    version: 1,
    owner: 'both',
    gender: null,
    person: p,
    guardian1: guardian && { hash: guardian.hash, firstName: guardian.firstName, middleName: '', lastName: 'Doe', suffix: '', email: '', phone: '' },
    guardian2: null,
    multiGuardianSpecifics: '',
  });

  it('lists everyone once with their lists; a guardian found on another list shows that record', () => {
    const morgan = person('m', 'Morgan', { dob: '1970-01-01' });
    const people = peopleOf({
      children: [child(person('k', 'Kid'), morgan), child(person('j', 'Jo'), morgan)],
      beneficiaries: [],
      trustees: [{ hash: 't', version: 1, owner: '1', person: morgan, order1: 1, order2: null }],
      agents: [
        {
          hash: 'a',
          version: 1,
          type: 'medical',
          owner: '1',
          person: person('k', 'Kid'),
          order1: 1,
          order2: null,
          service1: { isCollective: false, isIndependent: false },
          service2: null,
        },
      ],
    });
    expect(people.map((p) => [p.person.hash, p.lists])).toEqual([
      ['k', ['Child', 'Medical PoA']],
      ['m', ['Guardian', 'Successor Trustee']],
      ['j', ['Child']],
    ]);
    expect(people.find((p) => p.person.hash === 'm')!.person.dob).toBe('1970-01-01');
    expect(linkCandidates(people, 'trustee').map((p) => p.person.hash)).toEqual(['k', 'j']);
    expect(linkCandidates(people, 'child').map((p) => p.person.hash)).toEqual(['m']);
  });
});

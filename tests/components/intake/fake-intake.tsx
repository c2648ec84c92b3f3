import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { IntakeProvider } from '@/components/intake/intake-context';
import { CallProvider } from '@/components/ui/call-provider';
import * as actions from '@/lib/actions/intake';
import { isMinor } from '@/lib/format/date';
import type { ActionResult } from '@/lib/http/result';
import { completionOf } from '@/lib/intake/completion';
import type { Owner } from '@/lib/intake/owners';
import { peopleOf } from '@/lib/intake/people';
import type {
  AccountView,
  AgentView,
  CompanyView,
  GiftView,
  PropertyView,
  BeneficiaryTerms,
  BeneficiaryView,
  ChildView,
  ClientView,
  GuardianView,
  IntakeView,
  PersonView,
  PoaType,
  TrusteeView,
} from '@/lib/intake/types';
import {
  deleteAccountSchema,
  deleteCompanySchema,
  deleteGiftSchema,
  deletePropertySchema,
  saveNoteSchema,
  upsertAccountSchema,
  upsertCompanySchema,
  upsertGiftSchema,
  upsertPropertySchema,
} from '@/lib/validation/intake-assets';
import {
  deleteAgentSchema,
  deleteBeneficiarySchema,
  deleteChildSchema,
  deleteTrusteeSchema,
  ESTATE_PLAN_UPDATED,
  setHasChildrenSchema,
  setSpouseChoiceSchema,
  STALE_VERSION_MESSAGE,
  updateEstatePlanInfoSchema,
  updatePersonalInfoSchema,
  upsertAgentSchema,
  upsertBeneficiarySchema,
  upsertChildSchema,
  upsertTrusteeSchema,
} from '@/lib/validation/intake';
import type { BeneficiaryTermsInput, GuardianInput } from '@/lib/validation/intake';

/*
 * A household for the intake's component tests and a fake of the intake actions: each action parses its
 * input with the real schema (as the server door does), checks the version it was based on (409 with the
 * server's message when stale), applies the change to an in-memory IntakeView and answers the refreshed
 * view, with `people` and `completion` recomputed by the real pure rules.
 *
 * Test files mock the actions module (./actions-mock) and next/navigation themselves (jest.mock is hoisted):
 *
 *     jest.mock('@/lib/actions/intake', () => jest.requireActual('./actions-mock'));
 *     jest.mock('next/navigation', () => ({ useRouter: () => ({ refresh: jest.fn() }) }));
 */

let sequence = 0;
const nextHash = (prefix: string) => `${prefix}${++sequence}`;

export function person(overrides: Partial<PersonView> = {}): PersonView {
  return {
    hash: nextHash('p'),
    firstName: '',
    middleName: '',
    lastName: '',
    suffix: '',
    email: '',
    phone: '',
    dob: null,
    ssnLast4: null,
    version: 1,
    ...overrides,
  };
}

export function client(ownerNo: 1 | 2, overrides: Partial<ClientView> = {}): ClientView {
  return {
    hash: ownerNo === 1 ? 'client-pat' : 'client-sam',
    version: 1,
    ownerNo,
    person: person(ownerNo === 1 ? { firstName: 'Pat', lastName: 'Rivera', ssnLast4: '7890' } : { firstName: 'Sam', lastName: 'Rivera' }),
    loginEmail: ownerNo === 1 ? 'pat@example.test' : null,
    gender: null,
    residenceState: null,
    isUsCitizen: null,
    isReceivingMedicaid: null,
    hasMentalDisorder: null,
    wantsLifeSupport: null,
    wantsCremation: null,
    isOrganDonor: null,
    hasEstatePlan: null,
    estatePlanType: null,
    trustName: null,
    trustDate: null,
    trustTimesAmended: null,
    trustReplacementReason: null,
    isAssetsTrustOwned: null,
    trustGoverningState: null,
    intents: [null, null, null, null, null, null, null],
    trustIntentOther: null,
    isSpouseBeneficiary: null,
    isSpousePoa: { general: null, medical: null, financial: null },
    isTrustSubmitted: false,
    ...overrides,
  };
}

/** Every required answer of a client given (no current plan). */
export const ANSWERED: Partial<ClientView> = {
  residenceState: 'CA',
  isUsCitizen: true,
  isReceivingMedicaid: false,
  hasMentalDisorder: false,
  wantsLifeSupport: true,
  wantsCremation: false,
  isOrganDonor: true,
  hasEstatePlan: 'no',
  trustGoverningState: 'CA',
  intents: [true, true, false, true, false, true, false],
};

/** A guardian: a person without date of birth and SSN on the page. */
function asGuardian({ hash, firstName, middleName, lastName, suffix, email, phone, version }: PersonView): GuardianView {
  return { hash, firstName, middleName, lastName, suffix, email, phone, version };
}

export function guardian(overrides: Partial<GuardianView> = {}): GuardianView {
  return { ...asGuardian(person({ firstName: 'Quinn', lastName: 'Blake', phone: '5035550111', email: 'quinn@example.test' })), ...overrides };
}

export function child(overrides: Partial<ChildView> = {}): ChildView {
  return {
    hash: nextHash('child'),
    version: 1,
    owner: '1',
    gender: null,
    person: person({ firstName: 'Riley', lastName: 'Rivera', dob: '2014-09-02' }),
    guardian1: null,
    guardian2: null,
    multiGuardianSpecifics: '',
    ...overrides,
  };
}

export const terms = (tier: BeneficiaryTerms['tier'], sharePercent: string | null, more: Partial<BeneficiaryTerms> = {}): BeneficiaryTerms => ({
  tier,
  sharePercent,
  relationship: 'Child',
  isPerStirpes: false,
  omissionReason: null,
  ...more,
});

export function beneficiary(overrides: Partial<BeneficiaryView> = {}): BeneficiaryView {
  return {
    hash: nextHash('bene'),
    version: 1,
    owner: '1',
    type: 'person',
    person: person({ firstName: 'Avery', lastName: 'Rivera', dob: '2001-06-15', ssnLast4: '9012' }),
    entity: null,
    terms1: terms('primary', '100.00'),
    terms2: null,
    ...overrides,
  };
}

export function trustee(overrides: Partial<TrusteeView> = {}): TrusteeView {
  return {
    hash: nextHash('trustee'),
    version: 1,
    owner: '1',
    person: person({ firstName: 'Morgan', lastName: 'Ellis', phone: '4085550130', email: 'morgan@example.test' }),
    order1: 1,
    order2: null,
    ...overrides,
  };
}

export function agent(type: PoaType, overrides: Partial<AgentView> = {}): AgentView {
  return {
    hash: nextHash('agent'),
    version: 1,
    type,
    owner: '1',
    person: person({ firstName: 'Grace', lastName: 'Kim', phone: '6505550160', email: 'grace@example.test' }),
    order1: 1,
    order2: null,
    service1: { isCollective: false, isIndependent: false },
    service2: null,
    ...overrides,
  };
}

export function property(overrides: Partial<PropertyView> = {}): PropertyView {
  return {
    hash: nextHash('property'),
    version: 1,
    owner: '1',
    address: { hash: nextHash('address'), street: '12 Oak Lane', unit: '', city: 'San Jose', state: 'CA', zip: '95112', value: '850000.00' },
    purchaseMonth: 6,
    purchaseYear: 2012,
    isPrimary1: false,
    isPrimary2: false,
    ...overrides,
  };
}

export function company(overrides: Partial<CompanyView> = {}): CompanyView {
  return {
    hash: nextHash('company'),
    version: 1,
    owner: '1',
    name: 'Rivera Design Inc',
    type: 'corporation',
    address: null,
    terms1: { sharePercent: '60.00', stockShares: 600 },
    terms2: null,
    ...overrides,
  };
}

export function gift(overrides: Partial<GiftView> = {}): GiftView {
  return {
    hash: nextHash('gift'),
    version: 1,
    owner: '1',
    giftType: 'cash',
    beneficiaryHash: '',
    addressHash: null,
    cashAmount: '5000.00',
    specificItem: null,
    predeceaseDistribution: 'lapse',
    ...overrides,
  };
}

export function account(kind: AccountView['kind'], overrides: Partial<AccountView> = {}): AccountView {
  return {
    hash: nextHash('account'),
    version: 1,
    kind,
    owner: '1',
    company: 'Vanguard',
    type: kind === 'annuity' ? '' : 'Roth IRA',
    numberLast4: '7788',
    value: '45000.00',
    ...overrides,
  };
}

type Lists = Partial<
  Pick<
    IntakeView,
    | 'hasChildren'
    | 'children'
    | 'beneficiaries'
    | 'trustees'
    | 'agents'
    | 'showsFinancialPoa'
    | 'advisor'
    | 'latestPlan'
    | 'abilities'
    | 'properties'
    | 'companies'
    | 'gifts'
    | 'retirementAccounts'
    | 'brokerageAccounts'
    | 'bankAccounts'
    | 'annuityAccounts'
    | 'note'
  >
> & {
  client?: Partial<ClientView>;
  spouse?: Partial<ClientView> | null;
};

/** Recomputes what the server derives: the completion figures. */
export function finish(view: IntakeView): IntakeView {
  return { ...view, completion: completionOf(view, (c) => isMinor(c.person.dob) && !c.guardian1) };
}

/** A household: married unless `spouse: null`. */
export function household(lists: Lists = {}): IntakeView {
  const { client: clientOverrides, spouse: spouseOverrides = {}, ...rest } = lists;
  return finish({
    householdHash: 'household-1',
    client: client(1, clientOverrides),
    spouse: spouseOverrides === null ? null : client(2, spouseOverrides),
    showsFinancialPoa: true,
    advisor: null,
    latestPlan: {
      hash: 'plan-1',
      status: 'incomplete',
      statusLabel: 'In Progress',
      history: [{ statusLabel: 'In Progress', at: '2026-11-02T14:05:00.000Z', atText: '11/02/2026, 9:05 AM', by: 'Alice Morgan' }],
    },
    hasChildren: null,
    children: [],
    beneficiaries: [],
    trustees: [],
    agents: [],
    properties: [],
    companies: [],
    gifts: [],
    retirementAccounts: [],
    brokerageAccounts: [],
    bankAccounts: [],
    annuityAccounts: [],
    note: { hash: null, version: null, body: '' },
    completion: { sections: [], percent: 0 },
    abilities: { canEdit: true, canRevealIdentifiers: false, isLegal: false, isSubmitted: false, canSubmit: true },
    featureLock: { state: 'ok', unpaid: 0, max: 0 },
    ...rest,
  });
}

// ---------------------------------------------------------------------------------------------------------
// The fake server

type Result = Promise<ActionResult<IntakeView>>;
const stale = (): ActionResult<IntakeView> => ({ ok: false, status: 409, message: STALE_VERSION_MESSAGE });

const personFrom = (
  input: { first_name?: string; middle_name?: string; last_name?: string; suffix?: string; phone?: string; email?: string; dob?: string | null },
  base?: PersonView,
): PersonView => ({
  ...(base ?? person()),
  firstName: input.first_name ?? base?.firstName ?? '',
  middleName: input.middle_name ?? base?.middleName ?? '',
  lastName: input.last_name ?? base?.lastName ?? '',
  suffix: input.suffix ?? base?.suffix ?? '',
  phone: input.phone ?? base?.phone ?? '',
  email: input.email ?? base?.email ?? '',
  dob: input.dob === undefined ? (base?.dob ?? null) : input.dob,
  version: (base?.version ?? 0) + 1,
});

const termsFrom = (t: BeneficiaryTermsInput): BeneficiaryTerms => ({
  tier: (t.tier || null) as BeneficiaryTerms['tier'],
  sharePercent: t.tier === 'omitted' ? '0.00' : t.share_percent,
  relationship: t.relationship || null,
  isPerStirpes: t.tier === 'omitted' ? false : t.is_per_stirpes,
  omissionReason: t.tier === 'omitted' ? t.omission_reason || null : null,
});

/** Per-client values for an owner, as the server stores them (values2 = values1 with same values). */
function owned<V, R>(input: { owner: Owner; same_values: boolean; values1: V; values2: V }, map: (v: V) => R): [R | null, R | null] {
  const v2 = input.owner === 'both' && input.same_values ? input.values1 : input.values2;
  return [input.owner === '2' ? null : map(input.values1), input.owner === '1' ? null : map(v2)];
}

/** Installs the fake actions on the mocked module; returns the current view and the recorded inputs. */
export function fakeServer(initial: IntakeView) {
  let view = initial;
  const answer = (next: IntakeView): ActionResult<IntakeView> => {
    view = finish(next);
    return { ok: true, data: view };
  };
  const mock = <K extends keyof typeof actions>(name: K, run: (input: never) => ActionResult<IntakeView>, message?: string) => {
    const fn = jest.mocked(actions[name]) as unknown as jest.Mock<Result, [unknown]>;
    fn.mockReset();
    fn.mockImplementation(async (input: unknown) => {
      const result = run(input as never);
      return result.ok && message ? { ...result, message } : result;
    });
    return fn;
  };
  const guardianView = (g: GuardianInput | null): GuardianView | null => {
    if (!g) return null;
    const made = asGuardian(personFrom(g));
    return { ...made, hash: g.person_hash ?? made.hash };
  };
  const linked = (hash: string | undefined) => peopleOf(view).find((c) => c.person.hash === hash)?.person;

  mock('updatePersonalInfoAction', (raw) => {
    const input = updatePersonalInfoSchema.parse(raw);
    const target = view.client.hash === input.client_hash ? 'client' : 'spouse';
    const current = view[target]!;
    if (input.version !== current.version) return stale();
    const updated: ClientView = {
      ...current,
      version: current.version + 1,
      person: { ...personFrom(input, current.person), ssnLast4: input.ssn ? input.ssn.slice(-4) : current.person.ssnLast4 },
      gender: input.gender || null,
      residenceState: input.residence_state || null,
      isUsCitizen: input.is_us_citizen,
      isReceivingMedicaid: input.is_receiving_medicaid,
      hasMentalDisorder: input.has_mental_disorder,
      wantsLifeSupport: input.wants_life_support,
      wantsCremation: input.wants_cremation,
      isOrganDonor: input.is_organ_donor,
    };
    return answer({ ...view, [target]: updated });
  });

  mock(
    'updateEstatePlanInfoAction',
    (raw) => {
      const input = updateEstatePlanInfoSchema.parse(raw);
      const apply = (current: ClientView, a: NonNullable<typeof input.client2>): ClientView => {
        const trust = a.has_estate_plan === 'yes' && a.estate_plan_type === 'Trust';
        return {
          ...current,
          version: current.version + 1,
          hasEstatePlan: a.has_estate_plan,
          estatePlanType: a.has_estate_plan === 'yes' ? a.estate_plan_type || null : null,
          trustName: trust ? a.trust_name : null,
          trustDate: trust ? a.trust_date : null,
          trustTimesAmended: trust ? a.trust_times_amended : null,
          trustReplacementReason: trust ? a.trust_replacement_reason : null,
          isAssetsTrustOwned: trust ? a.is_assets_trust_owned : null,
          trustGoverningState: a.trust_governing_state || null,
          intents: [
            a.has_trust_intent_1,
            a.has_trust_intent_2,
            a.has_trust_intent_3,
            a.has_trust_intent_4,
            a.has_trust_intent_5,
            a.has_trust_intent_6,
            a.has_trust_intent_7,
          ],
          trustIntentOther: a.trust_intent_other || null,
        };
      };
      if (input.client1.version !== view.client.version || (view.spouse && input.client2?.version !== view.spouse.version)) return stale();
      return answer({
        ...view,
        client: apply(view.client, input.client1),
        spouse: view.spouse && input.client2 ? apply(view.spouse, input.client2) : view.spouse,
      });
    },
    ESTATE_PLAN_UPDATED,
  );

  mock('setSpouseChoiceAction', (raw) => {
    const input = setSpouseChoiceSchema.parse(raw);
    const target = view.client.hash === input.client_hash ? 'client' : 'spouse';
    const current = view[target]!;
    if (input.version !== current.version) return stale();
    const poa = { ...current.isSpousePoa };
    for (const type of ['general', 'medical', 'financial'] as const) {
      const value = input[`is_spouse_poa_${type}`];
      if (value !== undefined) poa[type] = value;
    }
    const updated: ClientView = {
      ...current,
      version: current.version + 1,
      isSpouseBeneficiary: input.is_spouse_beneficiary === undefined ? current.isSpouseBeneficiary : input.is_spouse_beneficiary,
      isSpousePoa: poa,
    };
    return answer({ ...view, [target]: updated });
  });

  mock('setHasChildrenAction', (raw) => {
    const input = setHasChildrenSchema.parse(raw);
    if (!input.has_children && view.children.length > 0) return { ok: false, status: 422, message: 'Children are listed in this section.' };
    return answer({ ...view, hasChildren: input.has_children });
  });

  mock('upsertChildAction', (raw) => {
    const input = upsertChildSchema.parse(raw);
    const stored = view.children.find((c) => c.hash === input.hash);
    if (stored && stored.version !== input.version) return stale();
    const minor = isMinor(input.dob);
    const next: ChildView = {
      hash: stored?.hash ?? nextHash('child'),
      version: (stored?.version ?? 0) + 1,
      owner: input.owner,
      gender: input.gender || null,
      person: personFrom(input, stored?.person ?? linked(input.existing_person_hash)),
      guardian1: minor ? guardianView(input.guardian1) : null,
      guardian2: minor ? guardianView(input.guardian2) : null,
      multiGuardianSpecifics: input.multi_guardian_specifics,
    };
    // As upsertChild: a new child answers 'Do you have any children?' with Yes.
    return answer({
      ...view,
      hasChildren: stored ? view.hasChildren : true,
      children: stored ? view.children.map((c) => (c === stored ? next : c)) : [...view.children, next],
    });
  });
  mock('deleteChildAction', (raw) => {
    const input = deleteChildSchema.parse(raw);
    const stored = view.children.find((c) => c.hash === input.hash);
    if (!stored || stored.version !== input.version) return stale();
    return answer({ ...view, children: view.children.filter((c) => c !== stored) });
  });

  mock('upsertBeneficiaryAction', (raw) => {
    const input = upsertBeneficiarySchema.parse(raw);
    const stored = view.beneficiaries.find((b) => b.hash === input.hash);
    if (stored && stored.version !== input.version) return stale();
    const trust = input.type === 'entity' && input.is_trust;
    const [terms1, terms2] = owned(input, (t) => ({ ...termsFrom(t), relationship: trust ? 'Trust' : t.relationship || null }));
    const next: BeneficiaryView = {
      hash: stored?.hash ?? nextHash('bene'),
      version: (stored?.version ?? 0) + 1,
      owner: input.owner,
      type: input.type,
      person: input.type === 'person' ? personFrom(input, stored?.person ?? linked(input.existing_person_hash)) : null,
      entity:
        input.type === 'entity'
          ? {
              name: input.name,
              identifierKind: input.identifier_kind || null,
              identifierLast4: input.identifier ? input.identifier.slice(-4) : (stored?.entity?.identifierLast4 ?? null),
              date: input.date,
              isTrust: input.is_trust,
            }
          : null,
      terms1,
      terms2,
    };
    return answer({ ...view, beneficiaries: stored ? view.beneficiaries.map((b) => (b === stored ? next : b)) : [...view.beneficiaries, next] });
  });
  mock('deleteBeneficiaryAction', (raw) => {
    const input = deleteBeneficiarySchema.parse(raw);
    const stored = view.beneficiaries.find((b) => b.hash === input.hash);
    if (!stored || stored.version !== input.version) return stale();
    return answer({ ...view, beneficiaries: view.beneficiaries.filter((b) => b !== stored) });
  });

  mock('upsertTrusteeAction', (raw) => {
    const input = upsertTrusteeSchema.parse(raw);
    const stored = view.trustees.find((t) => t.hash === input.hash);
    if (stored && stored.version !== input.version) return stale();
    const [order1, order2] = owned(input, (v) => v.order);
    const next: TrusteeView = {
      hash: stored?.hash ?? nextHash('trustee'),
      version: (stored?.version ?? 0) + 1,
      owner: input.owner,
      person: personFrom(input, stored?.person ?? linked(input.existing_person_hash)),
      order1,
      order2,
    };
    return answer({ ...view, trustees: stored ? view.trustees.map((t) => (t === stored ? next : t)) : [...view.trustees, next] });
  });
  mock('deleteTrusteeAction', (raw) => {
    const input = deleteTrusteeSchema.parse(raw);
    const stored = view.trustees.find((t) => t.hash === input.hash);
    if (!stored || stored.version !== input.version) return stale();
    return answer({ ...view, trustees: view.trustees.filter((t) => t !== stored) });
  });

  mock('upsertAgentAction', (raw) => {
    const input = upsertAgentSchema.parse(raw);
    const stored = view.agents.find((a) => a.hash === input.hash && a.type === input.type);
    if (stored && stored.version !== input.version) return stale();
    const [order1, order2] = owned(input, (v) => v.order);
    // As upsertAgent: a service sent is the client's whole list's (of this type); not sent, it is kept.
    const [sent1, sent2] = owned(input, (v) =>
      v.is_collective === undefined ? null : { isCollective: v.is_collective, isIndependent: v.is_collective && Boolean(v.is_independent) },
    );
    const order = { isCollective: false, isIndependent: false };
    const next: AgentView = {
      hash: stored?.hash ?? nextHash('agent'),
      version: (stored?.version ?? 0) + 1,
      type: input.type,
      owner: input.owner,
      person: personFrom(input, stored?.person ?? linked(input.existing_person_hash)),
      order1,
      order2,
      service1: input.owner === '2' ? null : (sent1 ?? stored?.service1 ?? order),
      service2: input.owner === '1' ? null : (sent2 ?? stored?.service2 ?? order),
    };
    const listed = (stored ? view.agents.map((a) => (a === stored ? next : a)) : [...view.agents, next]).map((a) =>
      a.type !== input.type ? a : { ...a, service1: a.service1 && (sent1 ?? a.service1), service2: a.service2 && (sent2 ?? a.service2) },
    );
    return answer({ ...view, agents: listed });
  });
  mock('deleteAgentAction', (raw) => {
    const input = deleteAgentSchema.parse(raw);
    const stored = view.agents.find((a) => a.hash === input.hash && a.type === input.type);
    if (!stored || stored.version !== input.version) return stale();
    return answer({ ...view, agents: view.agents.filter((a) => a !== stored) });
  });

  // Sections 7-14 ------------------------------------------------------------------------------------
  mock('upsertPropertyAction', (raw) => {
    const input = upsertPropertySchema.parse(raw);
    const stored = view.properties.find((p) => p.hash === input.hash);
    if (stored && stored.version !== input.version) return stale();
    const isPrimary1 = input.is_primary1 && input.owner !== '2';
    const isPrimary2 = input.is_primary2 && input.owner !== '1';
    const next: PropertyView = {
      hash: stored?.hash ?? nextHash('property'),
      version: (stored?.version ?? 0) + 1,
      owner: input.owner,
      address: {
        hash: stored?.address.hash ?? nextHash('address'),
        street: input.street,
        unit: input.unit,
        city: input.city,
        state: input.state,
        zip: input.zip,
        value: input.value,
      },
      purchaseMonth: input.purchase_month,
      purchaseYear: input.purchase_year,
      isPrimary1,
      isPrimary2,
    };
    const others = view.properties.map((p) =>
      p === stored ? next : { ...p, isPrimary1: p.isPrimary1 && !isPrimary1, isPrimary2: p.isPrimary2 && !isPrimary2 },
    );
    return answer({ ...view, properties: stored ? others : [...others, next] });
  });
  mock('deletePropertyAction', (raw) => {
    const input = deletePropertySchema.parse(raw);
    const stored = view.properties.find((p) => p.hash === input.hash);
    if (!stored || stored.version !== input.version) return stale();
    return answer({ ...view, properties: view.properties.filter((p) => p !== stored) });
  });
  mock('upsertCompanyAction', (raw) => {
    const input = upsertCompanySchema.parse(raw);
    const stored = view.companies.find((c) => c.hash === input.hash);
    if (stored && stored.version !== input.version) return stale();
    const [terms1, terms2] = owned(input, (t) => ({ sharePercent: t.share_percent, stockShares: input.type === 'corporation' ? t.stock_shares : null }));
    const hasAddress = [input.street, input.unit, input.city, input.state, input.zip].some(Boolean) || input.value !== null;
    const next: CompanyView = {
      hash: stored?.hash ?? nextHash('company'),
      version: (stored?.version ?? 0) + 1,
      owner: input.owner,
      name: input.name,
      type: input.type,
      address: hasAddress
        ? { hash: nextHash('address'), street: input.street, unit: input.unit, city: input.city, state: input.state, zip: input.zip, value: input.value }
        : null,
      terms1,
      terms2,
    };
    return answer({ ...view, companies: stored ? view.companies.map((c) => (c === stored ? next : c)) : [...view.companies, next] });
  });
  mock('deleteCompanyAction', (raw) => {
    const input = deleteCompanySchema.parse(raw);
    const stored = view.companies.find((c) => c.hash === input.hash);
    if (!stored || stored.version !== input.version) return stale();
    return answer({ ...view, companies: view.companies.filter((c) => c !== stored) });
  });
  mock('upsertGiftAction', (raw) => {
    const input = upsertGiftSchema.parse(raw);
    const stored = view.gifts.find((g) => g.hash === input.hash);
    if (stored && stored.version !== input.version) return stale();
    const next: GiftView = {
      hash: stored?.hash ?? nextHash('gift'),
      version: (stored?.version ?? 0) + 1,
      owner: input.owner,
      giftType: input.gift_type,
      beneficiaryHash: input.beneficiary_hash!,
      addressHash: input.gift_type === 'property' ? input.address_hash! : null,
      cashAmount: input.gift_type === 'cash' ? input.cash_amount : null,
      specificItem: input.gift_type === 'item' ? input.specific_item : null,
      predeceaseDistribution: input.predecease_distribution,
    };
    return answer({ ...view, gifts: stored ? view.gifts.map((g) => (g === stored ? next : g)) : [...view.gifts, next] });
  });
  mock('deleteGiftAction', (raw) => {
    const input = deleteGiftSchema.parse(raw);
    const stored = view.gifts.find((g) => g.hash === input.hash);
    if (!stored || stored.version !== input.version) return stale();
    return answer({ ...view, gifts: view.gifts.filter((g) => g !== stored) });
  });
  const accountList = { retirement: 'retirementAccounts', brokerage: 'brokerageAccounts', bank: 'bankAccounts', annuity: 'annuityAccounts' } as const;
  mock('upsertAccountAction', (raw) => {
    const input = upsertAccountSchema.parse(raw);
    const list = accountList[input.kind];
    const stored = view[list].find((a) => a.hash === input.hash);
    if (stored && stored.version !== input.version) return stale();
    const alnum = input.number.replace(/[^\p{L}\p{N}]/gu, '');
    const next: AccountView = {
      hash: stored?.hash ?? nextHash('account'),
      version: (stored?.version ?? 0) + 1,
      kind: input.kind,
      owner: input.owner,
      company: input.company,
      type: input.kind === 'annuity' ? '' : input.type,
      numberLast4: alnum ? alnum.slice(-4) : (stored?.numberLast4 ?? null),
      value: input.value,
    };
    return answer({ ...view, [list]: stored ? view[list].map((a) => (a === stored ? next : a)) : [...view[list], next] });
  });
  mock('deleteAccountAction', (raw) => {
    const input = deleteAccountSchema.parse(raw);
    const list = accountList[input.kind];
    const stored = view[list].find((a) => a.hash === input.hash);
    if (!stored || stored.version !== input.version) return stale();
    return answer({ ...view, [list]: view[list].filter((a) => a !== stored) });
  });
  mock('saveNoteAction', (raw) => {
    const input = saveNoteSchema.parse(raw);
    if ((view.note.version ?? undefined) !== input.version) return stale();
    return answer({ ...view, note: { hash: view.note.hash ?? nextHash('note'), version: (view.note.version ?? 0) + 1, body: input.body } });
  });

  return {
    /** The view as the fake server holds it now. */
    current: () => view,
    /** Someone else saves meanwhile: the record's version moves on, so the page's next save is stale. */
    bump: (list: 'children' | 'beneficiaries' | 'trustees' | 'agents', hash: string) => {
      view = { ...view, [list]: (view[list] as { hash: string; version: number }[]).map((r) => (r.hash === hash ? { ...r, version: r.version + 1 } : r)) };
    },
    /** The inputs the action received, parsed as the server parses them. */
    inputsOf: (name: keyof typeof actions) => (jest.mocked(actions[name]) as unknown as jest.Mock).mock.calls.map(([input]) => input),
  };
}

/** Renders intake content (a section, or the whole screen) for a household, with the fake server. */
export function renderIntake(view: IntakeView, content: ReactNode) {
  const server = fakeServer(view);
  const user = userEvent.setup();
  const utils = render(
    <CallProvider>
      <IntakeProvider initial={view}>{content}</IntakeProvider>
    </CallProvider>,
  );
  return { user, server, ...utils };
}

import { isMinor } from '@/lib/format/date';
import { completionOf } from '@/lib/intake/completion';
import type {
  AccountView,
  AgentView,
  BeneficiaryTerms,
  BeneficiaryView,
  ChildView,
  ClientView,
  CompanyView,
  GiftView,
  GuardianView,
  IntakeView,
  PersonView,
  PoaType,
  PropertyView,
  TrusteeView,
} from '@/lib/intake/types';

/*
 * The households of the intake's component tests: a builder per view record with plausible defaults, and
 * `household` for the whole IntakeView. The fake server (./fake-lists.ts, ./fake-intake.tsx) saves over them.
 */

let sequence = 0;
/** A fresh public hash (`child7`); the fake server's creates take theirs from the same sequence. */
export const nextHash = (prefix: string) => `${prefix}${++sequence}`;

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
export function asGuardian({ hash, firstName, middleName, lastName, suffix, email, phone, version }: PersonView): GuardianView {
  return { hash, firstName, middleName, lastName, suffix, email, phone, version };
}

export function guardian(overrides: Partial<GuardianView> = {}): GuardianView {
  return { ...asGuardian(person({ firstName: 'Quinn', lastName: 'Blake', phone: '5035550111', email: 'quinn@example.test' })), ...overrides };
}

/** A list section's record: a fresh hash, version 1, client 1's. */
const record = (prefix: string) => ({ hash: nextHash(prefix), version: 1, owner: '1' as const });

export function child(overrides: Partial<ChildView> = {}): ChildView {
  return {
    ...record('child'),
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
    ...record('bene'),
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
    ...record('trustee'),
    person: person({ firstName: 'Morgan', lastName: 'Ellis', phone: '4085550130', email: 'morgan@example.test' }),
    order1: 1,
    order2: null,
    ...overrides,
  };
}

export function agent(type: PoaType, overrides: Partial<AgentView> = {}): AgentView {
  return {
    ...record('agent'),
    type,
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
    ...record('property'),
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
    ...record('company'),
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
    ...record('gift'),
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
    ...record('account'),
    kind,
    company: 'Vanguard',
    type: kind === 'annuity' ? '' : 'Roth IRA',
    numberLast4: '7788',
    value: '45000.00',
    ...overrides,
  };
}

/** What a test may give a household: everything but the derived figures, with overrides of the clients. */
type Lists = Partial<Omit<IntakeView, 'householdHash' | 'client' | 'spouse' | 'completion' | 'featureLock'>> & {
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

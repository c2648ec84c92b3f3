/*
 * The intake as the client-info page sees it: one load of a household (lib/intake/load/) gives this
 * view, server components render it and client components edit it through the intake actions
 * (lib/actions/intake.ts), which answer with the refreshed view. Plain, serialisable data: public hashes,
 * never internal ids, and never an unmasked SSN or identifier (only their last four; admins and attorneys
 * fetch a full value on demand through the reveal action of the review page).
 *
 * The compatibility routes answer the spec's own shape instead; lib/legacy/ maps this view onto it.
 */
import type { AdvisorLock } from '@/lib/billing/lock';
import type { Owner } from './owners';
import type { BENEFICIARY_TIERS, COMPANY_TYPES, IDENTIFIER_KINDS, POA_TYPES } from '@/lib/validation/lists';

export type Tier = (typeof BENEFICIARY_TIERS)[number];
export type PoaType = (typeof POA_TYPES)[number];
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];
export type Gender = 'male' | 'female';
export type YesNo = 'yes' | 'no';
export type CompanyType = (typeof COMPANY_TYPES)[number];
export type GiftType = 'property' | 'cash' | 'item';
export type PredeceaseDistribution = 'bloodline' | 'equally' | 'lapse';
/** The four account sections (10-13) share one table and one view; annuities have no type. */
export type AccountKind = 'retirement' | 'brokerage' | 'bank' | 'annuity';

/** Name and contact of anyone on a list (children, beneficiaries, trustees, agents, guardians). */
export type PersonView = {
  /** The person's public hash: the same person may stand on several lists (linking). */
  hash: string;
  firstName: string;
  middleName: string;
  lastName: string;
  suffix: string;
  email: string;
  phone: string;
  /** ISO date (YYYY-MM-DD) or null. */
  dob: string | null;
  /** Last four digits of the SSN, for the masked display XXX-XX-1234; null when none is stored. */
  ssnLast4: string | null;
  /**
   * The person row's version (always filled by the loader). A save that writes the person's fields sends
   * it as `person_version`: one person may stand on several lists, and an edit through another list in
   * between answers 409 instead of being overwritten.
   */
  version?: number;
};

/** A client's answers on the client-info page (section 1 and 2, and the per-client Yes/No choices). */
export type ClientView = {
  hash: string;
  version: number;
  /** 1 for the household's client, 2 for the spouse. */
  ownerNo: 1 | 2;
  person: PersonView;
  /** The login email when the client has an account (read-only on the page). */
  loginEmail: string | null;
  gender: Gender | null;
  residenceState: string | null;
  isUsCitizen: boolean | null;
  isReceivingMedicaid: boolean | null;
  hasMentalDisorder: boolean | null;
  wantsLifeSupport: boolean | null;
  wantsCremation: boolean | null;
  isOrganDonor: boolean | null;
  hasEstatePlan: YesNo | null;
  /** 'Trust', 'Will' or the free-text other type (at most 25 characters). */
  estatePlanType: string | null;
  trustName: string | null;
  trustDate: string | null;
  trustTimesAmended: number | null;
  trustReplacementReason: string | null;
  isAssetsTrustOwned: YesNo | null;
  /** The state that governs the new trust (intent 1 is chosen after it). */
  trustGoverningState: string | null;
  /** has_trust_intent_1 … 7, in order (6 and 7 count only with a spouse). */
  intents: [boolean | null, boolean | null, boolean | null, boolean | null, boolean | null, boolean | null, boolean | null];
  trustIntentOther: string | null;
  isSpouseBeneficiary: boolean | null;
  isSpousePoa: Record<PoaType, boolean | null>;
  isTrustSubmitted: boolean;
};

export type GuardianView = Omit<PersonView, 'dob' | 'ssnLast4'>;

export type ChildView = {
  hash: string;
  version: number;
  owner: Owner;
  gender: Gender | null;
  person: PersonView;
  guardian1: GuardianView | null;
  guardian2: GuardianView | null;
  multiGuardianSpecifics: string;
};

/** One client's terms for a beneficiary (the pivot row). */
export type BeneficiaryTerms = {
  tier: Tier | null;
  /** Decimal string with two decimals ("33.33"), or null when not given. */
  sharePercent: string | null;
  relationship: string | null;
  isPerStirpes: boolean;
  omissionReason: string | null;
};

export type BeneficiaryView = {
  hash: string;
  version: number;
  owner: Owner;
  type: 'person' | 'entity';
  /** For a person beneficiary. */
  person: PersonView | null;
  /** For an entity beneficiary (a trust, charity, company). */
  entity: { name: string; identifierKind: IdentifierKind | null; identifierLast4: string | null; date: string | null; isTrust: boolean } | null;
  /** The client's and the spouse's terms; null for the one who does not own it. */
  terms1: BeneficiaryTerms | null;
  terms2: BeneficiaryTerms | null;
};

export type TrusteeView = {
  hash: string;
  version: number;
  owner: Owner;
  person: PersonView;
  /** Serve order for the client and for the spouse (null where not an owner). */
  order1: number | null;
  order2: number | null;
};

/**
 * How a client's agents of one power-of-attorney type serve (intake §2): in the order listed, or together as
 * co-agents (collective), optionally each able to act alone (independent, only with collective). A choice of
 * the client's whole list of that type, kept on each of its pivots (docs/decisions.md, co-agents).
 */
export type AgentService = { isCollective: boolean; isIndependent: boolean };

/** An agent under one power-of-attorney type (an agent serving several types appears once per type). */
export type AgentView = {
  hash: string;
  version: number;
  type: PoaType;
  owner: Owner;
  person: PersonView;
  order1: number | null;
  order2: number | null;
  /** How the client's and the spouse's agents of this type serve (null where not an owner). */
  service1: AgentService | null;
  service2: AgentService | null;
};

/** A person already on one of the household's lists, offered by 'Link from existing record?'. */
export type LinkCandidate = {
  person: PersonView;
  /** Where the person stands today, e.g. ['Child', 'Beneficiary']. */
  lists: string[];
};

export type SectionKey =
  | 'personal'
  | 'estatePlan'
  | 'children'
  | 'beneficiaries'
  | 'trustees'
  | 'poas'
  | 'properties'
  | 'companies'
  | 'gifts'
  | 'retirementAccounts'
  | 'brokerageAccounts'
  | 'bankAccounts'
  | 'annuityAccounts'
  | 'notes';

// Assets (sections 7-14) ----------------------------------------------------------------------------------
// Money (values, cash amounts) travels as decimal strings with two decimals ("350000.00"), read into big.js
// for sums (lib/money.ts), never into floats.

/** The postal address (with a value) of a property or a company; gifts of real estate point at it. */
export type AddressView = {
  /** The address's public hash (a real-estate gift's hash_id_address). */
  hash: string;
  street: string;
  unit: string;
  city: string;
  /** Two-letter state code, or '' when not given. */
  state: string;
  /** Five digits, or '' when not given. */
  zip: string;
  value: string | null;
};

/** Section 7: a property; each owner's pivot says whether it is that owner's primary residence. */
export type PropertyView = {
  hash: string;
  version: number;
  owner: Owner;
  address: AddressView;
  /** 1-12 or null (optional). */
  purchaseMonth: number | null;
  purchaseYear: number | null;
  /** Primary residence of the client / of the spouse (false where not an owner). */
  isPrimary1: boolean;
  isPrimary2: boolean;
};

/** One owner's stake in a company (the pivot row). Stock shares only for corporations, else null. */
export type CompanyTerms = {
  /** Decimal string with two decimals, or null when not given. */
  sharePercent: string | null;
  stockShares: number | null;
};

/** Section 8: a company. */
export type CompanyView = {
  hash: string;
  version: number;
  owner: Owner;
  name: string;
  type: CompanyType | null;
  address: AddressView | null;
  terms1: CompanyTerms | null;
  terms2: CompanyTerms | null;
};

/** Section 9: a specific gift; its type says which of property, cash amount and item it uses. */
export type GiftView = {
  hash: string;
  version: number;
  owner: Owner;
  giftType: GiftType;
  /** The receiving beneficiary's public hash (one of IntakeView.beneficiaries). */
  beneficiaryHash: string;
  /** For a real-estate gift: the property's address hash (one of IntakeView.properties[].address). */
  addressHash: string | null;
  cashAmount: string | null;
  specificItem: string | null;
  predeceaseDistribution: PredeceaseDistribution | null;
};

/** Sections 10-13: an account. The number is never sent whole: only its last four letters or digits. */
export type AccountView = {
  hash: string;
  version: number;
  kind: AccountKind;
  owner: Owner;
  company: string;
  /** '' for annuities (no type). */
  type: string;
  /** The last four letters or digits, for the masked display (••••1234); null when none is stored. */
  numberLast4: string | null;
  value: string | null;
};

/** Section 14: the household's one note to the attorney (hash and version null until first saved). */
export type NoteView = { hash: string | null; version: number | null; body: string };

/** A section's state for the navigation and the completion figure. */
export type SectionState = {
  key: SectionKey;
  title: string;
  state: 'complete' | 'incomplete' | 'empty';
  /** Unanswered required questions in the section (0 when complete). */
  unanswered: number;
  /**
   * When incomplete because of a rule rather than a question, what is wrong ('Percentages do not total
   * 100%', '1 minor without a guardian', '1 gift to fix'); the navigation says it instead of the count.
   */
  problem: string | null;
};

export type Completion = {
  sections: SectionState[];
  /** Answered required questions ÷ required questions, 0..100, whole percent. */
  percent: number;
};

/** What the viewer may do on the page (decided on the server; the page only hides what is refused). */
export type IntakeAbilities = {
  canEdit: boolean;
  /** Admins and attorneys: reveal full SSNs and identifiers on the review page. */
  canRevealIdentifiers: boolean;
  /** Attorneys and admins: change the plan status; attorneys open a submitted trust on review. */
  isLegal: boolean;
  /**
   * The trust has been submitted for attorney review: from then on only attorneys and admins may edit
   * (canEdit is false for everyone else, and the server refuses their saves with 403).
   */
  isSubmitted?: boolean;
  /** The household and its advisory team, and admins: submit the trust for attorney review (not attorneys). */
  canSubmit?: boolean;
};

/** One change of the latest plan's status, oldest first: what it became, when (ISO and as shown) and by whom. */
export type PlanStatusChange = { statusLabel: string; at: string; atText: string; by: string };

/** Who a household contacts with questions: owner 1's advisor (name, e-mail, phone digits or ''). */
export type AdvisorContact = { name: string; email: string; phone: string };

export type IntakeView = {
  householdHash: string;
  client: ClientView;
  spouse: ClientView | null;
  /** Owner 1's advisor, or null for a household without one (the what-happens-next panel's contact). */
  advisor: AdvisorContact | null;
  /** The advisor's first firm decides firm-specific rules (the financial PoA block for apsi / alpha 1). */
  showsFinancialPoa: boolean;
  latestPlan: { hash: string; status: string; statusLabel: string; history: PlanStatusChange[] } | null;
  /**
   * The household's answer to 'Do you have any children?' (owner 1's clients.has_children): null
   * unanswered, true once a child was added or Yes chosen, false for an explicit No (which, with no child
   * listed, completes the Children section).
   */
  hasChildren: boolean | null;
  children: ChildView[];
  beneficiaries: BeneficiaryView[];
  trustees: TrusteeView[];
  agents: AgentView[];
  properties: PropertyView[];
  companies: CompanyView[];
  gifts: GiftView[];
  retirementAccounts: AccountView[];
  brokerageAccounts: AccountView[];
  bankAccounts: AccountView[];
  annuityAccounts: AccountView[];
  note: NoteView;
  completion: Completion;
  abilities: IntakeAbilities;
  /** The household's advisor's features lock for this viewer (platform §4): the page shows the message
   * instead of the intake when locked, and a warning one invoice before. */
  featureLock: AdvisorLock;
};

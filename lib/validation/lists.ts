import type { GIFT_TYPE_CODES, PREDECEASE_CODES, StateCode } from '@/db/schema/enums';

/*
 * The spec's fixed lists (shared/spec/intake.md §3 "Lists", platform.md §3 and §9), written once. Forms,
 * schemas and the review page read them from here; spellings are the product's own (including "Neice" and
 * "Checkings"). The lists the database enforces (states, genders, tiers, PoA types, identifier kinds,
 * company types, gift types ...) are db/schema/enums.ts's: the validation imports them from there.
 */
export { BENEFICIARY_TIERS, COMPANY_TYPES, GENDERS, IDENTIFIER_KINDS, POA_TYPES, STATE_CODES } from '@/db/schema/enums';

/** Who owns an intake item: the household's client (1), the spouse (2), or both (lib/intake/owners.ts). */
export const OWNERS = ['1', '2', 'both'] as const;
export type Owner = (typeof OWNERS)[number];

/** The names of the states, territories and DC of db/schema/enums.ts STATE_CODES, by code. */
export const US_STATES: Readonly<Record<StateCode, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  PR: 'Puerto Rico',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VI: 'Virgin Islands',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

/** Name suffixes (blank is offered separately by each form). */
export const SUFFIXES = ['Jr.', 'Sr.', 'I', 'II', 'III', 'IV'] as const;

/** Beneficiary relationships; Other switches to free text. */
export const RELATIONSHIPS = [
  'Spouse',
  'Child',
  'Step-Child',
  'Grandchild',
  'Great Grandchild',
  'Sibling',
  'Step-Sibling',
  'Parent',
  'Grandparent',
  'Cousin',
  'Uncle',
  'Aunt',
  'Neice',
  'Nephew',
  'Grandneice',
  'Grandnephew',
  'Great Grandneice',
  'Great Grandnephew',
  'Friend',
  'Other',
] as const;
/** The relationship an entity marked as a trust always has. */
export const TRUST_RELATIONSHIP = 'Trust';

export const BANK_COMPANIES = [
  'JPMorgan Chase',
  'Bank of America',
  'Citigroup',
  'Wells Fargo',
  'U.S. Bancorp',
  'Truist Bank',
  'PNC Financial Services',
  'Goldman Sachs',
  'Capital One Financial',
  'TD Group US Holdings',
  'Bank of New York Mellon',
  'State Street',
  'BMO Harris',
  'First Republic Bank',
  'Other',
] as const;

export const BANK_ACCOUNT_TYPES = ['Checkings', 'Savings', 'Money Market Account', 'Certificate of Deposit', 'Other'] as const;

export const BROKERAGE_ACCOUNT_TYPES = ['Individual', 'Joint', 'Trust', 'LLC', 'LLP', 'UGMA', 'UTMA', 'JT TEN', 'JTWROS', 'Other'] as const;

export const RETIREMENT_ACCOUNT_TYPES = [
  'Traditional IRA',
  'Roth IRA',
  'Individual 401(k)',
  'Individual Roth 401(k)',
  'Traditional Beneficiary IRA',
  'Roth Beneficiary IRA',
  'Minor Traditional IRA',
  'Minor Roth IRA',
  'Minor Traditional Beneficiary IRA',
  'Minor Roth Beneficiary IRA',
  'SEP IRA',
  'SIMPLE IRA',
  'Coverdell',
  'Other',
] as const;

/** Gift types (db/schema/enums.ts GIFT_TYPE_CODES) and their labels. */
export const GIFT_TYPES: Readonly<Record<(typeof GIFT_TYPE_CODES)[number], string>> = { property: 'Real Estate', cash: 'Cash Amount', item: 'Specific Item' };

/** What happens to a gift when its beneficiary dies first (db/schema/enums.ts PREDECEASE_CODES), in words. */
export const PREDECEASE_DISTRIBUTIONS: Readonly<Record<(typeof PREDECEASE_CODES)[number], string>> = {
  bloodline: "Distributed to That Beneficiary's Living Issue",
  equally: 'Distributed Equally to Remaining Living Beneficiaries',
  lapse: 'The gift is not made; the property goes to the residue',
};

/** The value every "choose from a list or type your own" field uses for its free-text switch. */
export const OTHER = 'Other';

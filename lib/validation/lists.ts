/*
 * The spec's fixed lists (shared/spec/intake.md §3 "Lists", platform.md §3 and §9), written once. Forms,
 * schemas, the database's CHECK constraints and the review page all read them from here; spellings are the
 * product's own (including "Neice" and "Checkings").
 */

/** The 50 states plus DC, Puerto Rico and the Virgin Islands, keyed by their two-letter code. */
export const US_STATES = {
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
} as const;
export type StateCode = keyof typeof US_STATES;
export const STATE_CODES = Object.keys(US_STATES) as StateCode[];

/** Name suffixes (blank is offered separately by each form). */
export const SUFFIXES = ['Jr.', 'Sr.', 'I', 'II', 'III', 'IV'] as const;

export const GENDERS = ['male', 'female'] as const;

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

/** Company types (stored lowercase, as the spec names them). */
export const COMPANY_TYPES = ['corporation', 'partnership', 'limited liability company', 'sole proprietorship'] as const;

/** Gift types and their labels. */
export const GIFT_TYPES = { property: 'Real Estate', cash: 'Cash Amount', item: 'Specific Item' } as const;

/** What happens to a gift when its beneficiary dies first. */
export const PREDECEASE_DISTRIBUTIONS = {
  bloodline: "Distributed to That Beneficiary's Living Issue",
  equally: 'Distributed Equally to Remaining Living Beneficiaries',
  lapse: 'The gift is not made; the property goes to the residue',
} as const;

export const BENEFICIARY_TIERS = ['primary', 'contingent', 'tertiary', 'omitted'] as const;

/** Power-of-attorney types, lowercase as stored and sent. */
export const POA_TYPES = ['general', 'medical', 'financial'] as const;

/** The kind of an entity beneficiary's identifier. */
export const IDENTIFIER_KINDS = ['ssn', 'tin', 'ein'] as const;

/** Bank account types for payments (not the intake's bank account list). */
export const PAYMENT_BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;

/** The value every "choose from a list or type your own" field uses for its free-text switch. */
export const OTHER = 'Other';

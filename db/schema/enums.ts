/*
 * The value lists the database enforces (its enums and CHECK lists), owned here: the tables use them, and
 * the validation (lib/validation/lists.ts), the forms and the domain import them from here, never the other
 * way round (db/ imports nothing from lib/). Plain arrays with no imports, so client components may read
 * them too. Labels, where a list shows any, live with the forms.
 */

/** The 50 states plus DC, Puerto Rico and the Virgin Islands, by two-letter code (names: lib/validation/lists.ts US_STATES). */
export const STATE_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'PR',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VI',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
export type StateCode = (typeof STATE_CODES)[number];

export const GENDERS = ['male', 'female'] as const;
export const YES_NO = ['yes', 'no'] as const;

export const BENEFICIARY_TYPES = ['person', 'entity'] as const;
export const BENEFICIARY_TIERS = ['primary', 'contingent', 'tertiary', 'omitted'] as const;
/** Power-of-attorney types, lowercase as stored and sent. */
export const POA_TYPES = ['general', 'medical', 'financial'] as const;
/** The kind of an entity beneficiary's identifier: a social security, taxpayer or employer identification number. */
export const IDENTIFIER_KINDS = ['ssn', 'tin', 'ein'] as const;

/** Company types (stored lowercase, as the spec names them). */
export const COMPANY_TYPES = ['corporation', 'partnership', 'limited liability company', 'sole proprietorship'] as const;
export const GIFT_TYPE_CODES = ['property', 'cash', 'item'] as const;
/** What happens to a gift when its beneficiary dies first. */
export const PREDECEASE_CODES = ['bloodline', 'equally', 'lapse'] as const;
export const ACCOUNT_KINDS = ['retirement', 'brokerage', 'bank', 'annuity'] as const;

/** The spec's 12 estate plan status codes in workflow order; labels live in lib/estate-plans/statuses.ts. */
export const ESTATE_PLAN_STATUS_CODES = [
  'incomplete',
  'unpaid',
  'paid partial',
  'paid',
  'signed',
  'sent',
  'preparing',
  'hold',
  'awaiting',
  'finalizing',
  'canceled',
  'complete',
] as const;
export const ESTATE_PLAN_TYPES = ['trust'] as const;

export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
/** pending: an eCheck submitted and not settled yet (settled by the polling job, lib/billing/jobs/settle-payments.ts). */
export const PAYMENT_STATUSES = ['succeeded', 'failed', 'refunded', 'pending'] as const;
export const PAYMENT_METHOD_KINDS = ['card', 'bank'] as const;
/** Bank account types for payments (not the intake's bank account list). */
export const PAYMENT_BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
/** What a mailed secret is: a link (set a password, confirm an e-mail, join) or a temporary password. */
export const MAIL_SECRET_KINDS = ['link', 'password'] as const;
/**
 * Why a mail's secret is no longer stored: delivered by SMTP, used, made useless by a newer one (or by the
 * password it would replace changing), expired, never deliverable, or cleared when stored mail stopped
 * keeping secrets (migration 0013).
 */
export const MAIL_SECRET_REMOVALS = ['sent', 'used', 'replaced', 'expired', 'failed', 'cleared'] as const;

/**
 * What a notification is about (lib/notifications/kinds.ts says who receives each, whether it can be switched
 * off and how Settings names it). Stored as text with a check: a new kind is a migration.
 */
export const NOTIFICATION_KINDS = [
  'plan-status',
  'document-uploaded',
  'payment',
  'trust-submitted',
  'client-paid',
  'client-joined',
  'invoice-due',
  'autopay-failed',
  'intake-reminder',
  'advisor-digest',
  'funding-reminder',
  'security',
] as const;
/** The ways a notification may reach its user besides the bell: e-mail now, others later. */
export const NOTIFICATION_CHANNELS = ['email'] as const;

/** A funding task's state (lib/funding, issue 30). Stored as text with a check. */
export const FUNDING_STATUSES = ['not-started', 'in-progress', 'done', 'not-needed'] as const;
/** What a funding task moves into the trust: an asset kind of the intake (lib/funding/steps.ts says how). */
export const FUNDING_KINDS = ['real-estate', 'bank', 'brokerage', 'retirement', 'annuity', 'company', 'gift'] as const;

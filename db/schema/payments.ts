import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bankAccountTypeEnum, paymentMethodKindEnum, paymentMethods } from './billing';
import { users } from './people';
import { createdAt, inList, updatedAt } from './columns';

/** What a payment attempt pays for; part of its unique key. */
export const PAYMENT_PURPOSES = ['trust_fee', 'setup_charge', 'advisor_balance', 'auto_pay', 'annual_charge'] as const;
export const PAYMENT_GATEWAYS = ['sandbox', 'lawpay'] as const;
export const SANDBOX_CHARGE_STATUSES = ['authorized', 'completed', 'pending', 'failed', 'voided'] as const;

/**
 * created: written, the gateway not yet answered (or the server stopped meanwhile); succeeded: charged;
 * pending: an eCheck submitted, not settled; failed: refused, nothing charged; unclear: the answer was lost
 * and the charge has not been found by its reference yet.
 */
export const paymentAttemptStateEnum = pgEnum('payment_attempt_state', ['created', 'succeeded', 'failed', 'pending', 'unclear']);

/**
 * One row per charge sent to a gateway, written BEFORE the gateway is called (lib/payments/attempts.ts).
 * Its unique key (purpose, subject, attempt) makes a double click, a retry or a second tab the same
 * attempt; its `reference` is the gateway's `reference`, by which a charge whose answer was lost is found.
 * Of the method only the summary is kept: brand or bank name, last four, expiry.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    purpose: text('purpose').notNull(),
    // The records paid for, canonical (lib/payments/attempts.ts subjectKey): 'plan:12', 'invoices:3,5,9'.
    subject: text('subject').notNull(),
    attempt: integer('attempt').notNull(),
    state: paymentAttemptStateEnum('state').notNull().default('created'),
    gateway: text('gateway').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    methodKind: paymentMethodKindEnum('method_kind').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    bankAccountType: bankAccountTypeEnum('bank_account_type'),
    chargeId: text('charge_id'),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // When the attempt left 'created'/'unclear' for an answer.
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    // Who paid, from where, and for whose account ('client:12', 'advisor:3'): the decline limits count by
    // each (lib/payments/decline-limit.ts); the receipt of a charge recorded later goes to the payer.
    payerUserId: integer('payer_user_id').references(() => users.id, { onDelete: 'set null' }),
    payerIp: text('payer_ip'),
    payerAccount: text('payer_account'),
    // The stored method charged (auto-pay, the annual charge), for the payment row written from the attempt.
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('payment_attempts_key_unique').on(t.purpose, t.subject, t.attempt),
    uniqueIndex('payment_attempts_charge_unique').on(t.gateway, t.chargeId),
    // The jobs' work list: pending eCheck to poll, unclear answers to look up.
    index('payment_attempts_open_idx')
      .on(t.state, t.updatedAt)
      .where(sql`${t.state} in ('created', 'pending', 'unclear')`),
    // The decline limits' look-back (the last hour's attempts).
    index('payment_attempts_created_idx').on(t.createdAt),
    check('payment_attempts_purpose_check', inList(t.purpose, PAYMENT_PURPOSES)),
    check('payment_attempts_gateway_check', inList(t.gateway, PAYMENT_GATEWAYS)),
    check('payment_attempts_attempt_check', sql`${t.attempt} >= 1`),
    check('payment_attempts_amount_check', sql`${t.amount} > 0`),
    check('payment_attempts_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

/**
 * What a payment attempt holds while it is in flight or after it took the money (lib/payments/claims.ts):
 * one row per thing paid for ('invoice:7', 'plan:12' for a plan's trust fee, an annual charge's period),
 * pointing at the attempt that claimed it. A thing is claimed in a committed transaction before the gateway
 * is called; another payer finds the claim and follows that attempt instead of charging. Only a failed
 * attempt (refused, returned, or never made) leaves its things free to be claimed again.
 */
export const paymentClaims = pgTable(
  'payment_claims',
  {
    thing: text('thing').primaryKey(),
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_claims_attempt_idx').on(t.attemptId)],
);

/**
 * The sandbox gateway's own books (lib/payments/sandbox-gateway.ts): what a real gateway keeps on its side,
 * here in the app's database so that every server sees the same charges and they survive restarts.
 */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: text('id').primaryKey(),
    reference: text('reference'),
    // The merchant account charged: 'card' or 'ach'.
    account: text('account').notNull(),
    status: text('status').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    amountRefunded: numeric('amount_refunded', { precision: 12, scale: 2 }).notNull().default('0'),
    methodKind: paymentMethodKindEnum('method_kind').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    bankAccountType: bankAccountTypeEnum('bank_account_type'),
    // When an authorized card charge is captured, or a pending eCheck settles (seen by the next getCharge).
    settlesAt: timestamp('settles_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_charges_reference_idx').on(t.reference),
    check('sandbox_charges_account_check', inList(t.account, ['card', 'ach'])),
    check('sandbox_charges_status_check', inList(t.status, SANDBOX_CHARGE_STATUSES)),
    check('sandbox_charges_amount_check', sql`${t.amount} > 0 and ${t.amountRefunded} >= 0 and ${t.amountRefunded} <= ${t.amount}`),
  ],
);

/**
 * The sandbox's stored cards and bank accounts: the token and the summary, plus the test behaviour the
 * number had (`decline_code`, null when it approves). Never the number.
 */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  id: text('id').primaryKey(),
  kind: paymentMethodKindEnum('kind').notNull(),
  brand: text('brand'),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  bankAccountType: bankAccountTypeEnum('bank_account_type'),
  declineCode: text('decline_code'),
  removedAt: timestamp('removed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export type PaymentAttempt = typeof paymentAttempts.$inferSelect;
export type PaymentClaim = typeof paymentClaims.$inferSelect;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { advisors } from './advisory';
import { clients } from './clients';
import { createdAt, hashColumn, updatedAt } from './columns';
import { INVOICE_STATUSES, PAYMENT_BANK_ACCOUNT_TYPES, PAYMENT_METHOD_KINDS, PAYMENT_STATUSES } from './enums';
import { estatePlans } from './plans';
import { users } from './people';

export const invoiceStatusEnum = pgEnum('invoice_status', INVOICE_STATUSES);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
export const paymentMethodKindEnum = pgEnum('payment_method_kind', PAYMENT_METHOD_KINDS);
export const bankAccountTypeEnum = pgEnum('bank_account_type', PAYMENT_BANK_ACCOUNT_TYPES);

/**
 * A client the advisor invited by email. Sent becomes Joined once the invitee has an account. `client_id` is
 * the client record the advisor created for the invitee, which the invitee takes over on joining.
 */
export const invites = pgTable(
  'invites',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    advisorId: integer('advisor_id')
      .notNull()
      .references(() => advisors.id, { onDelete: 'cascade' }),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    joinedUserId: integer('joined_user_id').references(() => users.id),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    // SHA-256 of the token in the latest e-mail's join link (the token itself is never stored); a resend
    // replaces it.
    tokenHash: text('token_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    // The card's page order (sent_at desc, id desc): a page is read in the index's order, no sort of the book.
    index('invites_advisor_idx').on(t.advisorId, t.sentAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('invites_email_idx').on(t.clientEmail),
    index('invites_client_idx').on(t.clientId),
    uniqueIndex('invites_token_hash_unique').on(t.tokenHash),
  ],
);

/** What an advisor owes for a client's plan; open invoices count toward the features lock. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    advisorId: integer('advisor_id')
      .notNull()
      .references(() => advisors.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    estatePlanId: integer('estate_plan_id').references(() => estatePlans.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    amountPaid: numeric('amount_paid', { precision: 12, scale: 2 }).notNull().default('0'),
    status: invoiceStatusEnum('status').notNull().default('open'),
    // The payment that paid it (its receipt), set with the payment (lib/billing/attempt-books.ts); cleared
    // when a returned eCheck opens the invoice again.
    paymentId: integer('payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
    // When a paid invoice was paid, for the invoice history's order and index (issue 32): the paying
    // payment's time, else the invoice's last change; null unless paid. Kept by the trigger
    // invoices_paid_at (migration list_indexes) on every write, so no writer sets it.
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The open invoices' page, oldest first (the features lock counts the same entries).
    index('invoices_advisor_status_created_idx').on(t.advisorId, t.status, t.createdAt, t.id),
    // The invoice history's page, newest paid first.
    index('invoices_advisor_paid_idx')
      .on(t.advisorId, t.paidAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'paid'`),
  ],
);

/**
 * A gateway token standing for a card or bank account. Only brand and last four are kept: the card number
 * and CVV never reach the database or the logs.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    advisorId: integer('advisor_id').references(() => advisors.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    token: text('token').notNull(),
    kind: paymentMethodKindEnum('kind').notNull(),
    // Checking or savings, for bank accounts only.
    bankAccountType: bankAccountTypeEnum('bank_account_type'),
    brand: text('brand'),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_methods_advisor_idx').on(t.advisorId),
    index('payment_methods_client_idx').on(t.clientId),
    check('payment_methods_bank_account_type_check', sql`(${t.kind} = 'bank') = (${t.bankAccountType} is not null)`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    advisorId: integer('advisor_id').references(() => advisors.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    estatePlanId: integer('estate_plan_id').references(() => estatePlans.id, { onDelete: 'set null' }),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    gateway: text('gateway').notNull(),
    chargeType: text('charge_type').notNull(),
    methodKind: paymentMethodKindEnum('method_kind').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    gatewayReference: text('gateway_reference'),
    status: paymentStatusEnum('status').notNull(),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_advisor_idx').on(t.advisorId),
    index('payments_plan_idx').on(t.estatePlanId),
    // One payment per charge: the attempt's reference (lib/payments/attempts.ts) is the gateway reference, so
    // a duplicate request that follows the first one's attempt records nothing twice.
    uniqueIndex('payments_gateway_reference_unique').on(t.gateway, t.gatewayReference),
  ],
);

/**
 * Annual recurring charges for amendments and revisions, starting one year after payment. The annual job
 * charges a row whose `next_charge_on` has come, once per period (the attempt's key names the row and the
 * period), then moves `next_charge_on` a year on.
 */
export const recurringCharges = pgTable('recurring_charges', {
  id: serial('id').primaryKey(),
  hash: hashColumn(),
  paymentMethodId: integer('payment_method_id')
    .notNull()
    .references(() => paymentMethods.id, { onDelete: 'cascade' }),
  estatePlanId: integer('estate_plan_id').references(() => estatePlans.id, { onDelete: 'cascade' }),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  nextChargeOn: timestamp('next_charge_on', { withTimezone: true }).notNull(),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type Invite = typeof invites.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type PaymentMethod = typeof paymentMethods.$inferSelect;

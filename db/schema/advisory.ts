import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, hashColumn, updatedAt } from './columns';
import { users } from './people';

export const firms = pgTable('firms', {
  id: serial('id').primaryKey(),
  hash: hashColumn(),
  name: text('name').notNull(),
  // The firm's advisors must sign in with a second factor (issue 31), set by a firm supervisor or an admin.
  requiresSecondFactor: boolean('requires_second_factor').notNull().default(false),
  createdAt: createdAt(),
});

/** The advisor side of a user: fee waiving, invoice limit and auto-pay. */
export const advisors = pgTable(
  'advisors',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    isWaivingFee: boolean('is_waiving_fee').notNull().default(false),
    // Features lock when the advisor's open invoices reach this count.
    maxInvoices: integer('max_invoices').notNull().default(3),
    isAutoPay: boolean('is_auto_pay').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('advisors_user_idx').on(t.userId)],
);

/** Firm membership; `position` orders an advisor's firms (the first firm drives firm-specific rules). */
export const advisorFirms = pgTable(
  'advisor_firms',
  {
    advisorId: integer('advisor_id')
      .notNull()
      .references(() => advisors.id, { onDelete: 'cascade' }),
    firmId: integer('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.advisorId, t.firmId] }), index('advisor_firms_firm_idx').on(t.firmId)],
);

/** Staff users (advisory, not advisors) and the advisors they work for. */
export const staffAdvisors = pgTable(
  'staff_advisors',
  {
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    advisorId: integer('advisor_id')
      .notNull()
      .references(() => advisors.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.staffUserId, t.advisorId] }), index('staff_advisors_advisor_idx').on(t.advisorId)],
);

export type Firm = typeof firms.$inferSelect;
export type Advisor = typeof advisors.$inferSelect;

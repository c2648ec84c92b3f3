import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, pgEnum, pgTable, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { clients, households } from './clients';
import { createdAt, hashColumn, updatedAt } from './columns';
import { ESTATE_PLAN_TYPES } from './enums';
import { estatePlanStatusEnum } from './plan-status';
import { users } from './people';

export { estatePlanStatusEnum };
export const estatePlanTypeEnum = pgEnum('estate_plan_type', ESTATE_PLAN_TYPES);

/**
 * A household's estate plan, attached to its owner 1 (a foreign key to `households.owner1_client_id`, which
 * moves the plan along when owner 1 changes). The latest plan is the current one. `submitted_*` say when the
 * trust was submitted for attorney review, by which user, and which admin was acting as that user.
 */
export const estatePlans = pgTable(
  'estate_plans',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    type: estatePlanTypeEnum('type').notNull().default('trust'),
    status: estatePlanStatusEnum('status').notNull().default('incomplete'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedByUserId: integer('submitted_by_user_id').references(() => users.id),
    submittedByImpersonatorUserId: integer('submitted_by_impersonator_user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('estate_plans_client_idx').on(t.clientId, t.createdAt),
    foreignKey({ name: 'estate_plans_household_owner1_fk', columns: [t.clientId], foreignColumns: [households.owner1ClientId] })
      .onDelete('cascade')
      .onUpdate('cascade'),
    check('estate_plans_submitted_by_check', sql`${t.submittedByUserId} is null or ${t.submittedAt} is not null`),
    check('estate_plans_submitted_impersonator_check', sql`${t.submittedByImpersonatorUserId} is null or ${t.submittedByUserId} is not null`),
  ],
);

/**
 * The Agreement and Receipt acknowledgements: which client acknowledged which of its three statements for
 * which plan. The user who clicked is recorded beside the client, since an advisor may click for a client
 * (and an admin may be acting as that user), with the time, address and browser of the request.
 */
export const planConsents = pgTable(
  'plan_consents',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    estatePlanId: integer('estate_plan_id')
      .notNull()
      .references(() => estatePlans.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    statement: smallint('statement').notNull(),
    acknowledgedByUserId: integer('acknowledged_by_user_id')
      .notNull()
      .references(() => users.id),
    impersonatorUserId: integer('impersonator_user_id').references(() => users.id),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    unique('plan_consents_plan_client_statement_unique').on(t.estatePlanId, t.clientId, t.statement),
    index('plan_consents_client_idx').on(t.clientId),
    check('plan_consents_statement_check', sql`${t.statement} between 1 and 3`),
  ],
);

/** Every status change, who made it and when: the attorney workflow's history. */
export const estatePlanStatusChanges = pgTable(
  'estate_plan_status_changes',
  {
    id: serial('id').primaryKey(),
    estatePlanId: integer('estate_plan_id')
      .notNull()
      .references(() => estatePlans.id, { onDelete: 'cascade' }),
    fromStatus: estatePlanStatusEnum('from_status'),
    toStatus: estatePlanStatusEnum('to_status').notNull(),
    changedByUserId: integer('changed_by_user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('estate_plan_status_changes_plan_idx').on(t.estatePlanId)],
);

/** A document on a plan. `createdByUserId` null means the System made it (such files can't be deleted). */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    estatePlanId: integer('estate_plan_id')
      .notNull()
      .references(() => estatePlans.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    // 'local' or 'uploadthing', and the key within that store.
    storage: text('storage').notNull().default('local'),
    storageKey: text('storage_key').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // A plan's documents newest first: the documents page reads each plan's entries in this order (issue 32).
  (t) => [index('files_plan_created_idx').on(t.estatePlanId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

export type EstatePlan = typeof estatePlans.$inferSelect;
export type PlanConsent = typeof planConsents.$inferSelect;
export type EstatePlanStatus = (typeof estatePlanStatusEnum.enumValues)[number];
export type FileRow = typeof files.$inferSelect;

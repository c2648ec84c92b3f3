import { bigint, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, hashColumn, updatedAt } from './columns';
import { users } from './people';

/** The spec's 12 estate plan status codes; labels live in lib/estate-plans/statuses.ts. */
export const estatePlanStatusEnum = pgEnum('estate_plan_status', [
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
]);
export const estatePlanTypeEnum = pgEnum('estate_plan_type', ['trust']);

/** A household's estate plan, attached to its first client. The latest plan is the current one. */
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('estate_plans_client_idx').on(t.clientId, t.createdAt)],
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
  (t) => [index('files_plan_idx').on(t.estatePlanId)],
);

export type EstatePlan = typeof estatePlans.$inferSelect;
export type EstatePlanStatus = (typeof estatePlanStatusEnum.enumValues)[number];
export type FileRow = typeof files.$inferSelect;

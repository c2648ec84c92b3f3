import { check, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, hashColumn, inList, versionColumn } from './columns';
import { FUNDING_KINDS, FUNDING_STATUSES } from './enums';
import { households } from './clients';
import { users } from './people';

/**
 * The household's funding tasks (lib/funding, issue 30): one per asset the trust must take in, made when the
 * plan reaches Being Finalized and kept in step with the intake after. `taskKey` names the asset (its kind
 * and public hash: `bank:<hash>`), so a task survives the asset's edits and is found again if it returns.
 * `title` and `value` are the asset's description when last synchronised (the task outlives a deleted asset).
 */
export const fundingTasks = pgTable(
  'funding_tasks',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    householdId: integer('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    taskKey: text('task_key').notNull(),
    kind: text('kind').notNull(),
    /** '1', '2' or 'both', as the asset's owner. */
    owner: text('owner').notNull(),
    title: text('title').notNull(),
    value: numeric('value', { precision: 14, scale: 2 }),
    status: text('status').notNull().default('not-started'),
    /** Why a task is not needed (a person's words, or the tracker's when the asset left the intake). */
    reason: text('reason'),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    version: versionColumn('funding_tasks'),
  },
  (t) => [
    // One mark per asset of a household; also the household's index (its tasks are read together).
    uniqueIndex('funding_tasks_household_key_unique').on(t.householdId, t.taskKey),
    check('funding_tasks_status_check', inList(t.status, FUNDING_STATUSES)),
    check('funding_tasks_kind_check', inList(t.kind, FUNDING_KINDS)),
    check('funding_tasks_owner_check', inList(t.owner, ['1', '2', 'both'])),
  ],
);

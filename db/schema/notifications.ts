import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, hashColumn, inList } from './columns';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from './enums';
import { users } from './people';

/**
 * One user's notice of one event (lib/notifications): what the bell lists and what its e-mail is sent from.
 * `eventKey` names the event (`plan-status:<history row id>` …); one row per event and user, so an event
 * raised twice (a retried request, a redelivered job, a second server) notifies each user once. `emailedAt`
 * is claimed by the one job that sends its mail (or decides not to: `emailSkipped` says why).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    eventKey: text('event_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The page to open, a path of this app ('/client-info/…'). */
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    emailSkipped: text('email_skipped'),
  },
  (t) => [
    uniqueIndex('notifications_event_user_unique').on(t.eventKey, t.userId),
    // The bell: a user's newest first, and the unread count.
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check('notifications_kind_check', inList(t.kind, NOTIFICATION_KINDS)),
  ],
);

/** A user's choice for one kind and channel; no row: the kind's default (on). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.channel] }),
    check('notification_preferences_kind_check', inList(t.kind, NOTIFICATION_KINDS)),
    check('notification_preferences_channel_check', inList(t.channel, NOTIFICATION_CHANNELS)),
  ],
);

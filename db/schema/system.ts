import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, hashColumn } from './columns';
import { users } from './people';

export const mailStatusEnum = pgEnum('mail_status', ['queued', 'sent', 'failed']);

/** Who did what to which record, and who was really at the keyboard during an impersonation. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    impersonatorUserId: integer('impersonator_user_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: integer('target_id'),
    // The client address (lib/http/request.ts) and browser of the request that made the change.
    ip: text('ip'),
    userAgent: text('user_agent'),
    meta: jsonb('meta'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorUserId),
    // Recent entries of one kind (the sign-up brake counts the last hour's 'client.signup' per address).
    index('audit_log_action_created_idx').on(t.action, t.createdAt),
    index('audit_log_action_ip_created_idx').on(t.action, t.ip, t.createdAt),
  ],
);

/** Every outgoing mail. Without SMTP configured it stays here, readable by admins in the app. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body'),
    status: mailStatusEnum('status').notNull().default('queued'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

export type AuditEntry = typeof auditLog.$inferSelect;
export type Mail = typeof mailOutbox.$inferSelect;

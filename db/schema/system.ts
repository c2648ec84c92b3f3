import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, hashColumn, inList } from './columns';
import { MAIL_SECRET_KINDS, MAIL_SECRET_REMOVALS, MAIL_STATUSES } from './enums';
import { users } from './people';

export const mailStatusEnum = pgEnum('mail_status', MAIL_STATUSES);

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
    // The household the row is about, set in the row's INSERT (lib/kernel/audit.ts: the caller's, else the
    // SQL function audit_household of migration 0018 from the target): a household's activity reads it. No
    // foreign key: the log outlives a deleted household. Null for staff-side rows (firms, advisors, staff).
    householdId: integer('household_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // A household's activity, newest first, paged by id (lib/activity/household-activity.ts).
    index('audit_log_household_idx').on(t.householdId, t.id.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_idx').on(t.actorUserId),
    // Recent entries of one kind (the sign-up brake counts the last hour's 'client.signup' per address).
    index('audit_log_action_created_idx').on(t.action, t.createdAt),
    index('audit_log_action_ip_created_idx').on(t.action, t.ip, t.createdAt),
  ],
);

/**
 * Every outgoing mail. Without SMTP configured it stays here, readable by admins in the app. A mail that
 * carries a secret (a link that sets a password, confirms an e-mail or joins an invitation, or a temporary
 * password) keeps it apart from the body, encrypted, until it is sent, used, replaced or expired; the body
 * holds a placeholder where it goes (lib/mail/mail-secrets.ts).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body'),
    /** Extra headers the mail goes with (List-Unsubscribe …), as name → value. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: mailStatusEnum('status').notNull().default('queued'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    // 'link' or 'password' when the body has a secret's placeholder; null for a mail without one.
    secretKind: text('secret_kind'),
    // The secret, AES-256-GCM at its place (lib/crypto.ts); null once it is no longer stored.
    secretCipher: text('secret_cipher'),
    // The account the secret opens: only its owner may read it (lib/kernel/policy.ts); null for an invitation.
    secretUserId: integer('secret_user_id').references(() => users.id, { onDelete: 'set null' }),
    // What ends it, e.g. `password-link:<user id>` (lib/mail/mail-secrets.ts dropMailSecrets).
    secretRef: text('secret_ref'),
    // When it stops working; null: when it is used or replaced.
    secretExpiresAt: timestamp('secret_expires_at', { withTimezone: true }),
    // Why it is no longer stored (MAIL_SECRET_REMOVALS); null while it is.
    secretRemoved: text('secret_removed'),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    // The stored secrets a use, a replacement or the expiry job ends.
    index('mail_outbox_secret_ref_idx')
      .on(t.secretRef)
      .where(sql`${t.secretCipher} is not null`),
    index('mail_outbox_secret_expires_idx')
      .on(t.secretExpiresAt)
      .where(sql`${t.secretCipher} is not null`),
    check('mail_outbox_secret_kind_check', inList(t.secretKind, MAIL_SECRET_KINDS)),
    check('mail_outbox_secret_removed_check', inList(t.secretRemoved, MAIL_SECRET_REMOVALS)),
  ],
);

/**
 * Creates that must happen once (lib/idempotency.ts): a user's key (a form's key per dialog, or the
 * fingerprint of an identical compatibility call) claimed inside the create's transaction, so a duplicate
 * sent at the same time waits on the primary key and then finds the claim. A row stands until
 * `expires_at`; after it the key may be claimed again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * One row on a database that serves real users: written when migrations run with APP_ENV=production
 * (`npm run db:migrate`, or a server's start-up), never removed by the app, so the database itself says what
 * it is whatever a later shell's environment forgets. Demo data, whose accounts share one password that
 * signs in as an admin, is refused where it is (lib/startup/production.ts).
 */
export const productionMark = pgTable(
  'production_mark',
  {
    // Always true: the primary key allows one row.
    id: boolean('id').primaryKey().default(true),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('production_mark_single_row', sql`${t.id}`)],
);

export type AuditEntry = typeof auditLog.$inferSelect;
export type Mail = typeof mailOutbox.$inferSelect;

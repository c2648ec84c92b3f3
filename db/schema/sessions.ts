import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './people';

/**
 * Signed-in sessions, one row per sign-in (and per impersonation). The session token names its row by a
 * random id; a token whose row is missing, revoked or past its end signs nobody in, so logging out ends
 * that session on the server, not only in the browser (docs/decisions.md, "Audit fixes: sessions ...").
 */
export const sessions = pgTable(
  'sessions',
  {
    // 32 random bytes, base64url: only ever inside the encrypted session token.
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    // The admin acting as this user, for an impersonation's session; null for the user's own sign-in.
    impersonatorUserId: integer('impersonator_user_id').references(() => users.id),
    createdAt: createdAt(),
    // The session's absolute end (the token's `abs`): nothing renews it.
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // When a request last came with this session (Settings → Security), written at most every few minutes
    // (lib/auth/session-rows.ts SEEN_EVERY_SECONDS) so a busy session costs no write per request.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    // When this session passed a second step (an authenticator code or a recovery code); null for a sign-in
    // without one. Sensitive steps ask for a recent one (issue 31).
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    // Near where the sign-in came from, when a trusted proxy tells it (lib/http/request.ts clientPlace; issue 31).
    place: text('place'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A requested change of a user's sign-in email, waiting for the link sent to the new address. Only the
 * SHA-256 of the link's token is stored; the row is used once (confirmed_at) and ends at expires_at.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    // The address it will replace, as it was when the change was asked for (the notices go there).
    oldEmail: text('old_email').notNull(),
    // Stored trimmed and lower-cased, as users.email.
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('email_changes_token_unique').on(t.tokenHash), index('email_changes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Links that let a user choose a password: 'set' for an account an admin created (72 hours), 'reset' for a
 * forgotten password or a temporary one just used (1 hour). Only the SHA-256 of the link's random token is
 * stored; a row is used once (used_at) and ends at expires_at (lib/auth/password-tokens.ts).
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_tokens_token_unique').on(t.tokenHash), index('password_tokens_user_idx').on(t.userId, t.createdAt)],
);

export type PasswordToken = typeof passwordTokens.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type EmailChange = typeof emailChanges.$inferSelect;

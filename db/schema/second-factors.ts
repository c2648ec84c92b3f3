import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, hashColumn } from './columns';
import { users } from './people';

/**
 * A user's authenticator app (TOTP, RFC 6238; lib/auth/second-factor, issue 31). The shared secret is
 * encrypted at rest like an SSN (lib/crypto.ts, listed in lib/encrypted-columns.ts for key rotation). A row
 * without `confirmedAt` is an enrolment begun in Settings and not yet confirmed with a code: it signs nobody
 * in. `lastStep` is the 30-second step of the last code accepted: a code is used once, and an older one is
 * refused (replay).
 */
export const totpFactors = pgTable(
  'totp_factors',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretCipher: text('secret_cipher').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastStep: integer('last_step'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('totp_factors_user_unique').on(t.userId)],
);

/**
 * One-time recovery codes, ten per enrolment, shown once: only their SHA-256 is kept (each code carries 50
 * random bits, so a fast hash is enough; the second step's brake limits guessing anyway). `usedAt` spends one.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_code_unique').on(t.userId, t.codeHash), index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * A user's passkeys (WebAuthn, lib/auth/passkeys, issue 31): each signs in alone (both factors) and counts as
 * the user's second factor. `credentialId` (base64url) is what the browser names it by; `publicKey` the
 * COSE public key (base64url; public, so not encrypted); `counter` the authenticator's signature counter
 * (a number that only grows for authenticators that keep one; 0 for the many that do not). `hash` names it
 * in Settings; the numeric id stays on the server.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('passkeys_credential_unique').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * The challenges of passkey ceremonies in progress (lib/auth/passkeys/challenges.ts): only the SHA-256 of
 * the random challenge is kept, with what it is for ('register' or 'sign-in') and, when known, whose it is.
 * A challenge is spent by deleting its row (one statement: two servers cannot both spend it) and is good
 * for five minutes.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The address an anonymous sign-in prompt was issued to (counted against it); null for the others. */
    ip: text('ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt), index('webauthn_challenges_ip_idx').on(t.ip, t.expiresAt)],
);

export type TotpFactor = typeof totpFactors.$inferSelect;
export type Passkey = typeof passkeys.$inferSelect;

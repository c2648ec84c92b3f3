import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

export type TotpFactor = typeof totpFactors.$inferSelect;

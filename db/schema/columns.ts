import { sql } from 'drizzle-orm';
import { text, timestamp } from 'drizzle-orm/pg-core';
import { randomBytes } from 'node:crypto';

/** A random, URL-safe public id: 16 bytes of entropy, so hashes can't be guessed or enumerated. */
export function newHash(): string {
  return randomBytes(16).toString('base64url');
}

/** The public id column every browser-visible row carries. */
export const hashColumn = () => text('hash').notNull().unique().$defaultFn(newHash);

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => sql`now()`);

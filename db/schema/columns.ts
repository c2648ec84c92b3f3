import { sql, type SQL } from 'drizzle-orm';
import { check, integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { randomBytes } from 'node:crypto';

/** A random, URL-safe public id: 16 bytes of entropy, so hashes can't be guessed or enumerated. */
export function newHash(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The shape of every public hash (newHash's base64url, and the seed's readable ones). An address of any
 * other shape names nothing, and is never sent to the database (a NUL in it would fail there as a 500).
 */
export const HASH_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/** The public id column every browser-visible row carries. */
export const hashColumn = () => text('hash').notNull().unique().$defaultFn(newHash);

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => sql`now()`);

/**
 * The row version for optimistic concurrency (docs/data-model.md, "Row versions"): 1 on insert, and every
 * drizzle update of the row adds 1 unless the update sets it itself. Writers that saw version N update with
 * `where id = ? and version = N`; no row updated means someone saved in between (409). The table name
 * qualifies the column so an `update ... from` another versioned table stays unambiguous.
 */
export const versionColumn = (table: string) =>
  integer('version')
    .notNull()
    .default(1)
    .$onUpdateFn(() => sql.raw(`"${table}"."version" + 1`));

/**
 * `column in ('A', 'B', ...)` with the values written into the SQL, for CHECK constraints (drizzle-kit writes
 * a check's SQL as it renders, so the values cannot be parameters). A null column passes, as in any CHECK.
 */
export function inList(column: AnyPgColumn, values: readonly string[]): SQL {
  const literals = values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(literals)})`;
}

/** A share of an estate or a company: 0 to 100 (two decimals come from the column's numeric(5,2)). */
export const percentCheck = (name: string, column: AnyPgColumn) => check(name, sql`${column} between 0 and 100`);

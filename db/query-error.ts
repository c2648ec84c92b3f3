import { DrizzleQueryError } from 'drizzle-orm';
import { PgPreparedQuery } from 'drizzle-orm/pg-core';

/*
 * A failed statement must never put the values bound to it into a log (issue 18, item 12): they are trust
 * names, dates, notes, e-mail addresses. drizzle's DrizzleQueryError spells them out in its message
 * (`params: ...`) and keeps them on `params`; PostgreSQL's error adds them to `detail` ("Failing row contains
 * (...)", "Key (email)=(...) already exists"), `where` ("unnamed portal parameter $1 = '...'") and, for bad
 * input, to its message ('invalid input syntax for type integer: "..."'). Whatever logs the error (the doors,
 * Next for a failed page, a job), it is replaced where it is thrown by a QueryError: the statement's text
 * (values are parameters there), PostgreSQL's code and the fields that name things (constraint, table,
 * column), and its message with quoted values blanked out.
 */

/** PostgreSQL's error fields that name things in the schema, never values. */
const NAMING_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'] as const;
type DatabaseFields = Partial<Record<(typeof NAMING_FIELDS)[number], string>>;

/** PostgreSQL's side of a failed statement, without the values: its message (quoted values blanked) and naming fields. */
export class DatabaseError extends Error implements DatabaseFields {
  declare code?: string;
  declare severity?: string;
  declare constraint?: string;
  declare table?: string;
  declare column?: string;
  declare schema?: string;
  declare dataType?: string;
  declare routine?: string;

  constructor(message: string, fields: DatabaseFields) {
    super(message);
    this.name = 'DatabaseError';
    Object.assign(this, fields);
    // The driver's frames (PGlite's thread, the pg protocol parser) say nothing about the app's code.
    this.stack = `${this.name}: ${message}`;
  }
}

/** A statement that failed: its text and PostgreSQL's error (`cause`, with `code`), never its parameters. */
export class QueryError extends Error {
  readonly query: string;
  declare readonly cause: DatabaseError;

  constructor(query: string, cause: DatabaseError, stack?: string) {
    super(`Failed query: ${query}\n${cause.code ?? 'no code'}: ${cause.message}`, { cause });
    this.name = 'QueryError';
    this.query = query;
    // Keep where the statement was sent from: the frames of drizzle's error, under this error's own message.
    const frames = stack?.split('\n').filter((line) => /^\s+at /.test(line)) ?? [];
    this.stack = [`${this.name}: ${this.message}`, ...frames].join('\n');
  }
}

/**
 * Blanks out quoted text in PostgreSQL's message, except the names the error or the statement itself gives.
 * The blank is ASCII on purpose: this module sits in the server chunk every route carries, and one character
 * outside ASCII makes V8 keep that chunk's whole source as a two-byte string, once per route loaded
 * (docs/performance.md, "The C library's share": 24 copies of 226 KB more).
 */
function withoutValues(message: string, names: Set<string>): string {
  return message.replace(/"((?:[^"]|"")*)"/g, (quoted, inner: string) => (names.has(inner) ? quoted : '"..."'));
}

/** The driver's error (pg or PGlite) as a DatabaseError without values; `query` supplies the names it quotes. */
function databaseErrorOf(error: unknown, query: string): DatabaseError {
  const source = (error ?? {}) as Record<string, unknown> & { message?: unknown };
  const fields: DatabaseFields = {};
  for (const key of NAMING_FIELDS) if (typeof source[key] === 'string') fields[key] = source[key] as string;
  const names = new Set([...Object.values(fields), ...Array.from(query.matchAll(/"([^"]+)"/g), (m) => m[1])]);
  const message = typeof source.message === 'string' ? withoutValues(source.message, names) : 'unknown database error';
  return new DatabaseError(message, fields);
}

/** drizzle's DrizzleQueryError as a QueryError; anything else unchanged. */
export function withoutParameters(error: unknown): unknown {
  // By shape as well as by class: a bundle may hold drizzle twice, and each has its own class.
  const failed = error as Partial<DrizzleQueryError> | null;
  if (!(error instanceof DrizzleQueryError) && !(error instanceof Error && typeof failed?.query === 'string' && Array.isArray(failed.params))) return error;
  return new QueryError(failed!.query!, databaseErrorOf(failed!.cause, failed!.query!), failed!.stack);
}

const REDACTED = Symbol.for('trustwell.queryErrorsRedacted');

/**
 * Makes every statement drizzle sends throw a QueryError instead of a DrizzleQueryError. drizzle builds that
 * error in one place, `PgPreparedQuery.queryWithCache`, which both drivers (pg and PGlite) call for every
 * statement; it is internal to drizzle, so an upgrade that renames it fails here at start-up, not silently
 * (and tests/integration/error-logging.test.ts checks the result).
 */
export function redactFailedQueries(): void {
  const prototype = PgPreparedQuery.prototype as unknown as Record<string | symbol, unknown>;
  if (prototype[REDACTED]) return;
  const send = prototype.queryWithCache;
  if (typeof send !== 'function') throw new Error('drizzle-orm no longer has PgPreparedQuery.queryWithCache: update db/query-error.ts');
  prototype.queryWithCache = async function queryWithCache(this: unknown, ...args: unknown[]) {
    try {
      return await send.apply(this, args);
    } catch (error) {
      throw withoutParameters(error);
    }
  };
  prototype[REDACTED] = true;
}

import 'server-only';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import type { PoolClient } from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import diagnosticsChannel from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { EmbeddedClient } from './embedded-client';
import { redactFailedQueries } from './query-error';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A query runner: the database itself or an open transaction. */
export type Queryable = Database | Tx;

type Handle = {
  db: Database;
  driver: 'pg' | 'pglite';
  close: () => Promise<void>;
  /** The embedded database's client (PGlite on its thread), for the job queue; absent on PostgreSQL. */
  embedded?: EmbeddedClient;
};

/*
 * Query counting, for tests and the bench, without changing what the app does: drizzle's logger counts
 * every statement it sends into the scope of the code that sent it (an AsyncLocalStorage scope). Tests
 * wrap a call in `countQueries(fn)`. With LOG_QUERY_COUNTS=1 every HTTP request of the server gets its own
 * scope (opened from Node's `http.server.request.start` diagnostics channel, which fires just before the
 * request handler runs, so everything the request starts inherits it), and its count is logged when the
 * response finishes: `[queries] GET /client-info/<hash> 9`. Requests that send no query log nothing.
 * LOG_QUERY_COUNTS=statements also logs the start of each statement's text (never its values) under the
 * count: which statements a page sends, when a count moved.
 */
type QueryScope = { count: number; parent: QueryScope | null; statements?: string[] };
type RequestStart = (message: unknown) => void;
const scopes = globalThis as unknown as { __trustQueryScope?: AsyncLocalStorage<QueryScope>; __trustQueryLog?: RequestStart };
const queryScope = (scopes.__trustQueryScope ??= new AsyncLocalStorage<QueryScope>());

const countingLogger: Logger = {
  logQuery(query) {
    // Nested scopes count towards every enclosing one; a recording scope also keeps the text (no values).
    for (let scope = queryScope.getStore() ?? null; scope; scope = scope.parent) {
      scope.count += 1;
      scope.statements?.push(query);
    }
  },
};

/** Runs `fn` and counts the SQL statements it sends (begin/commit of a pg transaction included). */
export async function countQueries<T>(fn: () => Promise<T>): Promise<{ count: number; result: T }> {
  const scope: QueryScope = { count: 0, parent: queryScope.getStore() ?? null };
  const result = await queryScope.run(scope, fn);
  return { count: scope.count, result };
}

/** countQueries that also keeps each statement's text (never its values): what kind of statements `fn` sends. */
export async function recordQueries<T>(fn: () => Promise<T>): Promise<{ count: number; statements: string[]; result: T }> {
  const scope: QueryScope = { count: 0, parent: queryScope.getStore() ?? null, statements: [] };
  const result = await queryScope.run(scope, fn);
  return { count: scope.count, statements: scope.statements!, result };
}

const REQUEST_START = 'http.server.request.start';

function logRequestQueryCounts(): void {
  const mode = process.env.LOG_QUERY_COUNTS;
  if ((mode !== '1' && mode !== 'statements') || scopes.__trustQueryLog) return;
  scopes.__trustQueryLog = (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    const scope: QueryScope = { count: 0, parent: null, ...(mode === 'statements' ? { statements: [] } : {}) };
    queryScope.enterWith(scope);
    response.once('finish', () => {
      if (scope.count === 0) return;
      console.log(`[queries] ${request.method} ${request.url} ${scope.count}`);
      for (const text of scope.statements ?? []) console.log(`[queries]   ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
    });
  };
  diagnosticsChannel.subscribe(REQUEST_START, scopes.__trustQueryLog);
}

/** Stops the per-request log (tests that turned LOG_QUERY_COUNTS on). */
export function stopRequestQueryLog(): void {
  if (scopes.__trustQueryLog) diagnosticsChannel.unsubscribe(REQUEST_START, scopes.__trustQueryLog);
  scopes.__trustQueryLog = undefined;
}

/** Where the embedded database lives; `memory://` keeps it in memory (tests). */
export function embeddedDataDir(): string {
  const dir = process.env.PGLITE_DATA_DIR ?? './.data/pglite';
  return dir.startsWith('memory://') ? dir : path.resolve(/*turbopackIgnore: true*/ process.cwd(), dir);
}

function open(): Handle {
  // A failed statement's error carries its text and PostgreSQL's code, never the values (db/query-error.ts).
  redactFailedQueries();
  const url = process.env.DATABASE_URL;
  if (url) {
    // Loaded lazily so the embedded default never pulls in the pg driver, and vice versa.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Pool } = require('pg') as typeof import('pg');
    const pool = new Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    pool.on('connect', prepareByText);
    // An idle connection the server ends (a restart, a failover, an administrator's pg_terminate_backend)
    // is reported here; the pool drops it and opens another for the next query. Without a listener Node
    // treats the event as an unhandled error and the whole process exits.
    pool.on('error', (error) => console.error(`[db] an idle PostgreSQL connection was closed: ${error.message}`));
    return { db: drizzlePg({ client: pool, schema, logger: countingLogger }), driver: 'pg', close: () => pool.end() };
  }
  const dir = embeddedDataDir();
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  // PGlite on its own thread (db/embedded-client.ts), behind the calls drizzle's PGlite driver makes.
  const client = new EmbeddedClient(dir);
  // Both drivers expose the same query builder; the pg type is the one the code is written against.
  const database = drizzlePglite({ client: client as unknown as PGlite, schema, logger: countingLogger }) as unknown as Database;
  return { db: database, driver: 'pglite', close: () => client.close(), embedded: client };
}

/**
 * Names every statement after its text, so each connection parses and plans a statement once and later
 * only binds and executes it (node-postgres prepares a named statement on its first use per connection).
 * The app sends few distinct texts: drizzle builds the same text for the same query shape, with the values
 * as parameters. The embedded database does the same in its thread (db/embedded-worker.mjs).
 */
function prepareByText(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    const named =
      config && typeof config === 'object' && 'text' in config && typeof config.text === 'string' && !(config as { name?: string }).name
        ? { ...config, name: `tw_${createHash('sha256').update(config.text).digest('base64url').slice(0, 24)}` }
        : config;
    return query(named, ...rest);
  }) as PoolClient['query'];
}

// One handle per process, kept on globalThis so Next's dev reloads don't open a second PGlite on the folder.
const holder = globalThis as unknown as { __trustDb?: Handle };

export function getHandle(): Handle {
  logRequestQueryCounts();
  holder.__trustDb ??= open();
  return holder.__trustDb;
}

export async function closeDb(): Promise<void> {
  const handle = holder.__trustDb;
  holder.__trustDb = undefined;
  await handle?.close();
}

/** The application's database. Opened on first use, so environment set-up (tests, scripts) comes first. */
export const db: Database = new Proxy({} as Database, {
  get: (_target, property) => Reflect.get(getHandle().db, property),
});

export { schema };

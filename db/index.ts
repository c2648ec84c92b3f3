import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import fs from 'node:fs';
import path from 'node:path';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A query runner: the database itself or an open transaction. */
export type Queryable = Database | Tx;

type Handle = { db: Database; driver: 'pg' | 'pglite'; close: () => Promise<void> };

/** Where the embedded database lives; `memory://` keeps it in memory (tests). */
export function embeddedDataDir(): string {
  const dir = process.env.PGLITE_DATA_DIR ?? './.data/pglite';
  return dir.startsWith('memory://') ? dir : path.resolve(/*turbopackIgnore: true*/ process.cwd(), dir);
}

function open(): Handle {
  const url = process.env.DATABASE_URL;
  if (url) {
    // Loaded lazily so the embedded default never pulls in the pg driver, and vice versa.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { Pool } = require('pg') as typeof import('pg');
    const pool = new Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    return { db: drizzlePg({ client: pool, schema }), driver: 'pg', close: () => pool.end() };
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { PGlite } = require('@electric-sql/pglite') as typeof import('@electric-sql/pglite');
  const dir = embeddedDataDir();
  if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  // Both drivers expose the same query builder; the pg type is the one the code is written against.
  return { db: drizzlePglite({ client, schema }) as unknown as Database, driver: 'pglite', close: () => client.close() };
}

// One handle per process, kept on globalThis so Next's dev reloads don't open a second PGlite on the folder.
const holder = globalThis as unknown as { __trustDb?: Handle };

export function getHandle(): Handle {
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

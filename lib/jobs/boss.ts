import 'server-only';
import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type ConstructorOptions, type Db } from 'pg-boss';
import { getHandle, type Queryable } from '@/db';
import type { EmbeddedClient } from '@/db/embedded-client';

/** The schema pg-boss keeps its tables in, beside the app's own. */
export const JOB_SCHEMA = 'pgboss';

/**
 * pg-boss over the embedded database's thread. A statement with parameters is an ordinary query; one
 * without may be a script (schema installs, `BEGIN … COMMIT` locked blocks) and goes through the simple
 * protocol. Both wait, like the app's own queries, for an open transaction to end. (pg-boss's own
 * `fromPglite` wants the PGlite instance in this thread, and answers a failure with a separate ROLLBACK
 * that could land inside the next transaction; the thread ends a failed script's transaction itself.)
 */
function embeddedDb(client: EmbeddedClient): Db {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.flatMap((result) => result.rows) };
    },
  };
}

/** Connection options for an instance that talks to the app's database. */
function connection(): ConstructorOptions {
  const handle = getHandle();
  if (handle.embedded) return { backend: 'pglite', db: embeddedDb(handle.embedded) };
  return {
    connectionString: process.env.DATABASE_URL,
    // Workers and maintenance only; requests enqueue through their own transaction (enqueue.ts).
    max: Number(process.env.JOB_POOL_SIZE ?? 3),
    application_name: 'trustwell-jobs',
  };
}

/** A new pg-boss instance on the app's database (not started). */
export function createBoss(options: Partial<ConstructorOptions> = {}): PgBoss {
  const boss = new PgBoss({ schema: JOB_SCHEMA, ...connection(), ...options } as ConstructorOptions);
  // pg-boss reports trouble (a lost connection, a failed maintenance run) as events; unheard, an 'error'
  // event would end the process.
  boss.on('error', (error) => console.error(`[jobs] ${error instanceof Error ? error.message : String(error)}`));
  return boss;
}

/** pg-boss's statements run through a drizzle query runner: the open transaction of a business write. */
export function throughQueryable(q: Queryable): Db {
  return fromDrizzle(q as unknown as Parameters<typeof fromDrizzle>[0], sql as unknown as Parameters<typeof fromDrizzle>[1]);
}

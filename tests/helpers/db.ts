import { sql } from 'drizzle-orm';
import { db } from '@/db';
import { rowsOf } from '@/lib/kernel/rows';

/** Empties every application table (not the migrations journal), restarting ids, and the job queue's jobs. */
export async function resetDatabase(): Promise<void> {
  const result = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> '__drizzle_migrations'`,
  );
  const rows = rowsOf<{ tablename: string }>(result);
  if (rows.length === 0) return;
  const names = rows.map((r) => `"${r.tablename}"`).join(', ');
  await db.execute(sql.raw(`TRUNCATE ${names} RESTART IDENTITY CASCADE`));
  // Queued jobs name rows by id (a mail's outbox id): with the ids restarted, an earlier file's jobs would
  // name this file's rows. The queues themselves stay (tests/helpers/setup-db.ts installs them).
  await db.execute(sql`do $$ begin if to_regclass('pgboss.job') is not null then truncate pgboss.job; end if; end $$`);
}

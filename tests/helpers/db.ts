import { sql } from 'drizzle-orm';
import { db } from '@/db';
import { rowsOf } from '@/lib/kernel/rows';

/** Empties every application table (not the migrations journal), restarting ids. */
export async function resetDatabase(): Promise<void> {
  const result = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> '__drizzle_migrations'`,
  );
  const rows = rowsOf<{ tablename: string }>(result);
  if (rows.length === 0) return;
  const names = rows.map((r) => `"${r.tablename}"`).join(', ');
  await db.execute(sql.raw(`TRUNCATE ${names} RESTART IDENTITY CASCADE`));
}

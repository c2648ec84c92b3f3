import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import path from 'node:path';
import { getHandle } from './index';

export const migrationsFolder = path.resolve(/*turbopackIgnore: true*/ process.cwd(), 'db/migrations');

/** Applies the committed drizzle-kit migrations; safe to call on every start. */
export async function migrateDatabase(): Promise<void> {
  const handle = getHandle();
  if (handle.driver === 'pg') {
    await migratePg(handle.db, { migrationsFolder });
  } else {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  }
}

import type { Database } from '@/db';
import { productionMark } from '@/db/schema';
import { DEMO_ACCOUNTS, hasDemoData } from '@/lib/seed/demo';

/*
 * Demo data never reaches a production database: its accounts share one password, and one of them is an
 * admin. A database is production when APP_ENV=production is set, or when it carries the production mark
 * (db/schema/system.ts productionMark), which migrations write under APP_ENV=production and nothing removes.
 * NODE_ENV cannot tell: `npm start` serves the embedded demo with NODE_ENV=production too; and DATABASE_URL
 * cannot either: PostgreSQL also runs demos and tests. The mark travels with the database, so a shell that
 * forgets APP_ENV (`npm run db:seed` against the production URL) is still refused.
 */

/** Why demo data was not loaded; the start-up and `npm run db:seed` print the message and exit with 1. */
export class DemoDataRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DemoDataRefused';
  }
}

/** Whether this process runs as production (APP_ENV=production). */
export function appEnvIsProduction(env: Record<string, string | undefined> = process.env): boolean {
  return env.APP_ENV?.trim().toLowerCase() === 'production';
}

async function isMarkedProduction(database: Database): Promise<boolean> {
  const rows = await database.select({ id: productionMark.id }).from(productionMark).limit(1);
  return rows.length > 0;
}

/**
 * After migrations: marks the database production when APP_ENV=production (once; later runs find the mark).
 * A database that holds the demo accounts is not marked but refused: their shared password would sign in
 * as an admin of a real deployment. Returns whether the database is marked.
 */
export async function markProductionDatabase(database: Database): Promise<boolean> {
  if (!appEnvIsProduction()) return isMarkedProduction(database);
  if (await hasDemoData(database)) {
    throw new DemoDataRefused(
      `APP_ENV=production, but this database holds the demo accounts (${DEMO_ACCOUNTS[0].email} and the others), whose shared ` +
        'password signs in as an admin. Use a new database for production, or delete the demo accounts first (docs/operations.md).',
    );
  }
  await database.insert(productionMark).values({}).onConflictDoNothing();
  return true;
}

/** Throws DemoDataRefused on a production database (APP_ENV=production, or the mark); call before seeding. */
export async function assertDemoDataAllowed(database: Database): Promise<void> {
  if (appEnvIsProduction()) {
    throw new DemoDataRefused('Refusing to load the demo data: APP_ENV=production. Its accounts share one password that signs in as an admin.');
  }
  if (await isMarkedProduction(database)) {
    throw new DemoDataRefused(
      'Refusing to load the demo data: this database is marked production (migrated with APP_ENV=production). ' +
        'Its accounts share one password that signs in as an admin.',
    );
  }
}

/** Whether demo data may be loaded here: neither APP_ENV=production nor the production mark. */
export async function demoDataAllowed(database: Database): Promise<boolean> {
  return !appEnvIsProduction() && !(await isMarkedProduction(database));
}

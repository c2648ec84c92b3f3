import { count } from 'drizzle-orm';
import { absoluteUrl } from '@/lib/config/site';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAdvisorLinks, hasDemoData, seedDemoData } from '@/lib/seed/demo';
import { db, getHandle } from './index';
import { migrateDatabase } from './migrate';
import { users } from './schema';

/**
 * Run once at server start: apply migrations, and on an empty embedded database (or when SEED_DEMO_DATA=1)
 * load the demo data. Prints the demo accounts whenever they exist, so a new user knows how to sign in.
 */
export async function prepareDatabase(): Promise<void> {
  const started = Date.now();
  await migrateDatabase();
  const embedded = getHandle().driver === 'pglite';
  const [{ n }] = await db.select({ n: count() }).from(users);
  const wantsSeed = process.env.SEED_DEMO_DATA === '1' || (embedded && n === 0 && process.env.SEED_DEMO_DATA !== '0');
  if (wantsSeed && (await seedDemoData(db))) console.log('[db] Demo data loaded.');
  console.log(`[db] ${embedded ? 'Embedded PGlite' : 'PostgreSQL'} ready in ${Date.now() - started} ms.`);
  if (await hasDemoData(db)) printDemoAccounts(await demoAdvisorLinks(db));
}

export function printDemoAccounts(advisorLinks: { email: string; path: string }[] = []): void {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.role.length));
  console.log(`\nDemo accounts (password for all: ${DEMO_PASSWORD})`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.role.padEnd(width)}  ${account.email}`);
  if (advisorLinks.length > 0) {
    console.log('\nAdvisor sign-up links (clients who join through one get the advisor discount)');
    const emailWidth = Math.max(...advisorLinks.map((l) => l.email.length));
    for (const link of advisorLinks) console.log(`  ${link.email.padEnd(emailWidth)}  ${absoluteUrl(link.path)}`);
  }
  console.log('');
}

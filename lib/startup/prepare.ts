import { count } from 'drizzle-orm';
import { db, getHandle, type Database } from '@/db';
import { migrateDatabase } from '@/db/migrate';
import { users } from '@/db/schema';
import { refreshStaleCompletions } from '@/lib/intake/completion-cache';
import { refreshCompletionJob } from '@/lib/intake/jobs/refresh-completion';
import { installJobs } from '@/lib/jobs/runner';
import { systemContext } from '@/lib/kernel/system-context';
import { demoAccountStates, demoAdvisorLinks, hasDemoData, seedDemoData } from '@/lib/seed/demo';
import { advisorLinkLines, demoAccountLines, demoAccountsFile, readDemoPassword, writeDemoAccountsFile, type AdvisorLink } from '@/lib/seed/demo-accounts-file';
import { allJobs } from './jobs';
import { assertDemoDataAllowed, markProductionDatabase } from './production';

/*
 * The server's start-up work on its database, above every feature (db/ knows none of them): migrations,
 * the demo data, the figures the pages read but never compute-and-store themselves, and the demo accounts'
 * announcement. instrumentation.ts runs it before the first request; scripts/seed.ts reuses the seeding.
 */

/**
 * Run once at server start: apply migrations (and mark the database production under APP_ENV=production),
 * and on an empty embedded database (or when SEED_DEMO_DATA=1) load the demo data; store the completion
 * figures no write stored (new data, a new rules version: the refresh job's work, done once before serving
 * so the first dashboards read them). Lists the demo accounts whenever they exist, so a new user knows how
 * to sign in. On a production database SEED_DEMO_DATA=1 stops the start (DemoDataRefused), and an empty
 * embedded one is not seeded.
 */
export async function prepareDatabase(): Promise<void> {
  const started = Date.now();
  await migrateDatabase();
  const embedded = getHandle().driver === 'pglite';
  const production = await markProductionDatabase(db);
  const [{ n }] = await db.select({ n: count() }).from(users);
  const wantsSeed = process.env.SEED_DEMO_DATA === '1' || (embedded && n === 0 && process.env.SEED_DEMO_DATA !== '0' && !production);
  const password = wantsSeed ? await loadDemoData(db) : null;
  if (password) console.log('[db] Demo data loaded.');
  // A new embedded database's first start (migrations, demo data) leaves its thread's memory grown for
  // good: serve from a freshly opened one (db/embedded-client.ts, docs/performance.md "Memory").
  if (password && embedded) await getHandle().embedded?.reopen();
  const refreshed = await refreshStaleCompletions(systemContext(refreshCompletionJob.name));
  if (refreshed > 0) console.log(`[db] Completion figures of ${refreshed} household${refreshed === 1 ? '' : 's'} refreshed.`);
  console.log(`[db] ${embedded ? 'Embedded PGlite' : 'PostgreSQL'} ready in ${Date.now() - started} ms.`);
  await announceDemoAccounts(db, password, embedded);
}

/**
 * Seeds the demo data, when it is missing, with a fresh random password, and writes that password to the
 * demo-accounts file. Returns the password, or null when the demo data was already there. Refused
 * (DemoDataRefused) on a production database: APP_ENV=production, or the production mark.
 */
export async function loadDemoData(database: Database = db): Promise<string | null> {
  await assertDemoDataAllowed(database);
  // The demo is written through the domain (a payment and its receipt, invoices), whose writes queue jobs
  // in their transaction: the job queues must exist first, before any worker is started.
  if (!(await hasDemoData(database))) await installJobs(allJobs);
  const seeded = await seedDemoData(database);
  if (!seeded) return null;
  const file = demoAccountsFile();
  try {
    writeDemoAccountsFile(seeded.password, await demoAdvisorLinks(database), file);
  } catch (error) {
    // The password is still printed below; losing the file must not stop the server.
    console.warn(`[db] Could not write ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return seeded.password;
}

/**
 * Prints the demo accounts when the database has them. The embedded demo prints their password too (the one
 * just seeded, else the one in this machine's demo-accounts file); on PostgreSQL, whose output goes to a
 * deployment's logs, only where it is written: it signs in as the admin.
 */
export async function announceDemoAccounts(database: Database = db, password: string | null = null, embedded = getHandle().driver === 'pglite'): Promise<void> {
  if (!(await hasDemoData(database))) return;
  const links = await demoAdvisorLinks(database);
  printDemoAccounts(links, password ?? readDemoPassword(links), { embedded, states: await demoAccountStates(database) });
}

export function printDemoAccounts(
  advisorLinks: AdvisorLink[],
  password: string | null,
  { embedded, file = demoAccountsFile(), states = {} }: { embedded: boolean; file?: string; states?: Record<string, string> },
): void {
  const heading = !password
    ? `Demo accounts (password: not found in ${file}; it is in the demo-accounts.txt of the machine that seeded this database)`
    : embedded
      ? `Demo accounts (password for all: ${password}; also in ${file})`
      : `Demo accounts (password for all: in ${file}; printed only for the embedded demo)`;
  const links = advisorLinkLines(advisorLinks);
  console.log(['', heading, ...demoAccountLines('  ', states), ...(links.length > 0 ? ['', ...links] : []), ''].join('\n'));
}

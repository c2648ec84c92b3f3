// `npm run db:seed`: migrates, then loads the demo data if it is not there yet (idempotent). A new seed
// gets a random demo password, written to the demo-accounts file (and printed for the embedded demo). A
// production database (APP_ENV=production, or marked by a migration with it) is refused.
import { closeDb, db } from '../db';
import { migrateDatabase } from '../db/migrate';
import { announceDemoAccounts, loadDemoData } from '../lib/startup/prepare';
import { DemoDataRefused, markProductionDatabase } from '../lib/startup/production';

async function main() {
  await migrateDatabase();
  await markProductionDatabase(db);
  const password = await loadDemoData(db);
  console.log(password ? 'Demo data loaded.' : 'Demo data already present.');
  await announceDemoAccounts(db, password);
}

main()
  .catch((error) => {
    console.error(error instanceof DemoDataRefused ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());

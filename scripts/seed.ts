// `npm run db:seed`: migrates, then loads the demo data if it is not there yet (idempotent). A new seed
// gets a random demo password, written to the demo-accounts file and printed with the accounts.
import { closeDb, db } from '../db';
import { migrateDatabase } from '../db/migrate';
import { announceDemoAccounts, loadDemoData } from '../lib/startup/prepare';

async function main() {
  await migrateDatabase();
  const password = await loadDemoData(db);
  console.log(password ? 'Demo data loaded.' : 'Demo data already present.');
  await announceDemoAccounts(db, password);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());

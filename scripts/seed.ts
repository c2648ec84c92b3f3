// `npm run db:seed`: migrates, then loads the demo data if it is not there yet (idempotent).
import { closeDb, db } from '../db';
import { migrateDatabase } from '../db/migrate';
import { printDemoAccounts } from '../db/prepare';
import { demoAdvisorLinks, seedDemoData } from '../lib/seed/demo';

async function main() {
  await migrateDatabase();
  console.log((await seedDemoData(db)) ? 'Demo data loaded.' : 'Demo data already present.');
  printDemoAccounts(await demoAdvisorLinks(db));
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());

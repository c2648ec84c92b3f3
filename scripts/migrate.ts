// `npm run db:migrate`: applies the migrations to PostgreSQL (DATABASE_URL) or to a stopped embedded database,
// installs (or upgrades) the job queue's schema and queues, and with APP_ENV=production marks the database
// production (demo data is refused there from then on: lib/startup/production.ts).
import { closeDb, db } from '../db';
import { migrateDatabase } from '../db/migrate';
import { allJobs } from '../lib/startup/jobs';
import { installJobs } from '../lib/jobs/runner';
import { DemoDataRefused, markProductionDatabase } from '../lib/startup/production';

migrateDatabase()
  .then(() => installJobs(allJobs))
  .then(() => markProductionDatabase(db))
  .then((production) => console.log(production ? 'Migrations applied; the database is marked production.' : 'Migrations applied.'))
  .catch((error) => {
    console.error(error instanceof DemoDataRefused ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());

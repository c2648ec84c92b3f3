// `npm run db:migrate`: applies the migrations to PostgreSQL (DATABASE_URL) or to a stopped embedded database,
// and installs (or upgrades) the job queue's schema and queues.
import { closeDb } from '../db';
import { migrateDatabase } from '../db/migrate';
import { allJobs } from '../lib/startup/jobs';
import { installJobs } from '../lib/jobs/runner';

migrateDatabase()
  .then(() => installJobs(allJobs))
  .then(() => console.log('Migrations applied.'))
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());

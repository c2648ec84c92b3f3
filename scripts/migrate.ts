// `npm run db:migrate`: applies the migrations to PostgreSQL (DATABASE_URL) or to a stopped embedded database.
import { closeDb } from '../db';
import { migrateDatabase } from '../db/migrate';

migrateDatabase()
  .then(() => console.log('Migrations applied.'))
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDb());

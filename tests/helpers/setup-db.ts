// Each integration test file starts on a migrated, empty database and closes its connection at the end.
import { closeDb } from '@/db';
import { migrateDatabase } from '@/db/migrate';
import { allJobs } from '@/lib/startup/jobs';
import { installJobs } from '@/lib/jobs/runner';
import { closeWithin } from './close-within';
import { resetDatabase } from './db';

jest.mock('next/cache', () => ({ revalidatePath: jest.fn(), revalidateTag: jest.fn(), unstable_cache: (fn: unknown) => fn }));

// Two minutes: migrating a fresh embedded database and installing the job queues took over 60 s on a
// machine whose two cores were shared with other test runs; it is set-up, not a test's measure.
beforeAll(async () => {
  await migrateDatabase();
  // Business writes queue jobs (mail delivery) in their transaction: the job queues must exist.
  await installJobs(allJobs);
  await resetDatabase();
}, 120_000);

// Closing waits for the embedded database's thread to finish its queue (a VACUUM after a long file's
// writes among it): slow on a loaded machine, never a failure of the file's tests.
afterAll(async () => {
  await closeWithin(
    'The test database connection',
    110_000,
    () => closeDb(),
    'the embedded database finishes its queue before closing (a VACUUM after a long file), or a PostgreSQL pool waits for a query still running',
  );
}, 120_000);

jest.mock('next/headers', () => jest.requireActual('./fake-headers'));

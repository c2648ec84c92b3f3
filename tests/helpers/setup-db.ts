// Each integration test file starts on a migrated, empty database and closes its connection at the end.
import { closeDb } from '@/db';
import { migrateDatabase } from '@/db/migrate';
import { allJobs } from '@/lib/startup/jobs';
import { installJobs } from '@/lib/jobs/runner';
import { resetDatabase } from './db';

jest.mock('next/cache', () => ({ revalidatePath: jest.fn(), revalidateTag: jest.fn(), unstable_cache: (fn: unknown) => fn }));

beforeAll(async () => {
  await migrateDatabase();
  // Business writes queue jobs (mail delivery) in their transaction: the job queues must exist.
  await installJobs(allJobs);
  await resetDatabase();
}, 60_000);

afterAll(async () => {
  await closeDb();
});

jest.mock('next/headers', () => jest.requireActual('./fake-headers'));

import { sql } from 'drizzle-orm';
import { db } from '@/db';
import type { JobDefinition } from '@/lib/jobs/define';
import { rowsOf } from '@/lib/kernel/rows';
import { systemContext } from '@/lib/kernel/system-context';

/**
 * Runs the queued jobs of one kind now, in order, as a worker would (a system context), and marks them
 * completed: for tests that read what a job writes without starting the workers and waiting for a poll.
 * Returns how many ran.
 */
export async function runQueuedJobs<T extends object>(job: JobDefinition<T>): Promise<number> {
  const queued = rowsOf<{ id: string; data: T }>(
    await db.execute(sql`select id, data from pgboss.job where name = ${job.name} and state = 'created' order by created_on, id`),
  );
  for (const { id, data } of queued) {
    await job.run(systemContext(job.name), data, { id, retryCount: 0, lastAttempt: true });
    await db.execute(sql`update pgboss.job set state = 'completed', completed_on = now() where name = ${job.name} and id = ${id}`);
  }
  return queued.length;
}

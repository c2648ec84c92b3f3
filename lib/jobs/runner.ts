import 'server-only';
import type { PgBoss } from 'pg-boss';
import { systemContext } from '@/lib/kernel/system-context';
import { createBoss } from './boss';
import type { JobDefinition } from './define';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyJob = JobDefinition<any>;

/** Creates each job's queue, or brings its options up to date. */
async function ensureQueues(boss: PgBoss, jobs: readonly AnyJob[]): Promise<void> {
  for (const job of jobs) {
    // pg-boss refuses an update with nothing to change: a job without options keeps its queue as it is.
    if (await boss.getQueue(job.name)) {
      if (job.queue && Object.keys(job.queue).length) await boss.updateQueue(job.name, job.queue);
    } else await boss.createQueue(job.name, job.queue ?? {});
  }
}

/**
 * Installs (or upgrades) pg-boss's schema and the jobs' queues, then lets go: run after the app's
 * migrations wherever business writes may queue jobs (server start-up, tests, scripts).
 */
export async function installJobs(jobs: readonly AnyJob[]): Promise<void> {
  const boss = createBoss({ supervise: false, schedule: false });
  await boss.start();
  try {
    await ensureQueues(boss, jobs);
  } finally {
    await boss.stop({ graceful: false });
  }
}

const holder = globalThis as unknown as { __trustJobs?: PgBoss };

/**
 * Starts this server's workers: every job's handler, with a system context, and the cron schedules
 * (pg-boss sends each scheduled job once however many servers are up). Idempotent per process.
 */
export async function startJobWorkers(jobs: readonly AnyJob[]): Promise<void> {
  if (holder.__trustJobs) return;
  const boss = createBoss();
  holder.__trustJobs = boss;
  await boss.start();
  await ensureQueues(boss, jobs);
  for (const job of jobs) {
    await boss.work(job.name, { includeMetadata: true, pollingIntervalSeconds: job.pollingIntervalSeconds ?? 2 }, async ([taken]) => {
      await job.run(systemContext(job.name), taken.data as object, {
        id: taken.id,
        retryCount: taken.retryCount,
        lastAttempt: taken.retryCount >= taken.retryLimit,
      });
    });
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    else await boss.unschedule(job.name).catch(() => undefined);
  }
}

/** Stops this server's workers, letting running handlers finish (up to `timeoutMs`). */
export async function stopJobWorkers(timeoutMs = 10_000): Promise<void> {
  const boss = holder.__trustJobs;
  holder.__trustJobs = undefined;
  await boss?.stop({ graceful: true, timeout: timeoutMs });
}

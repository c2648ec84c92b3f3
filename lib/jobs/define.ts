import type { Queue } from 'pg-boss';
import type { SystemContext } from '@/lib/kernel/system-context';

/** What a handler knows about the attempt it is running. */
export type JobAttempt = {
  id: string;
  /** 0 on the first attempt, then 1, 2 … on each retry. */
  retryCount: number;
  /** No retry follows if this attempt fails: the handler records the failure for people to see. */
  lastAttempt: boolean;
};

/**
 * A background job: a queue, its retry policy, optionally a cron schedule, and the handler. Handlers take
 * a system context and must be idempotent: pg-boss delivers at least once, so a job retried after a crash
 * (or a duplicate) must find its work done and do nothing twice.
 */
export type JobDefinition<T extends object = Record<string, never>> = {
  name: string;
  /** pg-boss queue options: retries, backoff, expiry, retention. */
  queue?: Omit<Queue, 'name'>;
  /** A cron expression (UTC): the job is sent on that schedule with empty data, by whichever server is up. */
  cron?: string;
  /** Seconds between a worker's polls when idle (pg-boss's default is 2). */
  pollingIntervalSeconds?: number;
  run: (ctx: SystemContext, data: T, attempt: JobAttempt) => Promise<void>;
};

/** Declares a job next to the use case it serves (lib/<feature>/jobs/…); lib/startup/jobs.ts lists them. */
export function defineJob<T extends object = Record<string, never>>(job: JobDefinition<T>): JobDefinition<T> {
  return job;
}

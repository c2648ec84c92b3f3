import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, PgBoss, SendOptions } from 'pg-boss';
import type { Queryable } from '@/db';
import { createBoss, throughQueryable } from './boss';
import type { JobDefinition } from './define';

/*
 * Sending needs no running instance: every statement of a send, the insert and the queue lookup pg-boss
 * makes on its first send to a queue, goes through the caller's query runner. (A lookup on a connection of
 * its own would wait, on the embedded database's single connection, for the very transaction that is
 * sending.)
 */
const caller = new AsyncLocalStorage<Db>();
const callersDb: Db = {
  executeSql(text, values) {
    const db = caller.getStore();
    if (!db) throw new Error('enqueue: no query runner in scope');
    return db.executeSql(text, values);
  },
};
let producer: PgBoss | null = null;

/**
 * Queues a job inside the caller's transaction: it exists exactly when the business write does (a
 * rolled-back write queues nothing), and a worker picks it up after the commit.
 */
export async function enqueue<T extends object>(q: Queryable, job: JobDefinition<T>, data: T, options: SendOptions = {}): Promise<string | null> {
  producer ??= createBoss({ db: callersDb, supervise: false, schedule: false, migrate: false });
  const db = throughQueryable(q);
  return caller.run(db, () => producer!.send(job.name, data, { ...options, db }));
}

/**
 * Queues a job unless one this function queued under the same key is still waiting (pg-boss's upsert by
 * singletonKey: at most one waiting job per key, a concurrent call finds the other's job instead of adding
 * one), so a burst of requests for the same work queues it once. Once that job has started, the next call
 * queues another: what was asked for while it ran is not lost. Answers the waiting job's id.
 */
export async function enqueueOnce<T extends object>(q: Queryable, job: JobDefinition<T>, data: T, key: string): Promise<string | null> {
  producer ??= createBoss({ db: callersDb, supervise: false, schedule: false, migrate: false });
  const db = throughQueryable(q);
  const { jobs } = await caller.run(db, () => producer!.upsert(job.name, data, { singletonKey: key, db }));
  return jobs[0] ?? null;
}

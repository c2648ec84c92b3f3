import { sql } from 'drizzle-orm';
import { db } from '@/db';
import { emailChanges, loginAttempts, sessions } from '@/db/schema';
import { LOGIN_ATTEMPTS_KEPT_MS, pruneSignInRecords, pruneSignInRecordsJob } from '@/lib/auth/jobs/prune-sign-in-records';
import { allJobs } from '@/lib/startup/jobs';
import { startJobWorkers, stopJobWorkers } from '@/lib/jobs/runner';
import { makeUser } from '../helpers/factories';
import { rowsOf } from '@/lib/kernel/rows';

const HOUR = 60 * 60 * 1000;

describe('pruning the sign-in records', () => {
  it('deletes attempts past every brake’s window, ended sessions and old change links, and keeps the rest', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const { user } = await makeUser();
    await db.insert(loginAttempts).values([
      { email: 'old@test.example', ip: '10.0.0.1', succeeded: false, createdAt: ago(LOGIN_ATTEMPTS_KEPT_MS + HOUR) },
      { email: 'recent@test.example', ip: '10.0.0.1', succeeded: false, createdAt: ago(LOGIN_ATTEMPTS_KEPT_MS - HOUR) },
    ]);
    await db.insert(sessions).values([
      { id: 'ended', userId: user.id, expiresAt: ago(HOUR) },
      { id: 'live', userId: user.id, expiresAt: new Date(now.getTime() + HOUR) },
    ]);
    await db.insert(emailChanges).values([
      { userId: user.id, oldEmail: 'a@test.example', newEmail: 'b@test.example', tokenHash: 'old', expiresAt: ago(48 * HOUR) },
      { userId: user.id, oldEmail: 'a@test.example', newEmail: 'c@test.example', tokenHash: 'new', expiresAt: new Date(now.getTime() + HOUR) },
    ]);

    await pruneSignInRecords(now);

    expect((await db.select({ email: loginAttempts.email }).from(loginAttempts)).map((r) => r.email)).toEqual(['recent@test.example']);
    expect((await db.select({ id: sessions.id }).from(sessions)).map((r) => r.id)).toEqual(['live']);
    expect((await db.select({ token: emailChanges.tokenHash }).from(emailChanges)).map((r) => r.token)).toEqual(['new']);
  });
});

describe('the job workers', () => {
  afterEach(() => stopJobWorkers(2_000));

  it('schedule the hourly pruning and work every registered queue', async () => {
    await startJobWorkers(allJobs);
    const schedules = rowsOf<{ name: string; cron: string }>(await db.execute(sql`select name, cron from pgboss.schedule`));
    expect(schedules).toEqual(expect.arrayContaining([{ name: pruneSignInRecordsJob.name, cron: pruneSignInRecordsJob.cron }]));
    const queues = rowsOf<{ name: string }>(await db.execute(sql`select name from pgboss.queue`)).map((q) => q.name);
    expect(queues).toEqual(expect.arrayContaining(allJobs.map((job) => job.name)));
  });

  it('run a sent job with a system context', async () => {
    const seen: unknown[] = [];
    const probe = { name: 'test.probe', pollingIntervalSeconds: 0.5, run: async (ctx: unknown, data: unknown) => void seen.push({ ctx, data }) };
    await startJobWorkers([probe]);
    await db.transaction(async (tx) => {
      const { enqueue } = await import('@/lib/jobs/enqueue');
      await enqueue(tx, probe, { n: 1 });
    });
    const deadline = Date.now() + 20_000;
    while (seen.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([{ ctx: expect.objectContaining({ kind: 'system', job: 'test.probe', actor: null, reach: 'global' }), data: { n: 1 } }]);
  });
});

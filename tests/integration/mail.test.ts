import { eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import { mailOutbox } from '@/db/schema';
import { installJobs, startJobWorkers, stopJobWorkers } from '@/lib/jobs/runner';
import { deliverQueuedMail, resetMailTransportForTests } from '@/lib/mail/deliver-mail';
import { deliverMailJob } from '@/lib/mail/jobs/deliver-mail';
import { queueMail } from '@/lib/mail/send-mail';
import { TestSmtp } from '../helpers/smtp';
import { rowsOf } from '@/lib/kernel/rows';

async function outboxRow(id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

async function deliveryJobs(outboxId: number) {
  const result = await db.execute<{ state: string }>(sql`select state from pgboss.job where name = 'mail.deliver' and (data->>'outboxId')::int = ${outboxId}`);
  return rowsOf<{ state: string }>(result);
}

/** Polls until `check` holds (jobs run on their own schedule), failing after `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}

function useSmtp(url: string | undefined) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  resetMailTransportForTests();
}

afterEach(async () => {
  await stopJobWorkers(2_000);
  useSmtp(undefined);
  jest.restoreAllMocks();
});

describe('mail outbox', () => {
  it('queues the mail and its delivery job in the caller’s transaction', async () => {
    const id = await db.transaction((tx) => queueMail(tx, { to: 'a@test.example', subject: 'Hello', text: 'Body' }));
    expect(await outboxRow(id)).toMatchObject({ to: 'a@test.example', subject: 'Hello', status: 'queued' });
    expect(await deliveryJobs(id)).toEqual([{ state: 'created' }]);
  });

  it('writes neither the mail nor its job when the surrounding transaction rolls back', async () => {
    let queued = 0;
    await expect(
      db.transaction(async (tx) => {
        queued = await queueMail(tx, { to: 'b@test.example', subject: 'Rolled back', text: 'x' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'b@test.example'))).toEqual([]);
    expect(await deliveryJobs(queued)).toEqual([]);
  });

  it('keeps mail in the outbox when SMTP is not configured', async () => {
    const id = await queueMail(db, { to: 'c@test.example', subject: 'Kept', text: 'x' });
    expect(await deliverQueuedMail(id, { now: new Date() })).toBe('kept');
    expect((await outboxRow(id)).status).toBe('queued');
  });

  it('sends through SMTP once: a repeated attempt finds the mail sent', async () => {
    const smtp = await new TestSmtp().start();
    try {
      useSmtp(smtp.url);
      const id = await queueMail(db, { to: 'd@test.example', subject: 'Once', text: 'x' });
      expect(await deliverQueuedMail(id, { now: new Date() })).toBe('sent');
      expect(await deliverQueuedMail(id, { now: new Date() })).toBe('sent');
      expect(smtp.received.map((m) => m.to)).toEqual([['d@test.example']]);
      expect(await outboxRow(id)).toMatchObject({ status: 'sent', error: null });
    } finally {
      await smtp.stop();
    }
  });

  it('keeps a failed attempt queued with its reason, and marks the last one failed', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    useSmtp('smtp://127.0.0.1:1'); // nothing listens there
    const id = await queueMail(db, { to: 'e@test.example', subject: 'Down', text: 'secret link' });
    expect(await deliverQueuedMail(id, { now: new Date(), lastAttempt: false })).toBe('retry');
    expect(await outboxRow(id)).toMatchObject({ status: 'queued', error: expect.stringMatching(/ECONNREFUSED|connect/i) });
    expect(await deliverQueuedMail(id, { now: new Date(), lastAttempt: true })).toBe('failed');
    expect((await outboxRow(id)).status).toBe('failed');
    // The log names the mail, never its body.
    expect(JSON.stringify((console.error as jest.Mock).mock.calls)).not.toContain('secret link');
  });
});

describe('mail delivery job', () => {
  // The production policy waits 30 s before the first retry; these queues retry every second.
  const fast = (retryLimit: number) => ({ ...deliverMailJob, pollingIntervalSeconds: 0.5, queue: { retryLimit, retryDelay: 1, retryBackoff: false } });

  it('waits while the SMTP server is down, survives a restart of the workers, and delivers once when it returns', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const smtp = await new TestSmtp().start();
    await smtp.stop(); // the port is known; the server is down
    useSmtp(smtp.url);
    await installJobs([fast(30)]);
    const id = await queueMail(db, { to: 'f@test.example', subject: 'Outage', text: 'x' });

    await startJobWorkers([fast(30)]);
    await eventually(async () => (await outboxRow(id)).error !== null);
    expect((await outboxRow(id)).status).toBe('queued');

    // The app restarts mid-queue; meanwhile the mail server comes back.
    await stopJobWorkers(2_000);
    await smtp.start();
    await startJobWorkers([fast(30)]);
    await eventually(async () => (await outboxRow(id)).status === 'sent');
    await new Promise((r) => setTimeout(r, 2_500)); // later polls must not send it again
    expect(smtp.received.filter((m) => m.to.includes('f@test.example'))).toHaveLength(1);
    expect(await deliveryJobs(id)).toEqual([{ state: 'completed' }]);
    await smtp.stop();
  });

  it('marks a mail that never gets through failed with the reason, once its retries are spent', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    useSmtp('smtp://127.0.0.1:1');
    await installJobs([fast(1)]);
    const id = await queueMail(db, { to: 'g@test.example', subject: 'Never', text: 'x' });
    await startJobWorkers([fast(1)]);
    await eventually(async () => (await outboxRow(id)).status === 'failed');
    expect((await outboxRow(id)).error).toMatch(/ECONNREFUSED|connect/i);
  });
});

import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { mailOutbox } from '@/db/schema';
import { deliverQueuedMail, queueMail, resetMailTransportForTests } from '@/lib/mail/send-mail';

describe('mail outbox', () => {
  afterEach(() => {
    delete process.env.SMTP_URL;
    resetMailTransportForTests();
  });

  it('keeps mail in the outbox when SMTP is not configured', async () => {
    const id = await queueMail(db, { to: 'a@test.example', subject: 'Hello', text: 'Body' });
    expect(await deliverQueuedMail(id)).toBe('queued');
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ to: 'a@test.example', subject: 'Hello', status: 'queued' });
  });

  it('writes nothing when the surrounding transaction rolls back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await queueMail(tx, { to: 'b@test.example', subject: 'Rolled back', text: 'x' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'b@test.example'))).toEqual([]);
  });

  it('records a failed SMTP delivery without losing the mail', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:1'; // nothing listens there
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const id = await queueMail(db, { to: 'c@test.example', subject: 'Hi', text: 'x' });
    expect(await deliverQueuedMail(id)).toBe('failed');
    spy.mockRestore();
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row.status).toBe('failed');
    expect(row.error).toBeTruthy();
  });
});

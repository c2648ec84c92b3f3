import 'server-only';
import { eq } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { mailOutbox } from '@/db/schema';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/*
 * Every mail is written to the outbox first (inside the caller's transaction, so a rolled-back change sends
 * nothing), then delivered through SMTP when SMTP_URL is set. Without SMTP it stays in the outbox, which
 * admins read in the app.
 */

/** Queues a mail in the outbox; call inside the write's transaction. Returns the outbox row id. */
export async function queueMail(q: Queryable, message: MailMessage): Promise<number> {
  const [row] = await q.insert(mailOutbox).values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null }).returning({ id: mailOutbox.id });
  return row.id;
}

let transport: import('nodemailer').Transporter | null | undefined;
async function smtp() {
  if (transport !== undefined) return transport;
  const url = process.env.SMTP_URL;
  transport = url ? (await import('nodemailer')).createTransport(url) : null;
  return transport;
}

/** Delivers a queued mail through SMTP when configured; records the outcome on the outbox row. */
export async function deliverQueuedMail(id: number): Promise<'sent' | 'queued' | 'failed'> {
  const smtpTransport = await smtp();
  if (!smtpTransport) return 'queued';
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  if (!mail || mail.status === 'sent') return 'sent';
  try {
    await smtpTransport.sendMail({ from: process.env.MAIL_FROM ?? 'Trustwell <no-reply@trustwell.example>', to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
    await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), error: null }).where(eq(mailOutbox.id, id));
    return 'sent';
  } catch (error) {
    // The body may hold a temporary password: log the failure, never the message.
    console.error(`[mail] delivery of outbox #${id} failed:`, (error as Error).message);
    await db.update(mailOutbox).set({ status: 'failed', error: (error as Error).message.slice(0, 500) }).where(eq(mailOutbox.id, id));
    return 'failed';
  }
}

/** For tests: forget the cached transport so SMTP_URL changes take effect. */
export function resetMailTransportForTests(): void {
  transport = undefined;
}

import 'server-only';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { mailOutbox } from '@/db/schema';
import { dropOnLeaving, outgoingBodies } from './mail-secrets';

let transport: import('nodemailer').Transporter | null | undefined;
async function smtp() {
  if (transport !== undefined) return transport;
  transport = mailGoesBySmtp() ? (await import('nodemailer')).createTransport(process.env.SMTP_URL!) : null;
  return transport;
}

/** Whether mail leaves by SMTP (SMTP_URL is set); without it mail stays in the outbox to be read in the app. */
export function mailGoesBySmtp(): boolean {
  return !!process.env.SMTP_URL;
}

/** What became of one delivery attempt. */
export type DeliveryOutcome = 'sent' | 'kept' | 'retry' | 'failed';

/**
 * One attempt at delivering an outbox mail through SMTP; the delivery job (jobs/deliver-mail.ts) calls it
 * and pg-boss retries it. A mail already sent is not sent again (a retried or duplicated job finds it
 * sent), and each mail carries a Message-ID of its own, so a receiving server can drop the copy a crash
 * between SMTP's acceptance and our update could still cause. Without SMTP the mail is kept in the outbox.
 * A failure is recorded on the row; after the last attempt the mail is marked failed with the reason. The
 * secret a mail carries goes out in its body and is dropped from the row in the update that marks it sent
 * (or failed for good): the stored copy keeps what was sent, not the secret.
 */
export async function deliverQueuedMail(id: number, { now, lastAttempt = true }: { now: Date; lastAttempt?: boolean }): Promise<DeliveryOutcome> {
  const smtpTransport = await smtp();
  if (!smtpTransport) return 'kept';
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  if (!mail || mail.status !== 'queued') return mail?.status === 'sent' ? 'sent' : 'failed';
  try {
    const body = outgoingBodies(mail, now);
    await smtpTransport.sendMail({
      from: process.env.MAIL_FROM ?? 'Trustwell <no-reply@trustwell.example>',
      to: mail.to,
      subject: mail.subject,
      text: body.text,
      html: body.html ?? undefined,
      messageId: `<${mail.hash}@outbox.trustwell>`,
      headers: mail.headers ?? undefined,
    });
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: now, error: null, ...dropOnLeaving('sent') })
      .where(eq(mailOutbox.id, id));
    return 'sent';
  } catch (error) {
    // The body may hold a link that signs someone in: log the failure, never the message.
    const reason = (error as Error).message.slice(0, 500);
    console.error(`[mail] delivery of outbox #${id} failed${lastAttempt ? '' : ' (will retry)'}: ${reason}`);
    await db
      .update(mailOutbox)
      .set({ status: lastAttempt ? 'failed' : 'queued', error: reason, ...(lastAttempt ? dropOnLeaving('failed') : {}) })
      .where(eq(mailOutbox.id, id));
    return lastAttempt ? 'failed' : 'retry';
  }
}

/** For tests: forget the cached transport so SMTP_URL changes take effect. */
export function resetMailTransportForTests(): void {
  transport = undefined;
}

import 'server-only';
import type { Queryable } from '@/db';
import { mailOutbox } from '@/db/schema';
import { enqueue } from '@/lib/jobs/enqueue';
import { deliverMailJob } from './jobs/deliver-mail';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/*
 * Every mail is written to the outbox inside the caller's transaction (a rolled-back change sends nothing)
 * with a delivery job beside it; after the commit a worker sends it through SMTP when SMTP_URL is set,
 * retrying with backoff while the server is unreachable (lib/mail/deliver-mail.ts). Without SMTP the mail
 * stays in the outbox, which admins read in the app.
 */

/** Queues a mail and its delivery; call inside the write's transaction. Returns the outbox row id. */
export async function queueMail(q: Queryable, message: MailMessage): Promise<number> {
  const [row] = await q
    .insert(mailOutbox)
    .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null })
    .returning({ id: mailOutbox.id });
  await enqueue(q, deliverMailJob, { outboxId: row.id });
  return row.id;
}

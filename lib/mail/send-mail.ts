import 'server-only';
import type { Queryable } from '@/db';
import { mailOutbox } from '@/db/schema';
import { newHash } from '@/db/schema/columns';
import { enqueue } from '@/lib/jobs/enqueue';
import { deliverMailJob } from './jobs/deliver-mail';
import { sealMailSecret, type MailSecret } from './mail-secrets';

/** A mail to queue; `secret`, when it carries one, names the part of the body only its addressee may read. */
export type MailMessage = { to: string; subject: string; text: string; html?: string; secret?: MailSecret; headers?: Record<string, string> };

/*
 * Every mail is written to the outbox inside the caller's transaction (a rolled-back change sends nothing)
 * with a delivery job beside it; after the commit a worker sends it through SMTP when SMTP_URL is set,
 * retrying with backoff while the server is unreachable (lib/mail/deliver-mail.ts). Without SMTP the mail
 * stays in the outbox, which admins read in the app. A secret is stored apart from the body, encrypted,
 * and only until it is sent, used, replaced or expired (lib/mail/mail-secrets.ts).
 */

/** Queues a mail and its delivery; call inside the write's transaction. Returns the outbox row id. */
export async function queueMail(q: Queryable, message: MailMessage): Promise<number> {
  // The row's hash is drawn here: the secret is encrypted bound to it.
  const hash = newHash();
  const body = { text: message.text, html: message.html ?? null };
  const [row] = await q
    .insert(mailOutbox)
    .values({
      hash,
      to: message.to,
      subject: message.subject,
      headers: message.headers ?? null,
      ...(message.secret ? sealMailSecret(hash, body, message.secret) : body),
    })
    .returning({ id: mailOutbox.id });
  await enqueue(q, deliverMailJob, { outboxId: row.id });
  return row.id;
}

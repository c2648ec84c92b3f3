import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { db } from '@/db';
import { mailOutbox } from '@/db/schema';
import type { Actor } from '@/lib/kernel/actor';
import { assertCan } from '@/lib/kernel/policy';
import { withoutNul } from '@/lib/validation/fields';

export type OutboxMail = { hash: string; to: string; subject: string; text: string; status: string; createdAt: Date; sentAt: Date | null };

/**
 * The newest outgoing mails (admins only): without SMTP the outbox is where mail is read, the join links of
 * invitations included. Optionally for one recipient.
 */
export async function listOutbox(actor: Actor, options: { to?: string; limit?: number } = {}): Promise<OutboxMail[]> {
  assertCan(actor, 'outbox.read');
  // The address comes from the page's query string: a NUL would fail in the query, so it is dropped.
  const to = options.to === undefined ? undefined : withoutNul(options.to).trim().toLowerCase();
  return db
    .select({
      hash: mailOutbox.hash,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(Math.min(options.limit ?? 50, 200));
}

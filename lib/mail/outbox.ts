import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { db } from '@/db';
import { mailOutbox, users } from '@/db/schema';
import type { Actor } from '@/lib/kernel/actor';
import { assertCan, canReadMailedSecret } from '@/lib/kernel/policy';
import { withoutNul } from '@/lib/validation/fields';
import { fillSecret, goneReason, openMailSecret, withheldNotice, type MailSecretKind, type SecretWithheld } from './mail-secrets';
import { mailGoesBySmtp } from './deliver-mail';

/** A mail as the outbox shows it: `text` with its secret, or a notice where the reader may not see it. */
export type OutboxMail = { hash: string; to: string; subject: string; text: string; status: string; createdAt: Date; sentAt: Date | null };

/**
 * The newest outgoing mails (admins only): without SMTP the outbox is where mail is read, the join links of
 * invitations included. Optionally for one recipient. A mail's secret is shown only while it is stored and
 * live, only without SMTP (with SMTP it went, or goes, by e-mail: the app shows it to nobody), and only to
 * a reader the policy allows (canReadMailedSecret: never a secret for another admin's or an attorney's
 * account); anywhere else the body says why it is not there.
 */
export async function listOutbox(actor: Actor, options: { to?: string; limit?: number }, now: Date): Promise<OutboxMail[]> {
  assertCan(actor, 'outbox.read');
  // The address comes from the page's query string: a NUL would fail in the query, so it is dropped.
  const to = options.to === undefined ? undefined : withoutNul(options.to).trim().toLowerCase();
  const rows = await db
    .select({
      hash: mailOutbox.hash,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      secretKind: mailOutbox.secretKind,
      secretCipher: mailOutbox.secretCipher,
      secretRemoved: mailOutbox.secretRemoved,
      secretExpiresAt: mailOutbox.secretExpiresAt,
      addresseeId: users.id,
      addresseeIsAdmin: users.isAdmin,
      addresseeIsLegal: users.isLegal,
    })
    .from(mailOutbox)
    .leftJoin(users, eq(users.id, mailOutbox.secretUserId))
    .where(to ? eq(mailOutbox.to, to) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(Math.min(options.limit ?? 50, 200));
  const smtp = mailGoesBySmtp();
  return rows.map(({ secretKind, secretCipher, secretRemoved, secretExpiresAt, addresseeId, addresseeIsAdmin, addresseeIsLegal, ...mail }) => {
    if (secretKind === null) return mail;
    const addressee = addresseeId === null ? null : { userId: addresseeId, isAdmin: !!addresseeIsAdmin, isLegal: !!addresseeIsLegal };
    const withheld: SecretWithheld | null =
      goneReason({ secretCipher, secretRemoved, secretExpiresAt }, now) ??
      (smtp ? 'by-email' : canReadMailedSecret(actor, addressee) ? null : 'addressee-only');
    const secret = withheld === null ? openMailSecret({ hash: mail.hash, secretCipher: secretCipher! }) : null;
    return { ...mail, text: fillSecret(mail.text, secret ?? withheldNotice(secretKind as MailSecretKind, withheld ?? 'unreadable')) };
  });
}

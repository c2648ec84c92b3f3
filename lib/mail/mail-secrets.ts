import 'server-only';
import { and, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { mailOutbox } from '@/db/schema';
import type { MAIL_SECRET_KINDS, MAIL_SECRET_REMOVALS } from '@/db/schema/enums';
import { decrypt, encrypt } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { escapeHtml } from './layout';

/*
 * A mailed secret is readable by its addressee alone (docs/security.md, "Mailed secrets and the outbox"). A
 * mail that carries one (a link that sets a password, confirms an e-mail or joins an invitation, or a
 * temporary password) is stored with the secret apart from its body: the body holds SECRET_PLACEHOLDER, the
 * secret is encrypted in `secret_cipher` at the row's place, and that column is cleared, with the reason,
 * once the secret has no business being stored: delivered by SMTP, used, replaced by a newer one, expired,
 * or undeliverable. Who may read a stored secret in the app is the policy's question (lib/kernel/policy.ts
 * canReadMailedSecret); delivery puts it back into the body it sends.
 */

/**
 * Where the secret goes in a stored body. The names the secret-bearing mails hold cannot contain braces
 * (lib/validation/fields.ts); if one did, the secret would only repeat within its own mail.
 */
export const SECRET_PLACEHOLDER = '{{secret}}';

export type MailSecretKind = (typeof MAIL_SECRET_KINDS)[number];
export type MailSecretRemoval = (typeof MAIL_SECRET_REMOVALS)[number];

/** A secret a mail carries, as its use case describes it. */
export type MailSecret = {
  /** Its exact text in the body: the whole link, or the temporary password. */
  value: string;
  kind: MailSecretKind;
  /** The account it opens, whose owner alone may read it; null for an invitation (no account yet). */
  userId: number | null;
  /** What ends it: the use case's key (`password-link:<user id>` …) that dropMailSecrets is called with. */
  ref: string;
  /** When it stops working; null: until it is used or replaced. */
  expiresAt: Date | null;
};

/** Why a stored mail shows no secret: removed (MailSecretRemoval), or kept but not for this reader. */
export type SecretWithheld = MailSecretRemoval | 'by-email' | 'addressee-only' | 'unreadable';

const REASONS: Record<SecretWithheld, string> = {
  sent: 'removed: it was delivered by e-mail',
  used: 'removed: it has been used',
  replaced: 'removed: it no longer works, a newer one replaced it',
  expired: 'removed: it has expired',
  failed: 'removed: the e-mail could not be delivered',
  cleared: 'removed: stored mail no longer keeps links and passwords',
  'by-email': 'hidden: it goes out by e-mail only',
  'addressee-only': 'hidden: only its addressee may read it',
  unreadable: 'hidden: it cannot be decrypted with the configured keys',
};

/** What stands in a mail's body for a secret it does not show, e.g. "[Link removed: it has been used.]". */
export function withheldNotice(kind: MailSecretKind, why: SecretWithheld): string {
  return `[${kind === 'link' ? 'Link' : 'Password'} ${REASONS[why]}.]`;
}

/** A stored body with the secret (or a notice in its place) put back. */
export function fillSecret(body: string, shown: string): string {
  return body.split(SECRET_PLACEHOLDER).join(shown);
}

const cipherPlace = (rowHash: string) => placeOf(mailOutbox.secretCipher, rowHash);

/** The columns a mail is stored with: its bodies without the secret, and the secret sealed at the row's place. */
export function sealMailSecret(rowHash: string, body: { text: string; html: string | null }, secret: MailSecret) {
  // A secret the body does not hold would be stored for nothing (and a template bug would go unseen).
  if (!body.text.includes(secret.value)) throw new Error('The mail body does not contain its secret.');
  // The HTML holds the secret escaped (a link's `&` is `&#38;` there), and must hold it too: an HTML reader
  // sees only the HTML. Both forms give way to the placeholder, so neither is stored in clear.
  const escaped = escapeHtml(secret.value);
  if (body.html !== null && !body.html.includes(secret.value) && !body.html.includes(escaped)) {
    throw new Error('The mail HTML body does not contain its secret.');
  }
  return {
    text: body.text.split(secret.value).join(SECRET_PLACEHOLDER),
    html: body.html === null ? null : body.html.split(escaped).join(SECRET_PLACEHOLDER).split(secret.value).join(SECRET_PLACEHOLDER),
    secretKind: secret.kind,
    secretCipher: encrypt(secret.value, cipherPlace(rowHash)),
    secretUserId: secret.userId,
    secretRef: secret.ref,
    secretExpiresAt: secret.expiresAt,
  };
}

/** A stored secret in the clear, or null when it cannot be decrypted (a key taken out of the ring). */
export function openMailSecret(row: { hash: string; secretCipher: string }): string | null {
  try {
    return decrypt(row.secretCipher, cipherPlace(row.hash));
  } catch {
    return null;
  }
}

/**
 * Why a stored secret cannot be given out now, whoever asks: gone (with its reason), or past its end; null
 * when it is still stored and live.
 */
export function goneReason(
  row: { secretCipher: string | null; secretRemoved: string | null; secretExpiresAt: Date | null },
  now: Date,
): MailSecretRemoval | null {
  // Every drop records its reason; a row without one (none is written so) reads as used.
  if (row.secretCipher === null) return (row.secretRemoved as MailSecretRemoval | null) ?? 'used';
  if (row.secretExpiresAt !== null && row.secretExpiresAt.getTime() <= now.getTime()) return 'expired';
  return null;
}

/** The bodies a mail goes out with: its secret put back while stored and live, else the notice of why not. */
export function outgoingBodies(
  mail: {
    hash: string;
    text: string;
    html: string | null;
    secretKind: string | null;
    secretCipher: string | null;
    secretRemoved: string | null;
    secretExpiresAt: Date | null;
  },
  now: Date,
): { text: string; html: string | null } {
  if (mail.secretKind === null) return { text: mail.text, html: mail.html };
  const gone = goneReason(mail, now);
  const secret = gone === null ? openMailSecret({ hash: mail.hash, secretCipher: mail.secretCipher! }) : null;
  const shown = secret ?? withheldNotice(mail.secretKind as MailSecretKind, gone ?? 'unreadable');
  // The HTML gets it escaped, as the template had put it there.
  return { text: fillSecret(mail.text, shown), html: mail.html === null ? null : fillSecret(mail.html, escapeHtml(shown)) };
}

/**
 * Drops the stored secrets these keys name (a link used, a newer one issued, a password changed), with the
 * reason; call inside the transaction that ends them. Secrets already dropped keep their first reason.
 */
export async function dropMailSecrets(q: Queryable, refs: string[], reason: Extract<MailSecretRemoval, 'used' | 'replaced'>): Promise<void> {
  if (refs.length === 0) return;
  await q
    .update(mailOutbox)
    .set({ secretCipher: null, secretRemoved: reason })
    .where(and(inArray(mailOutbox.secretRef, refs), isNotNull(mailOutbox.secretCipher)));
}

/** Drops every stored secret past its end (the hourly job; readers already treat them as expired). */
export async function dropExpiredMailSecrets(now: Date): Promise<number> {
  const dropped = await db
    .update(mailOutbox)
    .set({ secretCipher: null, secretRemoved: 'expired' })
    .where(and(isNotNull(mailOutbox.secretCipher), lte(mailOutbox.secretExpiresAt, now)))
    .returning({ id: mailOutbox.id });
  return dropped.length;
}

/** The assignments that drop a row's secret when it leaves for good (sent, or failed for the last time). */
export function dropOnLeaving(reason: Extract<MailSecretRemoval, 'sent' | 'failed'>) {
  return {
    secretCipher: sql`null`,
    // A secret dropped before (used meanwhile) keeps that reason; a mail without one stays without.
    secretRemoved: sql`case when ${mailOutbox.secretCipher} is not null then ${reason} else ${mailOutbox.secretRemoved} end`,
  };
}

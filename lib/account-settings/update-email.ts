import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { emailChanges } from '@/db/schema';
import type { RequestContext } from '@/lib/kernel/context';
import { normaliseEmail } from '@/lib/auth/authenticate';
import { audit } from '@/lib/kernel/audit';
import { AppError } from '@/lib/kernel/errors';
import { dropMailSecrets } from '@/lib/mail/mail-secrets';
import { queueMail } from '@/lib/mail/send-mail';
import { confirmNewEmailMail, emailChangeRequestedMail } from '@/lib/mail/templates/email-change';
import { emailChangeLink } from '@/lib/mail/templates/links';
import { EMAIL_CHANGE_TOO_MANY, EMAIL_IN_USE, EMAIL_UNCHANGED, emailChangeSentMessage, type UpdateEmailInput } from '@/lib/validation/settings';
import { emailInUse } from './email-in-use';
import { assertCurrentPassword, assertOwnSession, loadOwnAccount } from './own-account';

/** How long a confirmation link works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
/** Requests per user per hour: each sends two mails, one of them to an address of the user's choosing. */
export const EMAIL_CHANGE_HOURLY_LIMIT = 5;

/** The outbox key of the confirmation links mailed for a user's e-mail changes (lib/mail/mail-secrets.ts). */
export const emailChangeRef = (userId: number) => `email-change:${userId}`;

/** The stored form of a confirmation link's token: only its SHA-256 is kept. */
export function hashEmailChangeToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** How many email changes the user asked for in the last hour. */
async function recentRequests(q: Queryable, userId: number, now: Date): Promise<number> {
  const [recent] = await q
    .select({ n: count() })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.createdAt, new Date(now.getTime() - 60 * 60 * 1000))));
  return recent.n;
}

/**
 * Asks to change the signed-in user's login email, after checking their current password. Nothing changes
 * yet: a single-use link valid for 24 hours goes to the new address (confirmEmailChange makes the change),
 * and the current address is told about the request. A newer request replaces an older pending one. The
 * address must be free: neither another login's nor an advisor-created client record's waiting for its
 * owner's sign-up (checked again at confirmation). Answers the text saying where the link went, the
 * email the account still signs in with, and the one waiting for confirmation.
 */
export async function updateEmail(ctx: RequestContext, input: UpdateEmailInput): Promise<{ message: string; email: string; pendingEmail: string }> {
  assertOwnSession(ctx.actor);
  const { user, person } = await loadOwnAccount(ctx.actor);
  const email = normaliseEmail(input.contact_info.email);
  // Checked before the password, like the form does: it tells the user nothing they don't know.
  if (email === normaliseEmail(user.email)) {
    throw new AppError('VALIDATION', EMAIL_UNCHANGED, { 'contact_info.email': EMAIL_UNCHANGED });
  }
  // The user's own count of requests tells nothing either; refused here, it costs no password check.
  if ((await recentRequests(db, user.id, ctx.now)) >= EMAIL_CHANGE_HOURLY_LIMIT) throw new AppError('RATE_LIMITED', EMAIL_CHANGE_TOO_MANY);
  // After the password, so an unattended session can't be used to probe which addresses have accounts.
  await assertCurrentPassword(ctx, user, input.password_check);

  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    if (await emailInUse(tx, email, user.id)) throw new AppError('CONFLICT', EMAIL_IN_USE, { 'contact_info.email': EMAIL_IN_USE });
    const { now } = ctx;
    // Again inside the write: two requests at once both passed the check above.
    if ((await recentRequests(tx, user.id, now)) >= EMAIL_CHANGE_HOURLY_LIMIT) throw new AppError('RATE_LIMITED', EMAIL_CHANGE_TOO_MANY);
    // The newest request is the one that counts: older links stop working, and their mails drop them.
    await tx
      .update(emailChanges)
      .set({ expiresAt: now })
      .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.confirmedAt), gt(emailChanges.expiresAt, now)));
    await dropMailSecrets(tx, [emailChangeRef(user.id)], 'replaced');
    const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_HOURS * 60 * 60 * 1000);
    await tx
      .insert(emailChanges)
      .values({ userId: user.id, oldEmail: user.email, newEmail: email, tokenHash: hashEmailChangeToken(token), createdAt: now, expiresAt });
    await audit(tx, ctx, 'settings.email.request', { type: 'user', id: user.id }, { from: user.email, to: email });
    const link = { value: emailChangeLink(token), kind: 'link' as const, userId: user.id, ref: emailChangeRef(user.id), expiresAt };
    await queueMail(tx, confirmNewEmailMail({ to: email, link, hours: EMAIL_CHANGE_TTL_HOURS }));
    await queueMail(tx, emailChangeRequestedMail({ to: user.email, name: person.firstName, newEmail: email }));
  });
  return { message: emailChangeSentMessage(email), email: user.email, pendingEmail: email };
}

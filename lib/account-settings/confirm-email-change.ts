import 'server-only';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { emailChanges, persons, users } from '@/db/schema';
import { auditSecretUse } from '@/lib/kernel/audit';
import { AppError } from '@/lib/kernel/errors';
import type { PublicContext } from '@/lib/kernel/context';
import { dropMailSecrets } from '@/lib/mail/mail-secrets';
import { queueMail } from '@/lib/mail/send-mail';
import { emailChangedMail } from '@/lib/mail/templates/email-change';
import { EMAIL_CHANGE_LINK_INVALID, EMAIL_IN_USE, SETTINGS_MESSAGES, type ConfirmEmailChangeInput } from '@/lib/validation/settings';
import { tellEmailChanged } from '@/lib/auth/security-notices';
import { emailInUse, isUniqueViolation } from './email-in-use';
import { emailChangeRef, hashEmailChangeToken } from './update-email';

/** The pending change a link's token names: unused, not past its end, its account still enabled. */
async function pendingChange(q: Queryable, token: string, lock: boolean) {
  const query = q
    .select({
      id: emailChanges.id,
      userId: emailChanges.userId,
      oldEmail: emailChanges.oldEmail,
      newEmail: emailChanges.newEmail,
      current: users.email,
      personId: users.personId,
      firstName: persons.firstName,
    })
    .from(emailChanges)
    .innerJoin(users, eq(users.id, emailChanges.userId))
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(
      and(
        eq(emailChanges.tokenHash, hashEmailChangeToken(token)),
        isNull(emailChanges.confirmedAt),
        gt(emailChanges.expiresAt, sql`now()`),
        isNull(users.disabledAt),
        // The account still signs in with the address the change was asked from.
        eq(users.email, emailChanges.oldEmail),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update', { of: emailChanges }) : await query;
  return row ?? null;
}

/** The new address a confirmation link would set, for its page; null when the link is not (or no longer) good. */
export async function findPendingEmailChange(token: string): Promise<{ newEmail: string } | null> {
  if (!token) return null;
  const row = await pendingChange(db, token, false);
  return row ? { newEmail: row.newEmail } : null;
}

/**
 * Confirms an email change from the link sent to the new address (a POST from the link's page: mail
 * scanners that open links change nothing). The token proves the mailbox; the request it names was made
 * with the account's password. The address must still be free; the login email and the person's contact
 * email change together, the link is used up (and dropped from the outbox), and the former address is told.
 * Audited as the signed-in user's, else the account's, with the request's address. Answers the spec's text.
 */
export async function confirmEmailChange(ctx: PublicContext, input: ConfirmEmailChangeInput): Promise<{ message: string; email: string }> {
  let email: string;
  try {
    email = await db.transaction(async (tx) => {
      const change = await pendingChange(tx, input.token, true);
      if (!change) throw new AppError('NOT_FOUND', EMAIL_CHANGE_LINK_INVALID);
      if (await emailInUse(tx, change.newEmail, change.userId)) throw new AppError('CONFLICT', EMAIL_IN_USE);
      await tx.update(users).set({ email: change.newEmail }).where(eq(users.id, change.userId));
      await tx.update(persons).set({ email: change.newEmail }).where(eq(persons.id, change.personId));
      await tx
        .update(emailChanges)
        .set({ confirmedAt: sql`now()` })
        .where(eq(emailChanges.id, change.id));
      await dropMailSecrets(tx, [emailChangeRef(change.userId)], 'used');
      await auditSecretUse(
        tx,
        ctx,
        change.userId,
        'settings.email.update',
        { type: 'user', id: change.userId },
        { from: change.oldEmail, to: change.newEmail },
      );
      await queueMail(tx, emailChangedMail({ to: change.oldEmail, name: change.firstName, newEmail: change.newEmail }));
      await tellEmailChanged(tx, { userId: change.userId, key: `change:${change.id}`, at: ctx.now, from: change.oldEmail, to: change.newEmail });
      return change.newEmail;
    });
  } catch (error) {
    // Another account took the address between the check and the write.
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', EMAIL_IN_USE);
    throw error;
  }
  return { message: SETTINGS_MESSAGES.email, email };
}

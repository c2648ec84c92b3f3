import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import { passwordTokens, users } from '@/db/schema';
import { newTemporaryPassword } from '@/lib/auth/password-rules';
import { hashPassword } from '@/lib/auth/password';
import { passwordLinkRef, temporaryPasswordRef, temporaryPasswordSecret } from '@/lib/auth/password-tokens';
import { tellPasswordChanged } from '@/lib/auth/security-notices';
import { revokeUserSessions } from '@/lib/auth/session-rows';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { assertCan } from '@/lib/kernel/policy';
import { dropMailSecrets } from '@/lib/mail/mail-secrets';
import { queueMail } from '@/lib/mail/send-mail';
import { temporaryPasswordMail } from '@/lib/mail/templates/password';
import { personName } from '@/lib/people/person-name';
import { passwordEmailedMessage, type ResetPasswordInput } from '@/lib/validation/admin';
import { loadManagedUser } from './update-user';

export const OWN_PASSWORD_IN_SETTINGS = 'Change your own password in Settings.';

/**
 * Resets a user's password (admins): a random temporary password, mailed to the user (the outbox keeps it as
 * the mail's secret, which no admin reads for another admin's or an attorney's account), replaces it; it
 * signs in once, and that sign-in must choose a new password (users.must_change_password,
 * lib/auth/sign-in.ts). Every session of the user ends; unused password links stop working. Audited with
 * the admin, the address and the browser.
 */
export async function resetPassword(ctx: RequestContext, input: ResetPasswordInput): Promise<{ message: string }> {
  assertCan(ctx.actor, 'user.resetPassword');
  const temporary = newTemporaryPassword();
  const passwordHash = await hashPassword(temporary);
  const name = await db.transaction(async (tx) => {
    const user = await loadManagedUser(tx, input.user_id);
    if (user.id === ctx.actor.userId) throw new AppError('VALIDATION', OWN_PASSWORD_IN_SETTINGS);
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: true, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, user.id))
      .returning({ sessionVersion: users.sessionVersion });
    await tx
      .update(passwordTokens)
      .set({ usedAt: sql`now()` })
      .where(sql`${passwordTokens.userId} = ${user.id} and ${passwordTokens.usedAt} is null`);
    // The user's unused links and an earlier temporary password stop working: their mails drop them too.
    await dropMailSecrets(tx, [passwordLinkRef(user.id), temporaryPasswordRef(user.id)], 'replaced');
    await revokeUserSessions(user.id, tx);
    const displayName = personName(user);
    await queueMail(tx, temporaryPasswordMail({ to: user.email, name: user.firstName, password: temporaryPasswordSecret(user.id, temporary) }));
    await audit(tx, ctx, 'user.resetPassword', { type: 'user', id: user.id });
    // The temporary password's mail is the news; the bell keeps it (issue 29).
    await tellPasswordChanged(tx, { userId: user.id, key: `${user.id}:${changed.sessionVersion}`, at: ctx.now, byAdmin: true });
    return displayName;
  });
  return { message: passwordEmailedMessage(name) };
}

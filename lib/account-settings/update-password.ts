import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import { users } from '@/db/schema';
import type { RequestContext } from '@/lib/kernel/context';
import { hashPassword } from '@/lib/auth/password';
import { retirePasswordSecrets } from '@/lib/auth/password-tokens';
import { readSessionClaims, reissueSession } from '@/lib/auth/session';
import { revokeOtherSessions } from '@/lib/auth/session-rows';
import { audit } from '@/lib/kernel/audit';
import { SETTINGS_MESSAGES, type UpdatePasswordInput } from '@/lib/validation/settings';
import { queueMail } from '@/lib/mail/send-mail';
import { passwordChangedMail } from '@/lib/mail/templates/password';
import { tellPasswordChanged } from '@/lib/auth/security-notices';
import { authorizeOwnSave } from './own-account';

/**
 * Changes the signed-in user's password after checking the current one. Bumping the session version ends
 * every other session (other browsers, a stolen cookie); this browser gets a fresh cookie so it stays in,
 * with the same absolute end (a password change does not extend a session). A password link or temporary
 * password mailed earlier stops working. The account's address is told.
 */
export async function updatePassword(ctx: RequestContext, input: UpdatePasswordInput): Promise<{ message: string }> {
  const { user, person } = await authorizeOwnSave(ctx, input.password_check);
  const passwordHash = await hashPassword(input.new_password);
  const current = (await readSessionClaims())?.sid ?? null;
  const sessionVersion = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, user.id))
      .returning({ sessionVersion: users.sessionVersion });
    // A forgot-password link or temporary password mailed earlier would set it again without this one.
    await retirePasswordSecrets(tx, user.id, ctx.now);
    await revokeOtherSessions(user.id, current, tx);
    await audit(tx, ctx, 'settings.password.update', { type: 'user', id: user.id });
    await queueMail(tx, passwordChangedMail({ to: user.email, name: person.firstName }));
    await tellPasswordChanged(tx, { userId: user.id, key: `${user.id}:${row.sessionVersion}`, at: ctx.now });
    return row.sessionVersion;
  });
  // After the commit: the new cookie must never name a version the database doesn't hold.
  await reissueSession(user.hash, sessionVersion);
  return { message: SETTINGS_MESSAGES.password };
}

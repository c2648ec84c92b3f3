import 'server-only';
import { db } from '@/db';
import { removeSecondFactor } from '@/lib/auth/second-factor/factors';
import { removeAllPasskeys } from '@/lib/auth/second-factor/passkeys';
import { assertRecentSecondStep } from '@/lib/auth/second-factor/rules';
import { tellSecondFactorChanged } from '@/lib/auth/security-notices';
import { revokeUserSessions } from '@/lib/auth/session-rows';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { assertCan } from '@/lib/kernel/policy';
import { personName } from '@/lib/people/person-name';
import type { ResetPasswordInput } from '@/lib/validation/admin';
import { loadManagedUser } from './update-user';

export const OWN_SECOND_FACTOR_IN_SETTINGS = 'Turn your own second step off in Settings.';
export const NO_SECOND_FACTOR = 'This user has no authenticator app or passkey set up.';

/**
 * An admin removes a user's authenticator app, recovery codes and passkeys (a lost phone, issue 31): the user signs
 * in with their password alone next time (an admin or attorney is then asked to set a new one up, at once
 * if past their grace period), every session of theirs ends, they are told (mail and bell), and it is
 * audited. Asks the admin for a recent second step, as acting as someone does.
 */
export async function resetSecondFactor(ctx: RequestContext, input: ResetPasswordInput): Promise<{ message: string }> {
  assertCan(ctx.actor, 'user.resetPassword');
  assertRecentSecondStep(ctx.actor, ctx.now);
  const name = await db.transaction(async (tx) => {
    const user = await loadManagedUser(tx, input.user_id);
    if (user.id === ctx.actor.userId) throw new AppError('VALIDATION', OWN_SECOND_FACTOR_IN_SETTINGS);
    // The app and every passkey: a lost phone often holds both, and either would still sign in.
    const hadApp = await removeSecondFactor(tx, user.id);
    const hadPasskeys = await removeAllPasskeys(tx, user.id);
    if (!hadApp && !hadPasskeys) throw new AppError('CONFLICT', NO_SECOND_FACTOR);
    await revokeUserSessions(user.id, tx);
    await audit(tx, ctx, 'user.resetSecondFactor', { type: 'user', id: user.id });
    await tellSecondFactorChanged(tx, { userId: user.id, key: `${user.id}:${ctx.now.getTime()}`, at: ctx.now, what: 'reset' });
    return personName(user);
  });
  return { message: `${name}’s authenticator app and passkeys were removed. They sign in with their password next time and were signed out everywhere.` };
}

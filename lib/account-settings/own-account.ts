import 'server-only';
import type { Actor } from '@/lib/kernel/actor';
import { normaliseEmail } from '@/lib/auth/authenticate';
import { deviceTokenFor } from '@/lib/auth/device-cookie';
import { readDeviceCookie } from '@/lib/auth/session';
import { reserveAttempt, settleAttempt } from '@/lib/auth/sign-in-attempts';
import { verifyPassword } from '@/lib/auth/password';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { CURRENT_PASSWORD_INCORRECT, CURRENT_PASSWORD_REQUIRED } from '@/lib/validation/settings';
import { findOwnAccount } from './queries';

export const SETTINGS_WHILE_IMPERSONATING = 'My Information is not available while acting as another user.';

/**
 * Refuses what only the account's owner may do: settings belong to the real, signed-in user, so an admin
 * acting as someone cannot change that person's name, login or password (spec: Settings hidden while
 * impersonating).
 */
export function assertOwnSession(actor: Actor): void {
  if (actor.impersonator) throw new AppError('FORBIDDEN', SETTINGS_WHILE_IMPERSONATING);
}

/** Loads the actor's own user and person for a save; refuses when the account is gone or disabled. */
export async function loadOwnAccount(actor: Actor) {
  const row = await findOwnAccount(actor);
  // The actor was loaded from this row moments ago; gone now means the account was removed meanwhile.
  if (!row || row.user.disabled) throw new AppError('UNAUTHENTICATED');
  return row;
}

/**
 * Checks the current password every settings save asks for; a wrong one is a field error on password_check.
 * Each check goes through the sign-in brakes like a sign-in (lib/auth/sign-in-attempts.ts), so a borrowed
 * session can't be used to guess the password; the browser's device cookie vouches for it as at sign-in.
 */
export async function assertCurrentPassword(ctx: RequestContext, user: { hash: string; email: string; passwordHash: string }, password: string): Promise<void> {
  if (!password) {
    throw new AppError('VALIDATION', CURRENT_PASSWORD_REQUIRED, { password_check: CURRENT_PASSWORD_REQUIRED });
  }
  const device = deviceTokenFor(user.hash, await readDeviceCookie());
  const attemptId = await reserveAttempt({ email: normaliseEmail(user.email), ip: ctx.ip, deviceNonce: device?.nonce ?? null }, ctx.now);
  const ok = await verifyPassword(user.passwordHash, password);
  await settleAttempt(attemptId, ok);
  if (!ok) throw new AppError('VALIDATION', CURRENT_PASSWORD_INCORRECT, { password_check: CURRENT_PASSWORD_INCORRECT });
}

/** Refuses impersonation, loads the own account and checks the current password, in that order. */
export async function authorizeOwnSave(ctx: RequestContext, password: string) {
  assertOwnSession(ctx.actor);
  const account = await loadOwnAccount(ctx.actor);
  await assertCurrentPassword(ctx, account.user, password);
  return account;
}

/** Empty optional text is stored as NULL, as elsewhere on persons. */
export function orNull(value: string): string | null {
  return value === '' ? null : value;
}

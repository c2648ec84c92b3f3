import 'server-only';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { db } from '@/db';
import { users } from '@/db/schema';
import type { PublicContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { passkeyAssertion } from '@/lib/validation/settings';
import { loadActor } from './actor';
import { loadSignInUser, openSignIn, PASSWORD_CHANGE_REQUIRED } from './authenticate';
import { deviceTokenFor } from './device-cookie';
import { landingPathFor, safeRedirectPath } from './landing';
import { findPasskey, signInOptions, verifyAssertion } from './second-factor/passkeys';
import { endSecondStep, pendingSecondStep } from './second-step';
import { readDeviceCookie, rememberDevice, startSession } from './session';
import { reserveAttempt, settleAttempt } from './sign-in-attempts';

/*
 * Signing in with a passkey (issue 31): alone on /login (a discoverable credential: the browser offers the
 * passkeys it holds for the site, nobody types an e-mail), or in place of the code on /login/code after a
 * right password. A passkey verified by its user is both factors, so the session records its second step
 * at once. Every try goes through the password's brakes (lib/auth/sign-in-attempts.ts): per address and
 * browser, and per account once the credential names one. Whatever fails (an unknown credential, a disabled
 * account, a spent or stale challenge, a bad signature, a counter gone backwards) gets the same answer.
 */

export const PASSKEY_REFUSED = 'Invalid passkey: this site could not sign you in with it. Try again, or sign in with your email and password.';

/** The options the browser's passkey prompt needs; `secondStep` limits them to the user whose password this browser checked. */
export async function passkeySignInOptions(ctx: PublicContext, input: { second_step?: boolean }): Promise<PublicKeyCredentialRequestOptionsJSON> {
  let userId: number | null = null;
  if (input.second_step) {
    const pending = await pendingSecondStep();
    const [user] = pending ? await db.select({ id: users.id, sv: users.sessionVersion }).from(users).where(eq(users.hash, pending.uid)).limit(1) : [];
    if (!user || user.sv !== pending!.sv) throw new AppError('UNAUTHENTICATED', PASSKEY_REFUSED);
    userId = user.id;
  }
  return signInOptions(userId, ctx.now, ctx.ip);
}

/** A sign-in response as @simplewebauthn/browser's startAuthentication answers it (sizes bounded). */
export const passkeySignInSchema = z.object({ response: passkeyAssertion, next: z.string().max(2048).optional() });

/** Checks a passkey sign-in and opens the session; answers where to go. */
export async function signInWithPasskey(ctx: PublicContext, input: z.infer<typeof passkeySignInSchema>): Promise<{ redirectTo: string }> {
  const passkey = await findPasskey(input.response.id);
  const user = passkey ? await loadSignInUser(eq(users.id, passkey.userId)) : undefined;

  const deviceCookie = await readDeviceCookie();
  const device = user ? deviceTokenFor(user.hash, deviceCookie) : null;
  // An unknown credential is braked under its own name, as an unknown e-mail is under the one typed.
  const attemptId = await reserveAttempt(
    { email: user?.email ?? `passkey:${input.response.id.slice(0, 64)}`, ip: ctx.ip, deviceNonce: device?.nonce ?? null },
    ctx.now,
  );
  const ok =
    Boolean(passkey && user && !user.disabledAt) && (await verifyAssertion(passkey!, input.response as AuthenticationResponseJSON, 'sign-in', ctx.now));
  await settleAttempt(attemptId, ok);
  if (!ok || !user) throw new AppError('UNAUTHENTICATED', PASSKEY_REFUSED);
  // An administrator reset the password (a temporary one was mailed): that sign-in chooses a new password
  // first, as every door but the sign-in form refuses it (lib/auth/authenticate.ts).
  if (user.mustChangePassword) throw new AppError('FORBIDDEN', PASSWORD_CHANGE_REQUIRED);

  const { claims, deviceToken } = await openSignIn(user, { ip: ctx.ip, userAgent: ctx.userAgent, place: ctx.place, deviceCookie }, ctx.now, ctx.now);
  const actor = await loadActor(claims);
  if (!actor) throw new AppError('UNAUTHENTICATED', PASSKEY_REFUSED);
  await startSession(claims);
  await rememberDevice(deviceToken);
  await endSecondStep();
  return { redirectTo: safeRedirectPath(input.next) ?? landingPathFor(actor) };
}

import 'server-only';
import { eq } from 'drizzle-orm';
import { decode, encode } from 'next-auth/jwt';
import { z } from 'zod';
import { db } from '@/db';
import { users } from '@/db/schema';
import { getSecrets } from '@/lib/config/secrets';
import type { PublicContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { loadActor } from './actor';
import { loadSignInUser, openSignIn, type SecondStepRequired } from './authenticate';
import { deviceTokenFor } from './device-cookie';
import { landingPathFor, safeRedirectPath } from './landing';
import { LOGIN_ERRORS, LOGIN_EXPIRED } from './login-errors';
import { verifyLoginToken } from './login-token';
import { checkSecondStep, hasAuthenticatorApp } from './second-factor/factors';
import { hasPasskey } from './second-factor/passkeys';
import {
  clearPendingSecondStepCookie,
  readDeviceCookie,
  readPendingSecondStepCookie,
  rememberDevice,
  setPendingSecondStepCookie,
  startSession,
} from './session';
import { reserveAttempt, settleAttempt } from './sign-in-attempts';

/*
 * The sign-in's second step (issue 31). A right password for an account with an authenticator app opens no
 * session: the browser gets a short-lived, encrypted "password checked" cookie naming the user and their
 * session version, and the page asks for a code. The code (or a recovery code) goes through the same brakes
 * as a password, per account, address and browser; then the session opens, recording when its second step
 * was passed. The cookie is worth nothing alone: it signs nobody in, ends in five minutes, and a changed
 * password (session version) voids it.
 */

export const SECOND_STEP_MINUTES = 5;
export const SECOND_STEP_EXPIRED = LOGIN_ERRORS['code-expired'];
export const SECOND_STEP_CODE_WRONG = LOGIN_ERRORS.code;

/** Remembers, in this browser only, that `user` passed the password step. */
export async function beginSecondStep(user: SecondStepRequired['user']): Promise<void> {
  const token = await encode({
    token: { step: 'second', uid: user.hash, sv: user.sessionVersion },
    secret: getSecrets().NEXTAUTH_SECRET,
    maxAge: SECOND_STEP_MINUTES * 60,
  });
  await setPendingSecondStepCookie(token, SECOND_STEP_MINUTES * 60);
}

/** The user whose password this browser checked in the last few minutes, or null. */
export async function pendingSecondStep(): Promise<{ uid: string; sv: number } | null> {
  const token = await readPendingSecondStepCookie();
  if (!token) return null;
  try {
    const payload = await decode({ token, secret: getSecrets().NEXTAUTH_SECRET });
    if (payload?.step !== 'second' || typeof payload.uid !== 'string' || typeof payload.sv !== 'number') return null;
    return { uid: payload.uid, sv: payload.sv };
  } catch {
    return null;
  }
}

/** Which second steps the pending user has (the code page offers those): an authenticator app, passkeys. */
export async function pendingFactors(pending: { uid: string }): Promise<{ app: boolean; passkey: boolean }> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.hash, pending.uid)).limit(1);
  if (!user) return { app: false, passkey: false };
  const [app, passkey] = await Promise.all([hasAuthenticatorApp(user.id), hasPasskey(user.id)]);
  return { app, passkey };
}

/** Forgets the password step (the sign-in it began is done). */
export async function endSecondStep(): Promise<void> {
  await clearPendingSecondStepCookie();
}

export const secondStepFormSchema = z.object({
  _token: z.string().optional(),
  code: z.string().max(40).default(''),
  next: z.string().optional(),
});

/** The code form's post: checks the code for the pending user and signs them in. */
export async function completeSecondStep(ctx: PublicContext, input: z.infer<typeof secondStepFormSchema>): Promise<{ redirectTo: string }> {
  if (!verifyLoginToken(input._token)) throw new AppError('BAD_REQUEST', LOGIN_EXPIRED);
  const pending = await pendingSecondStep();
  if (!pending) throw new AppError('UNAUTHENTICATED', SECOND_STEP_EXPIRED);
  const user = await loadSignInUser(eq(users.hash, pending.uid));
  if (!user || user.disabledAt || user.sessionVersion !== pending.sv) throw new AppError('UNAUTHENTICATED', SECOND_STEP_EXPIRED);

  const deviceCookie = await readDeviceCookie();
  const device = deviceTokenFor(user.hash, deviceCookie);
  const attemptId = await reserveAttempt({ email: user.email, ip: ctx.ip, deviceNonce: device?.nonce ?? null }, ctx.now);
  const passed = input.code.trim() ? await checkSecondStep(user.id, input.code, ctx.now) : null;
  await settleAttempt(attemptId, passed !== null);
  if (!passed) throw new AppError('UNAUTHENTICATED', SECOND_STEP_CODE_WRONG);

  const { claims, deviceToken } = await openSignIn(user, { ip: ctx.ip, userAgent: ctx.userAgent, place: ctx.place, deviceCookie }, ctx.now, ctx.now);
  const actor = await loadActor(claims);
  if (!actor) throw new AppError('UNAUTHENTICATED', SECOND_STEP_EXPIRED);
  await startSession(claims);
  await rememberDevice(deviceToken);
  await endSecondStep();
  // A recovery code was spent: Settings → Security says how many are left and offers new ones.
  if (passed === 'recovery') return { redirectTo: '/settings?tab=security' };
  return { redirectTo: safeRedirectPath(input.next) ?? landingPathFor(actor) };
}

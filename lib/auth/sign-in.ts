import 'server-only';
import { z } from 'zod';
import { AppError } from '@/lib/kernel/errors';
import { EMAIL_MAX_LENGTH, PASSWORD_CHECK_MAX_LENGTH } from '@/lib/validation/fields';
import type { PublicContext } from '@/lib/kernel/context';
import { loadActor } from './actor';
import { authenticate, INVALID_CREDENTIALS, PasswordChangeRequired, SecondStepRequired, type SignedIn } from './authenticate';
import { landingPathFor, safeRedirectPath } from './landing';
import { LOGIN_EXPIRED } from './login-errors';
import { verifyLoginToken } from './login-token';
import { exchangeTemporaryPassword } from './password-tokens';
import { beginSecondStep } from './second-step';
import { readDeviceCookie, rememberDevice, startSession } from './session';

export const loginFormSchema = z.object({
  _token: z.string().optional(),
  // Plain strings: a wrong shape is just a failed sign-in. The limits keep an attacker's megabyte from being hashed.
  email: z.string().max(EMAIL_MAX_LENGTH).default(''),
  password: z.string().max(PASSWORD_CHECK_MAX_LENGTH).default(''),
  next: z.string().optional(),
});
export type LoginFormInput = z.infer<typeof loginFormSchema>;

/** Signs a user in from the login form: checks the form token, the credentials, starts the session and remembers the device. */
export async function signInWithForm(ctx: PublicContext, input: LoginFormInput): Promise<{ redirectTo: string }> {
  if (!verifyLoginToken(input._token)) throw new AppError('BAD_REQUEST', LOGIN_EXPIRED);
  let signedIn: SignedIn;
  try {
    signedIn = await authenticate(
      {
        email: input.email,
        password: input.password,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        place: ctx.place,
        deviceCookie: await readDeviceCookie(),
      },
      ctx.now,
    );
  } catch (error) {
    // An account with an authenticator app: the code comes next, on its own page (lib/auth/second-step.ts).
    if (error instanceof SecondStepRequired) {
      await beginSecondStep(error.user);
      const next = safeRedirectPath(input.next);
      return { redirectTo: next ? `/login/code?${new URLSearchParams({ next })}` : '/login/code' };
    }
    // A temporary password signs in once, to choose a new one: it is exchanged for a set-password link.
    if (!(error instanceof PasswordChangeRequired)) throw error;
    const token = await exchangeTemporaryPassword(ctx, error.userId);
    return { redirectTo: `/set-password?${new URLSearchParams({ token, reason: 'temporary' })}` };
  }
  const { claims, deviceToken } = signedIn;
  const actor = await loadActor(claims);
  if (!actor) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  await startSession(claims);
  // This browser has now signed in to the account: others' failures will not slow its next sign-in.
  await rememberDevice(deviceToken);
  return { redirectTo: safeRedirectPath(input.next) ?? landingPathFor(actor) };
}

import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { loadActor } from './actor';
import { authenticate } from './authenticate';
import { landingPathFor, safeNextPath } from './landing';
import { verifyLoginToken } from './login-token';
import { startSession } from './session';

export const loginFormSchema = z.object({
  _token: z.string().optional(),
  email: z.string().max(320).default(''),
  password: z.string().max(1024).default(''),
  next: z.string().optional(),
});
export type LoginFormInput = z.infer<typeof loginFormSchema>;

export const LOGIN_EXPIRED = 'Your sign-in form expired. Please try again.';

/** Signs a user in from the login form: checks the form token, the credentials and starts the session. */
export async function signInWithForm(input: LoginFormInput, ip: string): Promise<{ redirectTo: string }> {
  if (!verifyLoginToken(input._token)) throw new AppError('BAD_REQUEST', LOGIN_EXPIRED);
  const claims = await authenticate({ email: input.email, password: input.password, ip });
  const actor = await loadActor(claims);
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Invalid email or password.');
  await startSession(claims);
  return { redirectTo: safeNextPath(input.next) ?? landingPathFor(actor) };
}

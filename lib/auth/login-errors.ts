import { isAppError } from '@/lib/kernel/errors';
import { ACCOUNT_SLOWED, ADDRESS_SLOWED, INVALID_CREDENTIALS } from './sign-in-brake';

export const LOGIN_EXPIRED = 'Your sign-in form expired. Please try again.';

/**
 * What the login page may say after a failed sign-in. The form post redirects to `/login?error=<code>` and
 * the page shows the text for the code: text from the address is never shown, so a link cannot make the
 * site display words of someone else's choosing.
 */
export const LOGIN_ERRORS = {
  credentials: INVALID_CREDENTIALS,
  // The codes predate the brakes' slowing down instead of locking; kept, since links may carry them.
  locked: ACCOUNT_SLOWED,
  'network-locked': ADDRESS_SLOWED,
  expired: LOGIN_EXPIRED,
  // The second step (lib/auth/second-step.ts): its texts are written there.
  code: 'That code is not right. Enter the newest code from your authenticator app, or one of your recovery codes.',
  'code-expired': 'Your sign-in took too long. Please sign in again.',
  unknown: 'Something went wrong while signing in. Please try again.',
} as const;

export type LoginErrorCode = keyof typeof LOGIN_ERRORS;

// next-auth sends its own codes to the error page (pages.error is /login).
const NEXT_AUTH_CODES: Record<string, LoginErrorCode> = {
  CredentialsSignin: 'credentials',
  Configuration: 'unknown',
  AccessDenied: 'credentials',
  Verification: 'expired',
  Default: 'unknown',
};

/** The code for a sign-in failure (an AppError thrown by authenticate or the form check). */
export function loginErrorCodeFor(error: unknown): LoginErrorCode {
  if (!isAppError(error)) return 'unknown';
  const match = (Object.entries(LOGIN_ERRORS) as [LoginErrorCode, string][]).find(([, text]) => text === error.message);
  if (match) return match[0];
  return error.code === 'UNAUTHENTICATED' || error.code === 'VALIDATION' ? 'credentials' : 'unknown';
}

/** The text to show for a code from the query string; null for anything not on the list. */
export function loginErrorMessage(code: unknown): string | null {
  if (typeof code !== 'string') return null;
  if (Object.hasOwn(LOGIN_ERRORS, code)) return LOGIN_ERRORS[code as LoginErrorCode];
  return Object.hasOwn(NEXT_AUTH_CODES, code) ? LOGIN_ERRORS[NEXT_AUTH_CODES[code]] : null;
}

import { decode, encode } from 'next-auth/jwt';
import { cookies } from 'next/headers';
import { getSecrets } from '@/lib/config/secrets';
import type { SessionClaims } from './actor';

/** Sessions last a working day; a password change or disable ends them sooner (session version). */
export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

function secureCookies(): boolean {
  return (process.env.NEXTAUTH_URL ?? '').startsWith('https://');
}

/** The cookie next-auth itself reads and writes, so its sign-out endpoint and ours agree. */
export function sessionCookieName(): string {
  return secureCookies() ? '__Secure-next-auth.session-token' : 'next-auth.session-token';
}

/** Turns a session token into its claims; null when absent, expired or tampered with. */
export async function decodeSessionToken(token: string | undefined): Promise<SessionClaims | null> {
  if (!token) return null;
  try {
    const payload = await decode({ token, secret: getSecrets().NEXTAUTH_SECRET });
    if (!payload || typeof payload.uid !== 'string' || typeof payload.sv !== 'number') return null;
    return { uid: payload.uid, sv: payload.sv, imp: payload.imp as SessionClaims['imp'] };
  } catch {
    return null;
  }
}

/** Reads the current request's session claims. */
export async function readSessionClaims(): Promise<SessionClaims | null> {
  const store = await cookies();
  return decodeSessionToken(store.get(sessionCookieName())?.value);
}

/** Issues a session token for the claims (an encrypted next-auth JWT). */
export async function encodeSessionToken(claims: SessionClaims): Promise<string> {
  return encode({ token: { ...claims, sub: claims.uid }, secret: getSecrets().NEXTAUTH_SECRET, maxAge: SESSION_MAX_AGE_SECONDS });
}

/** Cookie attributes for the session cookie. */
export function sessionCookieOptions() {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(),
    path: '/',
    maxAge: SESSION_MAX_AGE_SECONDS,
  };
}

/** Starts a session in the current response (server actions and route handlers). */
export async function startSession(claims: SessionClaims): Promise<void> {
  const store = await cookies();
  store.set(sessionCookieName(), await encodeSessionToken(claims), sessionCookieOptions());
}

/** Ends the session in the current response. */
export async function endSession(): Promise<void> {
  const store = await cookies();
  store.delete(sessionCookieName());
}

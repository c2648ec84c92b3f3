import type { User } from '@/db/schema';
import { encodeSessionToken, sessionCookieName } from '@/lib/auth/session';
import { claimsOf } from './context';
import { cookieJar } from './fake-headers';

/**
 * Makes the following calls run as this user: a real encoded session cookie in the fake jar, naming a
 * session row recorded as sign-in records it (and, when impersonating, the admin's own session behind it).
 */
export async function signInAs(user: Pick<User, 'hash' | 'sessionVersion'>, impersonator?: Pick<User, 'hash' | 'sessionVersion'>) {
  cookieJar.set(sessionCookieName(), await encodeSessionToken(await claimsOf(user, impersonator)));
}

/** Makes the following calls anonymous. */
export function signOut() {
  cookieJar.clear();
}

export function currentSessionCookie(): string | undefined {
  return cookieJar.get(sessionCookieName());
}

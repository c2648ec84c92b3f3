import type { User } from '@/db/schema';
import { encodeSessionToken, sessionCookieName, sessionEndFromNow } from '@/lib/auth/session';
import { cookieJar } from './fake-headers';

/** Makes the following calls run as this user (a real encoded session cookie in the fake jar). */
export async function signInAs(user: Pick<User, 'hash' | 'sessionVersion'>, impersonator?: Pick<User, 'hash' | 'sessionVersion'>) {
  const claims = { uid: user.hash, sv: user.sessionVersion, abs: sessionEndFromNow(), ...(impersonator ? { imp: { uid: impersonator.hash, sv: impersonator.sessionVersion } } : {}) };
  cookieJar.set(sessionCookieName(), await encodeSessionToken(claims));
}

/** Makes the following calls anonymous. */
export function signOut() {
  cookieJar.clear();
}

export function currentSessionCookie(): string | undefined {
  return cookieJar.get(sessionCookieName());
}

import { cookies } from 'next/headers';
import { seeOther } from '@/lib/http/redirect';
import { decodeSessionToken, encodeSessionToken, sessionCookieName, sessionCookieOptions } from '@/lib/auth/session';

/**
 * Ends the session and returns home. While impersonating, it ends only the impersonation and returns the
 * admin to their dashboard (the spec's "return" goes through logout).
 */
async function logout() {
  const store = await cookies();
  const claims = await decodeSessionToken(store.get(sessionCookieName())?.value);
  if (claims?.imp) {
    store.set(sessionCookieName(), await encodeSessionToken(claims.imp), sessionCookieOptions());
    return seeOther('/dashboard');
  }
  store.delete(sessionCookieName());
  return seeOther('/');
}

export const GET = logout;
export const POST = logout;

import { cookies } from 'next/headers';
import { decodeSessionToken, encodeSessionToken, sessionCookieName, sessionCookieOptions } from '@/lib/auth/session';

/**
 * Ends the session and returns home. While impersonating, it ends only the impersonation and returns the
 * admin to their dashboard (the spec's "return" goes through logout).
 */
async function logout(request: Request) {
  const store = await cookies();
  const claims = await decodeSessionToken(store.get(sessionCookieName())?.value);
  if (claims?.imp) {
    store.set(sessionCookieName(), await encodeSessionToken(claims.imp), sessionCookieOptions());
    return Response.redirect(new URL('/dashboard', request.url), 303);
  }
  store.delete(sessionCookieName());
  return Response.redirect(new URL('/', request.url), 303);
}

export const GET = logout;
export const POST = logout;

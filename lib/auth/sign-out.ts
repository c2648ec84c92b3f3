import 'server-only';
import { db } from '@/db';
import { audit } from '@/lib/kernel/audit';
import type { PublicContext } from '@/lib/kernel/context';
import { endSession, readSessionClaims, startSession, type SessionClaims } from './session';
import { revokeSessions } from './session-rows';

/**
 * Revokes every session a token names: its own, and the admin's (and advisor's) behind an impersonation.
 * The door that ends a browser's session without coming back to one (logout outside an impersonation,
 * next-auth's own `POST /api/auth/signout`, lib/auth/options.ts) calls it, so no way out leaves the
 * session's row live for a copy of the cookie.
 */
export async function revokeTokenSessions(claims: Pick<SessionClaims, 'sid' | 'imp' | 'via'>): Promise<void> {
  await revokeSessions([claims.sid, ...(claims.imp ? [claims.imp.sid] : []), ...(claims.via ? [claims.via.sid] : [])]);
}

/**
 * Ends what the browser is signed in as, on the server as well as in the browser: the session's row is
 * revoked, so a copy of the cookie signs nobody in afterwards. While an admin acts as someone, only the
 * impersonation ends (the spec's "return" goes through logout): its session is revoked, the admin's own
 * session comes back with its original end, and the return is audited with both people. Otherwise the
 * session ends and the user goes home. Other sessions of the same user (other browsers) go on.
 */
export async function signOut(ctx: PublicContext): Promise<{ redirectTo: string }> {
  const claims = await readSessionClaims();
  if (claims?.imp && ctx.actor?.impersonator) {
    const admin = claims.imp;
    await db.transaction(async (tx) => {
      await revokeSessions([claims.sid], tx);
      await audit(tx, ctx, 'impersonation.end', { type: 'user', id: ctx.actor!.userId });
    });
    await endSession();
    // From a client back to the advisor the admin acts as (still an impersonation), else back to the admin.
    const back = claims.via
      ? { uid: claims.via.uid, sv: claims.via.sv, sid: claims.via.sid, abs: claims.via.abs ?? claims.abs, imp: admin }
      : { uid: admin.uid, sv: admin.sv, sid: admin.sid, abs: admin.abs ?? claims.abs };
    await startSession(back);
    return { redirectTo: '/dashboard' };
  }
  // Whatever the token names is ended, the admin's session behind a broken impersonation included.
  if (claims) await revokeTokenSessions(claims);
  await endSession();
  return { redirectTo: '/' };
}

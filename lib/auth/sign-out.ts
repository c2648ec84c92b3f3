import 'server-only';
import { db } from '@/db';
import { audit } from '@/lib/audit';
import type { PublicContext } from '@/lib/http/context';
import { endSession, readSessionClaims, startSession } from './session';

/**
 * Ends what the browser is signed in as. While an admin acts as someone, only the impersonation ends (the
 * spec's "return" goes through logout): the admin's own session comes back with its original end, and the
 * return is audited with both people. Otherwise the session ends and the user goes home.
 */
export async function signOut(ctx: PublicContext): Promise<{ redirectTo: string }> {
  const claims = await readSessionClaims();
  if (claims?.imp && ctx.actor?.impersonator) {
    await audit(db, ctx, 'impersonation.end', { type: 'user', id: ctx.actor.userId });
    await startSession({ uid: claims.imp.uid, sv: claims.imp.sv, abs: claims.abs });
    return { redirectTo: '/dashboard' };
  }
  await endSession();
  return { redirectTo: '/' };
}

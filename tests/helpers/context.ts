import type { User } from '@/db/schema';
import type { Actor, SessionClaims } from '@/lib/auth/actor';
import { loadActor } from '@/lib/auth/actor';
import { sessionEndFromNow } from '@/lib/auth/session';
import type { PublicContext, RequestContext } from '@/lib/http/context';

/** Session claims for a user as sign-in would issue them (optionally with an impersonating admin). */
export function claimsOf(user: Pick<User, 'hash' | 'sessionVersion'>, impersonator?: Pick<User, 'hash' | 'sessionVersion'>): SessionClaims {
  return {
    uid: user.hash,
    sv: user.sessionVersion,
    abs: sessionEndFromNow(),
    ...(impersonator ? { imp: { uid: impersonator.hash, sv: impersonator.sessionVersion } } : {}),
  };
}

/** The actor of a user, loaded as a request would load it. */
export async function actorOf(user: Pick<User, 'hash' | 'sessionVersion'>, impersonator?: Pick<User, 'hash' | 'sessionVersion'>): Promise<Actor> {
  const actor = await loadActor(claimsOf(user, impersonator));
  if (!actor) throw new Error(`No actor for user ${user.hash}`);
  return actor;
}

/** A request context for calling domain functions directly. */
export function ctxOf(actor: Actor, ip = '203.0.113.10'): RequestContext {
  return { actor, ip, userAgent: 'jest' };
}

/** A guest's request context. */
export function guestCtx(ip = '203.0.113.10'): PublicContext {
  return { actor: null, ip, userAgent: 'jest' };
}

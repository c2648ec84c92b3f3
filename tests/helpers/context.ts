import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { users, type User } from '@/db/schema';
import { loadActor } from '@/lib/auth/actor';
import { sessionEndFromNow, type SessionClaims } from '@/lib/auth/session';
import { openSession } from '@/lib/auth/session-rows';
import type { Actor } from '@/lib/kernel/actor';
import type { PublicContext, RequestContext } from '@/lib/kernel/context';

type Signable = Pick<User, 'hash' | 'sessionVersion'>;

async function userIdOf(hash: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.hash, hash)).limit(1);
  if (!row) throw new Error(`No user ${hash}`);
  return row.id;
}

/**
 * Session claims for a user as sign-in would issue them, with their session row recorded (optionally an
 * impersonation: the admin's own session, and the impersonation's session opened by that admin).
 */
export async function claimsOf(user: Signable, impersonator?: Signable): Promise<SessionClaims> {
  const abs = sessionEndFromNow();
  const userId = await userIdOf(user.hash);
  if (!impersonator) return { uid: user.hash, sv: user.sessionVersion, sid: await openSession({ userId, abs }), abs };
  const adminId = await userIdOf(impersonator.hash);
  const adminSid = await openSession({ userId: adminId, abs });
  const sid = await openSession({ userId, impersonatorUserId: adminId, abs });
  return { uid: user.hash, sv: user.sessionVersion, sid, abs, imp: { uid: impersonator.hash, sv: impersonator.sessionVersion, sid: adminSid } };
}

/** The actor of a user, loaded as a request would load it. */
export async function actorOf(user: Pick<User, 'hash' | 'sessionVersion'>, impersonator?: Pick<User, 'hash' | 'sessionVersion'>): Promise<Actor> {
  const actor = await loadActor(await claimsOf(user, impersonator));
  if (!actor) throw new Error(`No actor for user ${user.hash}`);
  return actor;
}

/** A request context for calling domain functions directly. */
export function ctxOf(actor: Actor, ip = '203.0.113.10', now = new Date()): RequestContext {
  return { actor, ip, userAgent: 'jest', now };
}

/** A guest's request context. */
export function guestCtx(ip = '203.0.113.10', now = new Date()): PublicContext {
  return { actor: null, ip, userAgent: 'jest', now };
}

import 'server-only';
import { eq, or, sql } from 'drizzle-orm';
import { db } from '@/db';
import { clients, persons, users } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { assertCan } from '@/lib/kernel/policy';
import { assertRecentSecondStep } from './second-factor/rules';
import { loadActor } from './actor';
import { landingPathFor } from './landing';
import { readSessionClaims, startSession, type SessionClaims } from './session';
import { openSession } from './session-rows';

/** Each impersonation ends an hour after it starts (or with the session behind it, if sooner). */
export const IMPERSONATION_SECONDS = 60 * 60;

export const CANNOT_ACT_AS_ADMIN = 'Admins and attorneys cannot be impersonated.';
export const ONLY_ADVISORS_ACTED_AS = 'Only advisors can be acted as from here.';
export const ONLY_CLIENTS_ACTED_AS = 'Only clients of this advisor can be acted as.';
export const RETURN_FIRST = 'Return to the advisor before acting as another client.';
const NOT_FOUND = 'The user was not found.';

/** The target of an impersonation, with what decides whether it may be acted as. */
async function loadTarget(hash: string) {
  const [row] = await db
    .select({
      id: users.id,
      hash: users.hash,
      sessionVersion: users.sessionVersion,
      disabled: sql<boolean>`${users.disabledAt} is not null`,
      isAdmin: users.isAdmin,
      isLegal: users.isLegal,
      isAdvisor: sql<boolean>`exists (select 1 from advisors a where a.user_id = ${users.id})`,
      clientAdvisorId: sql<number | null>`(select c.advisor_id from clients c where c.user_id = ${users.id} order by c.id limit 1)`,
      isClient: sql<boolean>`exists (select 1 from clients c where c.user_id = ${users.id})`,
    })
    .from(users)
    // Joined so drizzle qualifies the columns inside the subqueries (alone, `users.id` renders as a bare "id").
    .innerJoin(persons, eq(persons.id, users.personId))
    // A user's hash, or a client's (the client list's rows carry client hashes): the client's login.
    .where(or(eq(users.hash, hash), eq(users.id, sql`(select c.user_id from ${clients} c where c.hash = ${hash})`)))
    .limit(1);
  if (!row || row.disabled) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

/**
 * `POST /impersonate/{userHash}` (or a client's hash, for its login): an admin starts acting as an advisor; while doing so, the admin may act as
 * one of that advisor's clients (spec §6: only users who are clients and neither admin nor legal). Never as
 * an admin or attorney, never deeper than advisor → client. The impersonation gets its own session row
 * (recorded with the admin as impersonator), ending after an hour; the cookie carries the sessions to
 * return to (lib/auth/sign-out.ts). Audited as `impersonation.start` (the audit row names the admin behind
 * an advisor when acting as a client). Answers where to go: the dashboard, or the client's intake.
 */
export async function startImpersonation(ctx: RequestContext, targetHash: string): Promise<{ redirectTo: string; name: string }> {
  const { actor } = ctx;
  const now = ctx.now.getTime();
  const claims = await readSessionClaims();
  if (!claims || claims.uid !== actor.hash) throw new AppError('UNAUTHENTICATED');
  const asClient = actor.impersonator !== null;
  if (asClient) {
    if (claims.via) throw new AppError('FORBIDDEN', RETURN_FIRST);
    assertCan(actor, 'client.actAs');
  } else {
    assertCan(actor, 'user.impersonate');
    // Only an admin signed in with both factors acts as someone, once they have a second factor (issue 31).
    assertRecentSecondStep(actor, ctx.now);
  }

  const target = await loadTarget(targetHash);
  if (target.id === actor.userId) throw new AppError('BAD_REQUEST', 'You cannot act as yourself.');
  if (target.isAdmin || target.isLegal) throw new AppError('FORBIDDEN', CANNOT_ACT_AS_ADMIN);
  if (asClient) {
    // Out of the advisor's reach is not found: a hash is an address, never a permission.
    if (!target.isClient || target.clientAdvisorId === null || !actor.advisorIds.includes(target.clientAdvisorId)) throw new AppError('NOT_FOUND', NOT_FOUND);
  } else if (!target.isAdvisor) {
    throw new AppError('FORBIDDEN', ONLY_ADVISORS_ACTED_AS);
  }

  const admin = asClient ? claims.imp! : { uid: claims.uid, sv: claims.sv, sid: claims.sid, abs: claims.abs };
  const abs = Math.min(Math.floor(now / 1000) + IMPERSONATION_SECONDS, claims.abs);
  const sid = await db.transaction(async (tx) => {
    const adminUserId = actor.impersonator?.userId ?? actor.userId;
    const id = await openSession({ userId: target.id, impersonatorUserId: adminUserId, abs, ip: ctx.ip, userAgent: ctx.userAgent }, tx);
    await audit(tx, ctx, 'impersonation.start', { type: 'user', id: target.id });
    return id;
  });
  const next: SessionClaims = {
    uid: target.hash,
    sv: target.sessionVersion,
    sid,
    abs,
    imp: admin,
    ...(asClient ? { via: { uid: claims.uid, sv: claims.sv, sid: claims.sid, abs: claims.abs } } : {}),
  };
  const acting = await loadActor(next);
  if (!acting) throw new AppError('INTERNAL');
  await startSession(next);
  return { redirectTo: asClient ? '/client-info' : landingPathFor(acting), name: acting.name };
}

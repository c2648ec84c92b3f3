import 'server-only';
import { cache } from 'react';
import { sql } from 'drizzle-orm';
import { preparedRead } from '@/db/prepared';
import { advisors, clients, households, persons, sessions, users } from '@/db/schema';
import type { Actor } from '@/lib/kernel/actor';
import { rolesOf, type RoleFlags } from '@/lib/kernel/roles';
import { personName } from '@/lib/people/person-name';
import { personNameColumns } from '@/lib/people/person-name-columns';
import { readSessionClaims, type SessionClaims } from './session';
import { SEEN_EVERY_SECONDS, markSessionSeen } from './session-rows';
import { firmRequiresSql } from './second-factor/firm-rule';

/*
 * One query loads the user (and the impersonating admin, when there is one) with everything the policy
 * needs: role flags, the advisor and client rows, the advisors whose clients the user may reach (their
 * own, the ones they work for as staff, and as a firm supervisor every advisor of their firms), and
 * whether the token's session row is still live. Only the columns used here are selected: no password
 * hash, no SSN. Every signed-in request runs it: it is built once (db/prepared.ts) and run with the hashes
 * and session ids.
 */
const usersByHash = preparedRead('actor_users', (q) =>
  q
    .select({
      id: users.id,
      hash: users.hash,
      email: users.email,
      sessionVersion: users.sessionVersion,
      // The live session among the token's that belongs to this user: 0 for the user's own sign-in, the
      // admin's user id for an impersonation, null when none is live (logged out, past its end, unknown).
      liveSessionBy: sql<number | null>`(
        select coalesce(s.impersonator_user_id, 0) from ${sessions} s
         where s.id = any(${sql.placeholder('sids')}) and s.user_id = ${users.id} and s.revoked_at is null and s.expires_at > now()
         limit 1
      )`,
      // Whether that session's last-seen time is due a write (Settings → Security lists it; lib/auth/session-rows.ts).
      sessionSeenDue: sql<boolean | null>`(
        select s.last_seen_at is null or s.last_seen_at < now() - make_interval(secs => ${sql.raw(String(SEEN_EVERY_SECONDS))}) from ${sessions} s
         where s.id = any(${sql.placeholder('sids')}) and s.user_id = ${users.id} and s.revoked_at is null and s.expires_at > now()
         limit 1
      )`,
      // The second factor (issue 31): set up or not (an authenticator app or a passkey), when it is due, when
      // this session passed its step.
      secondFactorEnrolled: sql<boolean>`(exists (select 1 from totp_factors tf where tf.user_id = ${users.id} and tf.confirmed_at is not null)
        or exists (select 1 from passkeys pk where pk.user_id = ${users.id}))`,
      secondFactorDueAt: users.secondFactorDueAt,
      secondFactorRequiredByFirm: sql<boolean>`${firmRequiresSql(users.id)}`,
      sessionSecondFactorAt: sql<string | null>`(
        select s.second_factor_at from ${sessions} s
         where s.id = any(${sql.placeholder('sids')}) and s.user_id = ${users.id} and s.revoked_at is null and s.expires_at > now()
         limit 1
      )`,
      disabled: sql<boolean>`${users.disabledAt} is not null`,
      isAdmin: users.isAdmin,
      isLegal: users.isLegal,
      isAdvisory: users.isAdvisory,
      isFirmSupervisor: users.isFirmSupervisor,
      ...personNameColumns,
      advisorId: sql<number | null>`(select a.id from ${advisors} a where a.user_id = ${users.id})`,
      clientId: sql<number | null>`(select c.id from ${clients} c where c.user_id = ${users.id} order by c.id limit 1)`,
      // Its public hash too: the client's own /client-info opens the household by it, with no statement of its own.
      clientHash: sql<string | null>`(select c.hash from ${clients} c where c.user_id = ${users.id} order by c.id limit 1)`,
      // The household the user's client row belongs to, as recorded in households (owner 1 first).
      householdClientIds: sql<number[] | null>`(
        select array_remove(array[h.owner1_client_id, h.owner2_client_id], null)
          from ${households} h
         where (select c.id from ${clients} c where c.user_id = ${users.id} order by c.id limit 1) in (h.owner1_client_id, h.owner2_client_id)
         limit 1
      )`,
      advisorIds: sql<number[]>`array(
        select a.id from advisors a where a.user_id = ${users.id}
        union
        select sa.advisor_id from staff_advisors sa where ${users.isAdvisory} and sa.staff_user_id = ${users.id}
        union
        select peer.advisor_id
          from advisors a
          join advisor_firms own on own.advisor_id = a.id
          join advisor_firms peer on peer.firm_id = own.firm_id
         where ${users.isFirmSupervisor} and ${users.isAdvisory} and a.user_id = ${users.id}
      )`,
    })
    .from(users)
    .innerJoin(persons, sql`${persons.id} = ${users.personId}`)
    .where(sql`${users.hash} = any(${sql.placeholder('hashes')})`),
);

/**
 * Loads the actor for session claims, or null when the user is gone or disabled, the session version is
 * stale, or the session itself has ended on the server (logged out, or never recorded: tokens issued
 * before sessions were recorded carry no `sid` and are refused).
 */
export async function loadActor(claims: SessionClaims): Promise<Actor | null> {
  const behind = [claims.imp, claims.via].filter((c) => c !== undefined);
  const rows = await usersByHash().execute({ hashes: [claims.uid, ...behind.map((c) => c.uid)], sids: [claims.sid, ...behind.map((c) => c.sid)] });
  const row = rows.find((r) => r.hash === claims.uid);
  if (!row || row.disabled || row.sessionVersion !== claims.sv) return null;

  let impersonator: Actor['impersonator'] = null;
  if (claims.imp) {
    const real = rows.find((r) => r.hash === claims.imp!.uid);
    if (!real || real.disabled || real.sessionVersion !== claims.imp.sv || !real.isAdmin) return null;
    // The impersonation's own session, opened by this admin, and the admin's session behind it, both live.
    if (row.liveSessionBy !== real.id || real.liveSessionBy !== 0) return null;
    impersonator = { userId: real.id, hash: real.hash, name: personName(real) };
    if (claims.via) {
      // Acting as a client through an advisor: the admin's impersonation of that advisor is live too.
      const advisor = rows.find((r) => r.hash === claims.via!.uid);
      if (!advisor || advisor.disabled || advisor.sessionVersion !== claims.via.sv || advisor.liveSessionBy !== real.id) return null;
      impersonator.returnToName = personName(advisor);
    }
  } else if (row.liveSessionBy !== 0) {
    return null;
  }
  // At most one small write every few minutes per session, so its "last active" is near enough.
  if (row.sessionSeenDue) await markSessionSeen(claims.sid);

  const flags: RoleFlags = {
    isAdmin: row.isAdmin,
    isLegal: row.isLegal,
    isAdvisory: row.isAdvisory,
    isAdvisor: row.advisorId !== null,
    isClient: row.clientId !== null,
    isFirmSupervisor: row.isFirmSupervisor,
  };
  return {
    ...flags,
    userId: row.id,
    hash: row.hash,
    email: row.email,
    name: personName(row),
    roles: rolesOf(flags),
    advisorId: row.advisorId,
    clientId: row.clientId,
    clientHash: row.clientHash,
    // A client always reaches their own record, even one whose household row is missing.
    householdClientIds: row.householdClientIds?.length ? row.householdClientIds.map(Number) : row.clientId !== null ? [row.clientId] : [],
    advisorIds: (row.advisorIds ?? []).map(Number),
    impersonator,
    secondFactor: {
      enrolled: row.secondFactorEnrolled,
      dueAt: row.secondFactorDueAt,
      passedAt: row.sessionSecondFactorAt ? new Date(row.sessionSecondFactorAt) : null,
      requiredByFirm: row.secondFactorRequiredByFirm,
    },
  };
}

/**
 * The actor of the current request, from its session cookie; null for guests. Memoised per server render
 * (React `cache`), so the header and the page share one lookup; actions and routes call it once anyway.
 */
export const getActor = cache(async (): Promise<Actor | null> => {
  const claims = await readSessionClaims();
  return claims ? loadActor(claims) : null;
});

import { cache } from 'react';
import { eq, inArray } from 'drizzle-orm';
import { db } from '@/db';
import { advisorFirms, advisors, clients, persons, staffAdvisors, users } from '@/db/schema';
import { personName } from '@/lib/people/person-name';
import { rolesOf, type Role, type RoleFlags } from './roles';

/** Who is making a request: the signed-in user (or the one being impersonated) and what they may reach. */
export type Actor = RoleFlags & {
  userId: number;
  hash: string;
  email: string;
  name: string;
  roles: Role[];
  /** This user's advisor row, when the user is an advisor. */
  advisorId: number | null;
  /** This user's own client row, when the user is a client. */
  clientId: number | null;
  /** Client ids of the user's household (self and spouse). */
  householdClientIds: number[];
  /** Advisors whose clients this user may work with, besides legal/admin's global reach. */
  advisorIds: number[];
  /** The real user behind an impersonation. */
  impersonator: { userId: number; hash: string; name: string } | null;
};

/** The claims a session token carries. Internal ids never leave the server, so only hashes are in it. */
export type SessionClaims = { uid: string; sv: number; imp?: { uid: string; sv: number } };

async function loadUser(hash: string) {
  const [row] = await db
    .select({ user: users, person: persons })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(eq(users.hash, hash))
    .limit(1);
  return row;
}

/** Loads the actor for a user hash, or null when the user is gone, disabled or the session is stale. */
export async function loadActor(claims: SessionClaims): Promise<Actor | null> {
  const row = await loadUser(claims.uid);
  if (!row || row.user.disabledAt || row.user.sessionVersion !== claims.sv) return null;

  let impersonator: Actor['impersonator'] = null;
  if (claims.imp) {
    const real = await loadUser(claims.imp.uid);
    if (!real || real.user.disabledAt || real.user.sessionVersion !== claims.imp.sv || !real.user.isAdmin) return null;
    impersonator = { userId: real.user.id, hash: real.user.hash, name: personName(real.person) };
  }

  const { user, person } = row;
  const [advisor] = await db.select({ id: advisors.id }).from(advisors).where(eq(advisors.userId, user.id)).limit(1);
  const [client] = await db
    .select({ id: clients.id, spouseId: clients.spouseId })
    .from(clients)
    .where(eq(clients.userId, user.id))
    .limit(1);

  const advisorIds = new Set<number>();
  if (advisor) advisorIds.add(advisor.id);
  if (user.isAdvisory) {
    const staffOf = await db.select({ id: staffAdvisors.advisorId }).from(staffAdvisors).where(eq(staffAdvisors.staffUserId, user.id));
    staffOf.forEach((s) => advisorIds.add(s.id));
  }
  if (user.isFirmSupervisor && user.isAdvisory && advisor) {
    // A supervisor reaches every advisor in the firms they belong to.
    const firmIds = db.select({ id: advisorFirms.firmId }).from(advisorFirms).where(eq(advisorFirms.advisorId, advisor.id));
    const peers = await db.select({ id: advisorFirms.advisorId }).from(advisorFirms).where(inArray(advisorFirms.firmId, firmIds));
    peers.forEach((p) => advisorIds.add(p.id));
  }

  const flags: RoleFlags = {
    isAdmin: user.isAdmin,
    isLegal: user.isLegal,
    isAdvisory: user.isAdvisory,
    isAdvisor: Boolean(advisor),
    isClient: Boolean(client),
    isFirmSupervisor: user.isFirmSupervisor,
  };
  return {
    ...flags,
    userId: user.id,
    hash: user.hash,
    email: user.email,
    name: personName(person),
    roles: rolesOf(flags),
    advisorId: advisor?.id ?? null,
    clientId: client?.id ?? null,
    householdClientIds: client ? [client.id, ...(client.spouseId ? [client.spouseId] : [])] : [],
    advisorIds: [...advisorIds],
    impersonator,
  };
}

/**
 * The actor of the current request, from its session cookie; null for guests. Memoised per server render
 * (React `cache`), so the header and the page share one lookup; actions and routes call it once anyway.
 */
export const getActor = cache(async (): Promise<Actor | null> => {
  const { readSessionClaims } = await import('./session');
  const claims = await readSessionClaims();
  return claims ? loadActor(claims) : null;
});


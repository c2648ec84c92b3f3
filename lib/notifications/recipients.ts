import 'server-only';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Queryable } from '@/db';
import { advisors, clients, households, persons, users } from '@/db/schema';
import { personNameColumns } from '@/lib/people/person-name-columns';
import { personName } from '@/lib/people/person-name';

/** Who hears of a household's events: its clients' logins, owner 1's advisor's, and owner 1's public hash for links. */
export type HouseholdAudience = { clientUserIds: number[]; advisorUserId: number | null; owner1Hash: string; householdName: string };

/*
 * The recipients are computed as the pages' scope rules compute who may open the household: its own
 * clients, and the advisor of record (owner 1's advisor, whom the household's pages answer to). Nobody
 * else's data reaches a mail: a notice names only its own household. Disabled logins are dropped by
 * notify(); the legal team is every active attorney.
 */

/** The audience of the household a client belongs to (either spouse), or null when there is none. */
export async function householdAudience(q: Queryable, clientId: number): Promise<HouseholdAudience | null> {
  const [household] = await q
    .select({ owner1: households.owner1ClientId, owner2: households.owner2ClientId })
    .from(households)
    .where(or(eq(households.owner1ClientId, clientId), eq(households.owner2ClientId, clientId)))
    .limit(1);
  const owner1Id = household?.owner1 ?? clientId;
  const rows = await q
    .select({ id: clients.id, hash: clients.hash, userId: clients.userId, advisorUserId: advisors.userId, ...personNameColumns })
    .from(clients)
    .innerJoin(persons, eq(persons.id, clients.personId))
    .leftJoin(advisors, eq(advisors.id, clients.advisorId))
    .where(or(eq(clients.id, owner1Id), household?.owner2 ? eq(clients.id, household.owner2) : undefined));
  const owner1 = rows.find((r) => r.id === owner1Id);
  if (!owner1) return null;
  return {
    clientUserIds: rows.map((r) => r.userId).filter((id): id is number => id !== null),
    advisorUserId: owner1.advisorUserId ?? null,
    owner1Hash: owner1.hash,
    // The names the staff's notices say: 'Ada Smith' or 'Ada Smith and Ben Smith'.
    householdName: [owner1, ...rows.filter((r) => r !== owner1)].map(personName).join(' and '),
  };
}

/** Every active attorney. */
export async function legalTeam(q: Queryable): Promise<number[]> {
  const rows = await q
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isLegal, true), isNull(users.disabledAt)));
  return rows.map((r) => r.id);
}

import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db } from '@/db';
import { clients, estatePlans, persons } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { assertCan, hasGlobalReach } from '@/lib/auth/policy';
import { statusLabel } from '@/lib/estate-plans/statuses';
import { personName } from '@/lib/people/person-name';

export type ClientListRow = {
  hash: string;
  name: string;
  spouseName: string | null;
  email: string | null;
  phone: string | null;
  createdAt: Date;
  status: string | null;
  statusLabel: string;
};

/** One row per household in the actor's scope, newest first, with the latest plan's status (or N/A). */
export async function listHouseholds(actor: Actor): Promise<ClientListRow[]> {
  assertCan(actor, 'dashboard.view');
  const spouse = alias(clients, 'spouse');
  const spousePerson = alias(persons, 'spouse_person');
  const latestPlan = db
    .selectDistinctOn([estatePlans.clientId], { clientId: estatePlans.clientId, status: estatePlans.status })
    .from(estatePlans)
    .orderBy(estatePlans.clientId, desc(estatePlans.createdAt), desc(estatePlans.id))
    .as('latest_plan');

  const scope = hasGlobalReach(actor)
    ? undefined
    : actor.advisorIds.length
      ? inArray(clients.advisorId, actor.advisorIds)
      : sql`false`;
  // A married pair is one household: list the client with the lower id, the spouse beside it.
  const firstOfHousehold = or(isNull(clients.spouseId), lt(clients.id, clients.spouseId));

  const rows = await db
    .select({
      hash: clients.hash,
      person: persons,
      spousePerson,
      createdAt: clients.createdAt,
      status: latestPlan.status,
      spouseStatus: sql<string | null>`(select ep.status from estate_plans ep where ep.client_id = ${spouse.id} order by ep.created_at desc, ep.id desc limit 1)`,
    })
    .from(clients)
    .innerJoin(persons, eq(persons.id, clients.personId))
    .leftJoin(spouse, eq(spouse.id, clients.spouseId))
    .leftJoin(spousePerson, eq(spousePerson.id, spouse.personId))
    .leftJoin(latestPlan, eq(latestPlan.clientId, clients.id))
    .where(and(firstOfHousehold, scope))
    .orderBy(desc(clients.createdAt), desc(clients.id));

  return rows.map((r) => {
    const status = (r.status ?? r.spouseStatus) as Parameters<typeof statusLabel>[0] | null;
    return {
      hash: r.hash,
      name: personName(r.person),
      spouseName: r.spousePerson ? personName(r.spousePerson) : null,
      email: r.person.email,
      phone: r.person.phone,
      createdAt: r.createdAt,
      status,
      statusLabel: status ? statusLabel(status) : 'N/A',
    };
  });
}

import 'server-only';
import { and, desc, eq, isNull, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db } from '@/db';
import { clients, estatePlans, households, persons } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { assertCan } from '@/lib/auth/policy';
import { clientScope } from '@/lib/auth/scope';
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

// The name and contact columns a list row shows; never the SSN columns.
const nameColumns = (p: typeof persons) => ({
  firstName: p.firstName,
  middleName: p.middleName,
  lastName: p.lastName,
  suffix: p.suffix,
  email: p.email,
  phone: p.phone,
});

/**
 * One row per household in the actor's scope, newest first, with the latest plan's status (or N/A). A
 * household is listed under its owner 1, with owner 2 beside it. The spouse columns go through the same
 * scope: a spouse outside it (another advisor's client married to one of ours) is not shown, and an owner 2
 * in scope whose owner 1 is not is listed on their own (without the plan, which hangs off owner 1 and is
 * outside the scope too).
 */
export async function listHouseholds(actor: Actor): Promise<ClientListRow[]> {
  assertCan(actor, 'dashboard.view');
  const owner1InScope = alias(clients, 'owner1_in_scope');
  const spouse = alias(clients, 'spouse');
  const spousePerson = alias(persons, 'spouse_person');
  const latestPlan = db
    .selectDistinctOn([estatePlans.clientId], { clientId: estatePlans.clientId, status: estatePlans.status })
    .from(estatePlans)
    .orderBy(estatePlans.clientId, desc(estatePlans.createdAt), desc(estatePlans.id))
    .as('latest_plan');

  const rows = await db
    .select({
      hash: clients.hash,
      person: nameColumns(persons),
      spousePerson: { firstName: spousePerson.firstName, middleName: spousePerson.middleName, lastName: spousePerson.lastName, suffix: spousePerson.suffix },
      createdAt: clients.createdAt,
      status: latestPlan.status,
    })
    .from(clients)
    .innerJoin(households, or(eq(households.owner1ClientId, clients.id), eq(households.owner2ClientId, clients.id)))
    .innerJoin(persons, eq(persons.id, clients.personId))
    // Set when this row is owner 2 and owner 1 is in scope too: the household is then listed under owner 1.
    .leftJoin(owner1InScope, and(eq(owner1InScope.id, households.owner1ClientId), ne(owner1InScope.id, clients.id), clientScope(actor, owner1InScope)))
    // Owner 2 beside owner 1's row, when in scope.
    .leftJoin(spouse, and(eq(households.owner1ClientId, clients.id), eq(spouse.id, households.owner2ClientId), clientScope(actor, spouse)))
    .leftJoin(spousePerson, eq(spousePerson.id, spouse.personId))
    .leftJoin(latestPlan, eq(latestPlan.clientId, clients.id))
    .where(and(clientScope(actor), isNull(owner1InScope.id)))
    .orderBy(desc(clients.createdAt), desc(clients.id));

  return rows.map((r) => ({
    hash: r.hash,
    name: personName(r.person),
    spouseName: r.spousePerson ? personName(r.spousePerson) : null,
    email: r.person.email,
    phone: r.person.phone,
    createdAt: r.createdAt,
    status: r.status,
    statusLabel: r.status ? statusLabel(r.status) : 'N/A',
  }));
}

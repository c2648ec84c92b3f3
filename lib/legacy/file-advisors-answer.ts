import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db, type Queryable } from '@/db';
import { advisorFirms, advisors, clients, estatePlans, firms, households, persons, users } from '@/db/schema';
import { statusLabel } from '@/lib/estate-plans/statuses';
import { personName } from '@/lib/people/person-name';
import type { DocumentView } from '@/lib/files/document-view';
import { documentsOfPlans } from '@/lib/files/queries';
import type { LegacyAdvisor, LegacyFile } from './document-shapes';
import { personNameColumns } from '@/lib/people/person-name-columns';

/** A document in the spec's File shape. */

export function toLegacyFile(doc: DocumentView): LegacyFile {
  const file: LegacyFile = { id: doc.hash, hash: doc.hash, name: doc.name, updated_at: doc.createdAt };
  if (doc.createdBy !== null) file.created_by = { person: { name: { full: doc.createdBy } } };
  return file;
}

/** A file call's answer with the `advisors` the spec's answer carries, for the household the call changed. */
export async function withAdvisors<T extends { householdClientId: number }>(answer: T): Promise<Omit<T, 'householdClientId'> & { advisors: LegacyAdvisor[] }> {
  const { householdClientId, ...rest } = answer;
  return { ...rest, advisors: await advisorsAnswer(householdClientId) };
}

/**
 * The `advisors` a file call answers (platform §7: "advisors"): the advisor of the household whose plan the
 * call changed, with that household's client (its plans, oldest first, each with its files, newest first).
 * The earlier front end replaced its advisors list with the answer; here the overview is paged in SQL, so
 * the answer carries the one advisor and household that changed, and the pages reload their own data.
 * A household without an advisor answers `[]`. Three statements whatever the sizes. The caller has already
 * checked the plan against the actor's scope.
 */
export async function advisorsAnswer(owner1ClientId: number, q: Queryable = db): Promise<LegacyAdvisor[]> {
  const owner2 = alias(clients, 'owner2');
  const owner2Person = alias(persons, 'owner2_person');
  const advisorPerson = alias(persons, 'advisor_person');
  const [row] = await q
    .select({
      hash: clients.hash,
      advisorId: clients.advisorId,
      createdAt: clients.createdAt,
      ...personNameColumns,
      email: persons.email,
      phone: persons.phone,
      spouseHash: owner2.hash,
      spouseFirstName: owner2Person.firstName,
      spouseMiddleName: owner2Person.middleName,
      spouseLastName: owner2Person.lastName,
      spouseSuffix: owner2Person.suffix,
      advisorHash: advisors.hash,
      advisorUserHash: users.hash,
      advisorFirstName: advisorPerson.firstName,
      advisorMiddleName: advisorPerson.middleName,
      advisorLastName: advisorPerson.lastName,
      advisorSuffix: advisorPerson.suffix,
    })
    .from(clients)
    .innerJoin(persons, eq(persons.id, clients.personId))
    .innerJoin(households, eq(households.owner1ClientId, clients.id))
    .leftJoin(owner2, eq(owner2.id, households.owner2ClientId))
    .leftJoin(owner2Person, eq(owner2Person.id, owner2.personId))
    .innerJoin(advisors, eq(advisors.id, clients.advisorId))
    .innerJoin(users, eq(users.id, advisors.userId))
    .innerJoin(advisorPerson, eq(advisorPerson.id, users.personId))
    .where(eq(clients.id, owner1ClientId))
    .limit(1);
  if (!row || row.advisorId === null) return [];

  const [firmRows, plans] = await Promise.all([
    q
      .select({ hash: firms.hash, name: firms.name })
      .from(advisorFirms)
      .innerJoin(firms, eq(firms.id, advisorFirms.firmId))
      .where(eq(advisorFirms.advisorId, row.advisorId))
      .orderBy(asc(advisorFirms.position), asc(firms.id)),
    q
      .select({ id: estatePlans.id, hash: estatePlans.hash, type: estatePlans.type, status: estatePlans.status, updatedAt: estatePlans.updatedAt })
      .from(estatePlans)
      .where(eq(estatePlans.clientId, owner1ClientId))
      .orderBy(asc(estatePlans.createdAt), asc(estatePlans.id)),
  ]);
  const docs = await documentsOfPlans(
    plans.map((p) => p.id),
    q,
  );
  const spouseName = row.spouseHash
    ? personName({ firstName: row.spouseFirstName, middleName: row.spouseMiddleName, lastName: row.spouseLastName, suffix: row.spouseSuffix })
    : null;
  return [
    {
      hash: row.advisorHash,
      user: {
        hash: row.advisorUserHash,
        person: {
          name: {
            full: personName({ firstName: row.advisorFirstName, middleName: row.advisorMiddleName, lastName: row.advisorLastName, suffix: row.advisorSuffix }),
          },
        },
      },
      firms: firmRows.map((f) => ({ id: f.hash, name: f.name })),
      clients: [
        {
          hash: row.hash,
          person: { name: { full: personName(row) }, contact_info: { email: row.email, phone: row.phone } },
          spouse: row.spouseHash && spouseName !== null ? { hash: row.spouseHash, person: { name: { full: spouseName } } } : null,
          created_at: row.createdAt.toISOString(),
          estate_plans: plans.map((p) => ({
            hash: p.hash,
            type: p.type,
            status: p.status,
            status_full: statusLabel(p.status),
            updated_at: p.updatedAt.toISOString(),
            files: (docs.get(p.id) ?? []).map(toLegacyFile),
          })),
        },
      ],
    },
  ];
}

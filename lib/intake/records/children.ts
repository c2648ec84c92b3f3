import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@/db';
import { children, clientChildren, persons } from '@/db/schema';
import { AppError } from '@/lib/kernel/errors';
import type { Household } from '@/lib/kernel/scope';
import type { DeleteChildInput, GuardianInput, UpsertChildInput } from '@/lib/validation/intake';
import { guardianView, personShape, personView } from '../load/person-shape';
import { recordList } from '../load/record-list';
import { aliased, as, columnsOf, recordColumns } from '../load/subqueries';
import { takesGuardians } from '../save-rules';
import type { ChildView } from '../types';
import { storeHasChildren } from '../has-children';
import { clientIdsOf } from '../write-steps';
import { defineRecord, type SaveStep } from './define';
import { insertPerson, loadHouseholdPerson, loadPersonById, writePerson, type PersonFields } from './persons';

type StoredChild = { id: number; version: number; personId: number; guardian1PersonId: number | null; guardian2PersonId: number | null };

const GUARDIANS_DIFFER = 'The two guardians must be different people.';

/**
 * Children (intake §3): a person (name and date of birth), gender, and guardians 1 and 2 for a minor; no
 * per-owner terms. A new child answers 'Do you have any children?' with Yes. Deleting one removes the
 * child's and guardians' person rows unless another list or child still uses them.
 */
export const childRecord = defineRecord<UpsertChildInput, StoredChild, DeleteChildInput>({
  table: children,
  columns: {
    id: children.id,
    version: children.version,
    personId: children.personId,
    guardian1PersonId: children.guardian1PersonId,
    guardian2PersonId: children.guardian2PersonId,
  },
  pivot: { table: clientChildren, record: clientChildren.childId, terms: {} },
  owned: (input) => ({ owner: input.owner, sameValues: true, values1: {}, values2: {} }),
  person: {
    column: children.personId,
    contact: ['dob'],
    unique: true,
    rows: (stored) => [stored.personId, stored.guardian1PersonId, stored.guardian2PersonId],
  },
  audit: { noun: 'child', type: 'child', once: 'child' },
  values: childValues,
  afterSave: async ({ tx, household, stored }) => {
    if (!stored) await storeHasChildren(tx, household, true);
  },
});

/**
 * Gender and guardians: guardians 1 and 2 only for a child under 18 with a valid date of birth (dropped
 * for an adult), two different people; the guardians' instructions only with a guardian.
 */
async function childValues({ tx, household, input, stored, personId }: SaveStep<UpsertChildInput, StoredChild>) {
  // A linked person keeps a stored date of birth: decide on the one the child has now.
  const { dob } = await loadPersonById(tx, personId!);
  const minor = takesGuardians(dob);
  const guardian1 = minor && input.guardian1 ? await resolveGuardian(tx, household, input.guardian1, stored?.guardian1PersonId ?? null) : null;
  const guardian2 = minor && input.guardian2 ? await resolveGuardian(tx, household, input.guardian2, stored?.guardian2PersonId ?? null) : null;
  if (guardian1 !== null && guardian1 === guardian2) throw new AppError('VALIDATION', GUARDIANS_DIFFER, { 'guardian2.first_name': GUARDIANS_DIFFER });
  return {
    personId,
    gender: input.gender || null,
    guardian1PersonId: guardian1,
    guardian2PersonId: guardian2,
    multiGuardianSpecifics: guardian1 !== null || guardian2 !== null ? input.multi_guardian_specifics.trim() || null : null,
  };
}

const guardianFields = (g: GuardianInput): PersonFields => ({
  firstName: g.first_name,
  middleName: g.middle_name,
  lastName: g.last_name,
  suffix: g.suffix,
  phone: g.phone,
  email: g.email,
});

const sameName = (a: { firstName: string; lastName: string }, b: GuardianInput) =>
  a.firstName.trim().toLowerCase() === b.first_name.trim().toLowerCase() && a.lastName.trim().toLowerCase() === b.last_name.trim().toLowerCase();

/** Only what the entry fills in: a guardian found by name keeps the contact details the entry leaves blank. */
const filledFields = (fields: PersonFields): PersonFields => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== '' && value != null));

/**
 * The person a guardian entry stands for. Guardians are people like any other and one guardian usually
 * serves several children (the form defaults them from the first child that has one), so an entry reuses:
 * the person it names (`person_hash`, one of the household's people; updated from the entry, they are the
 * same human), else the child's current guardian of that place when the name is the same, else a guardian
 * of another of the household's children with the same first and last name (both updated with what the
 * entry fills in); otherwise it is a new person.
 */
async function resolveGuardian(tx: Tx, household: Household, entry: GuardianInput, currentId: number | null): Promise<number> {
  const fields = guardianFields(entry);
  if (entry.person_hash) {
    const named = await loadHouseholdPerson(tx, household, entry.person_hash);
    await writePerson(tx, named, fields);
    return named.id;
  }
  if (currentId !== null) {
    const current = await loadPersonById(tx, currentId);
    if (sameName(current, entry)) {
      await writePerson(tx, current, filledFields(fields));
      return current.id;
    }
  }
  const [match] = await tx
    .select({ id: persons.id })
    .from(persons)
    .where(
      and(
        sql`lower(trim(${persons.firstName})) = ${entry.first_name.trim().toLowerCase()}`,
        sql`lower(trim(${persons.lastName})) = ${entry.last_name.trim().toLowerCase()}`,
        sql`exists (select 1 from ${children} c join ${clientChildren} cc on cc.child_id = c.id
                     where ${inArray(sql`cc.client_id`, clientIdsOf(household))} and ${persons.id} in (c.guardian1_person_id, c.guardian2_person_id))`,
      ),
    )
    .orderBy(persons.id)
    .limit(1);
  if (match) {
    await writePerson(tx, await loadPersonById(tx, match.id), filledFields(fields));
    return match.id;
  }
  return insertPerson(tx, fields);
}

// How the list is read (the intake's load) -------------------------------------------------------------------
const ch = aliased(children, 'ch');
const cc = aliased(clientChildren, 'cc');
const p = aliased(persons, 'p');
const g1 = aliased(persons, 'g1');
const g2 = aliased(persons, 'g2');

/** Children with their person and guardians (a guardian's date of birth and SSN are not read). */
export const childList = recordList({
  shape: {
    ...recordColumns(ch),
    ...columnsOf(ch, 'gender', 'multiGuardianSpecifics'),
    clientId: cc.clientId,
    person: personShape(p, false),
    guardian1: personShape(g1, true),
    guardian2: personShape(g2, true),
  },
  from: sql`${as(cc)} join ${as(ch)} on ${eq(ch.id, cc.childId)} join ${as(p)} on ${eq(p.id, ch.personId)} left join ${as(g1)} on ${eq(g1.id, ch.guardian1PersonId)} left join ${as(g2)} on ${eq(g2.id, ch.guardian2PersonId)}`,
  orderBy: [ch.id, cc.clientId],
  view: ({ row, owner }): ChildView => ({
    hash: row.hash,
    version: row.version,
    owner,
    gender: row.gender,
    person: personView(row.person),
    guardian1: guardianView(row.guardian1),
    guardian2: guardianView(row.guardian2),
    multiGuardianSpecifics: row.multiGuardianSpecifics ?? '',
  }),
});

import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '@/db';
import { children, clientChildren, persons } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { Household } from '@/lib/kernel/scope';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import type { GuardianInput, UpsertChildInput } from '@/lib/validation/intake';
import { takesGuardians } from './save-rules';
import { markHasChildren } from './set-has-children';
import type { IntakeView } from './types';
import {
  ALREADY_ON_LIST_MESSAGE,
  applyPivots,
  clientIdsOf,
  deleteOrphanPersons,
  householdOwned,
  insertPerson,
  createOnceKey,
  intakeWrite,
  loadHouseholdPerson,
  loadPersonById,
  pivotsFor,
  resolveRecordPerson,
  updateVersioned,
  writePerson,
  type PersonFields,
  type WriteOptions,
} from './write';

type StoredChild = { id: number; version: number; personId: number; guardian1PersonId: number | null; guardian2PersonId: number | null };

/** A child of this household by public hash; NOT_FOUND for any other. */
export async function findChild(tx: Tx, household: Household, hash: string): Promise<StoredChild> {
  const [row] = await tx
    .select({
      id: children.id,
      version: children.version,
      personId: children.personId,
      guardian1PersonId: children.guardian1PersonId,
      guardian2PersonId: children.guardian2PersonId,
    })
    .from(children)
    .where(
      and(
        eq(children.hash, hash),
        sql`exists (select 1 from ${clientChildren} where ${clientChildren.childId} = ${children.id} and ${inArray(clientChildren.clientId, clientIdsOf(household))})`,
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
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

/**
 * Creates or updates a child of the household: the child's person (linked, own or new), gender, guardians
 * 1 and 2 (only for a child under 18 with a valid date of birth; dropped for an adult) and the owners'
 * pivot rows; a new child answers 'Do you have any children?' with Yes. Answers the refreshed intake.
 */
export async function upsertChild(ctx: RequestContext, input: UpsertChildInput, options: WriteOptions = {}): Promise<IntakeView> {
  return intakeWrite(
    ctx,
    input.client_hash,
    async (tx, household) => {
      const desired = pivotsFor(householdOwned({ owner: input.owner, sameValues: true, values1: {}, values2: {} }, household, options), household);
      const stored = input.hash ? await findChild(tx, household, input.hash) : null;

      const personId = await resolveRecordPerson(tx, household, {
        currentPersonId: stored?.personId ?? null,
        linkHash: input.existing_person_hash,
        personVersion: input.person_version,
        fields: { firstName: input.first_name, middleName: input.middle_name, lastName: input.last_name, suffix: input.suffix, dob: input.dob },
      });
      const [duplicate] = await tx
        .select({ id: children.id })
        .from(children)
        .where(
          and(
            eq(children.personId, personId),
            stored ? ne(children.id, stored.id) : sql`true`,
            sql`exists (select 1 from ${clientChildren} where ${clientChildren.childId} = ${children.id} and ${inArray(clientChildren.clientId, clientIdsOf(household))})`,
          ),
        )
        .limit(1);
      if (duplicate) throw new AppError('VALIDATION', ALREADY_ON_LIST_MESSAGE, { existing_person_hash: ALREADY_ON_LIST_MESSAGE });

      // A linked person keeps a stored date of birth: decide on the one the child has now.
      const { dob } = await loadPersonById(tx, personId);
      const minor = takesGuardians(dob);
      const guardian1 = minor && input.guardian1 ? await resolveGuardian(tx, household, input.guardian1, stored?.guardian1PersonId ?? null) : null;
      const guardian2 = minor && input.guardian2 ? await resolveGuardian(tx, household, input.guardian2, stored?.guardian2PersonId ?? null) : null;
      if (guardian1 !== null && guardian1 === guardian2) {
        throw new AppError('VALIDATION', 'The two guardians must be different people.', {
          'guardian2.first_name': 'The two guardians must be different people.',
        });
      }
      const values = {
        personId,
        gender: input.gender || null,
        guardian1PersonId: guardian1,
        guardian2PersonId: guardian2,
        multiGuardianSpecifics: guardian1 !== null || guardian2 !== null ? input.multi_guardian_specifics.trim() || null : null,
      };

      let childId: number;
      if (stored) {
        await updateVersioned(tx, children, stored.id, input.version, values);
        childId = stored.id;
      } else {
        const [row] = await tx.insert(children).values(values).returning({ id: children.id });
        childId = row.id;
        await markHasChildren(tx, household);
      }

      const pivots = await tx.select({ clientId: clientChildren.clientId }).from(clientChildren).where(eq(clientChildren.childId, childId));
      await applyPivots(
        pivots.map((p) => ({ clientId: p.clientId, values: {} })),
        desired,
        {
          insert: (p) => tx.insert(clientChildren).values({ clientId: p.clientId, childId }),
          update: async () => undefined,
          remove: (clientIds) => tx.delete(clientChildren).where(and(eq(clientChildren.childId, childId), inArray(clientChildren.clientId, clientIds))),
        },
      );

      if (stored) await deleteOrphanPersons(tx, [stored.personId, stored.guardian1PersonId, stored.guardian2PersonId]);
      await audit(tx, ctx, stored ? 'intake.child.update' : 'intake.child.create', { type: 'child', id: childId });
    },
    createOnceKey('child', input, options),
  );
}

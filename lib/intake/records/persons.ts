import 'server-only';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '@/db';
import {
  beneficiaries,
  children,
  clientBeneficiaries,
  clientChildren,
  clientFiduciaries,
  clientPoaAgents,
  clients,
  fiduciaries,
  persons,
  poaAgents,
  users,
} from '@/db/schema';
import { newHash } from '@/db/schema/columns';
import { sealIdentifier } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { AppError } from '@/lib/kernel/errors';
import type { Household } from '@/lib/kernel/scope';
import { clientIdsOf, staleVersion, updateVersioned } from '../write-steps';

/*
 * The household's people as the list sections write them: finding one of them ('Link from existing
 * record?'), person rows (with their sealed SSN), the person a record's save stands on, and removing person
 * rows nobody uses any more.
 */

export const RELINK_MESSAGE = 'A saved record keeps its person. Remove it and add the other person instead.';
export const ALREADY_ON_LIST_MESSAGE = 'This person is already on this list.';

/** Persons on any of the household's lists (child, guardian, beneficiary, trustee, agent), as SQL on `personId`. */
export function householdPersonScope(household: Household, personId: AnyPgColumn | SQL): SQL {
  const ids = clientIdsOf(household);
  return sql`(
    exists (select 1 from ${children} c join ${clientChildren} cc on cc.child_id = c.id
             where ${inArray(sql`cc.client_id`, ids)} and ${personId} in (c.person_id, c.guardian1_person_id, c.guardian2_person_id))
    or exists (select 1 from ${beneficiaries} b join ${clientBeneficiaries} cb on cb.beneficiary_id = b.id
                where ${inArray(sql`cb.client_id`, ids)} and b.person_id = ${personId})
    or exists (select 1 from ${fiduciaries} f join ${clientFiduciaries} cf on cf.fiduciary_id = f.id
                where ${inArray(sql`cf.client_id`, ids)} and f.person_id = ${personId})
    or exists (select 1 from ${poaAgents} a join ${clientPoaAgents} ca on ca.agent_id = a.id
                where ${inArray(sql`ca.client_id`, ids)} and a.person_id = ${personId})
  )`;
}

const storedPersonColumns = {
  id: persons.id,
  hash: persons.hash,
  version: persons.version,
  firstName: persons.firstName,
  middleName: persons.middleName,
  lastName: persons.lastName,
  suffix: persons.suffix,
  email: persons.email,
  phone: persons.phone,
  dob: persons.dob,
  hasSsn: sql<boolean>`${persons.ssnCipher} is not null`,
};
export type StoredPerson = Pick<
  typeof persons.$inferSelect,
  'id' | 'hash' | 'version' | 'firstName' | 'middleName' | 'lastName' | 'suffix' | 'email' | 'phone' | 'dob'
> & { hasSsn: boolean };

/** One of the household's people by public hash ('Link from existing record?'); NOT_FOUND for anyone else. */
export async function loadHouseholdPerson(tx: Tx, household: Household, personHash: string): Promise<StoredPerson> {
  const [row] = await tx
    .select(storedPersonColumns)
    .from(persons)
    .where(and(eq(persons.hash, personHash), householdPersonScope(household, persons.id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'That person was not found in this household.');
  return row;
}

export async function loadPersonById(tx: Tx, id: number): Promise<StoredPerson> {
  const [row] = await tx.select(storedPersonColumns).from(persons).where(eq(persons.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Person fields a record's form writes; a key that is absent is left alone. `ssn`: '' keeps the stored one. */
export type PersonFields = {
  firstName?: string;
  middleName?: string;
  lastName?: string;
  suffix?: string;
  email?: string;
  phone?: string;
  dob?: string | null;
  ssn?: string;
};

const TEXT_KEYS = ['firstName', 'middleName', 'lastName', 'suffix', 'email', 'phone'] as const;
const orNull = (value: string) => (value.trim() === '' ? null : value);

/** The columns to write for `fields`; with `fillBlanksOnly` (a linked person) only where nothing is stored. */
function personColumnsToWrite(fields: PersonFields, stored: StoredPerson | null, fillBlanksOnly: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const isBlank = (value: unknown) => value === null || value === undefined || value === '';
  for (const key of TEXT_KEYS) {
    const value = fields[key];
    if (value === undefined) continue;
    if (fillBlanksOnly && stored && !isBlank(stored[key])) continue;
    // first and last name are NOT NULL (default ''); the others store null for blank.
    out[key] = key === 'firstName' || key === 'lastName' ? value : orNull(value);
  }
  if (fields.dob !== undefined && !(fillBlanksOnly && stored?.dob)) out.dob = fields.dob;
  return out;
}

/** Inserts a new person (its hash chosen first: the SSN is sealed to the row's place). */
export async function insertPerson(tx: Tx, fields: PersonFields): Promise<number> {
  const hash = newHash();
  const sealed = sealIdentifier(fields.ssn, placeOf(persons.ssnCipher, hash));
  const values = personColumnsToWrite(fields, null, false);
  const [row] = await tx
    .insert(persons)
    .values({ firstName: '', lastName: '', ...values, hash, ssnCipher: sealed.cipher, ssnLast4: sealed.last4 })
    .returning({ id: persons.id });
  return row.id;
}

/**
 * Writes a record's person fields. `version` (the PersonView.version the form read) is checked when sent:
 * the person may have been edited through another list. A linked person (`fillBlanksOnly`) keeps every
 * filled name, dob, phone and email and only gains what was blank (and an SSN when none is stored).
 */
export async function writePerson(
  tx: Tx,
  stored: StoredPerson,
  fields: PersonFields,
  options: { version?: number; fillBlanksOnly?: boolean } = {},
): Promise<void> {
  const values = personColumnsToWrite(fields, stored, options.fillBlanksOnly ?? false);
  if (fields.ssn && !(options.fillBlanksOnly && stored.hasSsn)) {
    const sealed = sealIdentifier(fields.ssn, placeOf(persons.ssnCipher, stored.hash));
    values.ssnCipher = sealed.cipher;
    values.ssnLast4 = sealed.last4;
  }
  if (options.version !== undefined && options.version !== stored.version) throw staleVersion();
  // Only real changes are written (and bump the person's version): re-saving a child unchanged must not
  // turn another list's open form of the same person stale.
  for (const [key, value] of Object.entries(values)) {
    if (key in stored && (stored[key as keyof StoredPerson] ?? null) === (value ?? null)) delete values[key];
  }
  if (Object.keys(values).length === 0) return;
  await updateVersioned(tx, persons, stored.id, stored.version, values);
}

/**
 * The person a record's save stands on: a linked person (reused, blanks filled), the record's own person
 * (updated), or a new one. Returns the person id.
 */
export async function resolveRecordPerson(
  tx: Tx,
  household: Household,
  options: { currentPersonId: number | null; linkHash?: string; personVersion?: number; fields: PersonFields },
): Promise<number> {
  if (options.linkHash) {
    const linked = await loadHouseholdPerson(tx, household, options.linkHash);
    if (linked.id === options.currentPersonId) {
      // Linking the person the record already has: an ordinary edit.
      await writePerson(tx, linked, options.fields, { version: options.personVersion });
      return linked.id;
    }
    // 'Link from existing record?' is asked when a record is created; a saved record keeps its person.
    if (options.currentPersonId !== null) throw new AppError('VALIDATION', RELINK_MESSAGE, { existing_person_hash: RELINK_MESSAGE });
    await writePerson(tx, linked, options.fields, { fillBlanksOnly: true });
    return linked.id;
  }
  if (options.currentPersonId !== null) {
    const stored = await loadPersonById(tx, options.currentPersonId);
    await writePerson(tx, stored, options.fields, { version: options.personVersion });
    return stored.id;
  }
  return insertPerson(tx, options.fields);
}

/**
 * Removes the given person rows that nothing refers to any more (no login, client, child, guardian,
 * beneficiary, trustee or agent): deleting a record leaves its person when another list still uses it.
 */
export async function deleteOrphanPersons(tx: Tx, personIds: readonly (number | null | undefined)[]): Promise<void> {
  const ids = [...new Set(personIds.filter((id): id is number => typeof id === 'number'))];
  if (ids.length === 0) return;
  await tx
    .delete(persons)
    .where(
      and(
        inArray(persons.id, ids),
        sql`not exists (select 1 from ${users} where ${users.personId} = ${persons.id})`,
        sql`not exists (select 1 from ${clients} where ${clients.personId} = ${persons.id})`,
        sql`not exists (select 1 from ${children} c where ${persons.id} in (c.person_id, c.guardian1_person_id, c.guardian2_person_id))`,
        sql`not exists (select 1 from ${beneficiaries} b where b.person_id = ${persons.id})`,
        sql`not exists (select 1 from ${fiduciaries} f where f.person_id = ${persons.id})`,
        sql`not exists (select 1 from ${poaAgents} a where a.person_id = ${persons.id})`,
      ),
    );
}

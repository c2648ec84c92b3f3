import 'server-only';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { db, type Tx } from '@/db';
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
import { assertUnlocked, lockColumns } from '@/lib/billing/feature-lock';
import { sealIdentifier } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { householdSubmittedSql } from '@/lib/estate-plans/submitted';
import { claimOnce, formKey, identicalCallKey, type OnceKey } from '@/lib/idempotency';
import type { PublicContext, RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import type { Permission } from '@/lib/kernel/policy';
import { householdReads, loadHouseholdWith, type Household } from '@/lib/kernel/scope';
import { STALE_VERSION_MESSAGE } from '@/lib/validation/intake';
import { storeCompletion } from './completion-cache';
import { firmShowsFinancialPoa } from './firm-rules';
import { loadHouseholdIntake } from './load';
import { desiredPivots, OwnerError, swapOwners, syncPivots, type HouseholdOwners, type OwnedValues, type Pivot } from './owners';
import type { IntakeView } from './types';

/*
 * What every intake write shares: the transaction around the scoped household, the submission lock, the
 * version check, the household's people (linking), person rows (with their sealed SSN), pivots through the
 * owner engine, and removing person rows nobody uses any more. Each use case (upsert-child.ts ...) is one
 * short function on top of these.
 */

export const RELINK_MESSAGE = 'A saved record keeps its person. Remove it and add the other person instead.';
export const ALREADY_ON_LIST_MESSAGE = 'This person is already on this list.';
export const SUBMITTED_MESSAGE = 'This trust has been submitted for attorney review. Only the attorney can change it now.';

/** How a door calls a write. */
export type WriteOptions = {
  /**
   * The compatibility routes: owner 1 is the client the call names (hash_id), who may be the household's
   * owner 2; our own forms number the owners from the household (IntakeView.client is always owner 1).
   */
  ownersFromAddressedClient?: boolean;
  /**
   * The compatibility routes, which send no key: an identical create (same user, same call, same input)
   * within a few seconds of another is the same create (lib/idempotency.ts).
   */
  identicalCreatesOnce?: boolean;
};

/**
 * The key that makes a record's create happen once (lib/idempotency.ts): the form's `request_key`, else
 * for the compatibility routes the fingerprint of the call; none for an update (it names its record).
 */
export function createOnceKey(call: string, input: { hash?: string; request_key?: string }, options: WriteOptions = {}): OnceKey | null {
  if (input.hash) return null;
  if (input.request_key) return formKey(input.request_key);
  return options.identicalCreatesOnce ? identicalCallKey(call, input) : null;
}

/** A form's ownership in the household's numbering (see WriteOptions). */
export function householdOwned<V>(owned: OwnedValues<V>, household: Household, options: WriteOptions = {}): OwnedValues<V> {
  return options.ownersFromAddressedClient && household.addressedClientId === household.spouseId ? swapOwners(owned) : owned;
}

/** The household's two clients as the owner engine sees them. */
export function ownersOf(household: Household): HouseholdOwners {
  return { owner1Id: household.clientId, owner2Id: household.spouseId };
}

export function clientIdsOf(household: Household): number[] {
  return household.spouseId === null ? [household.clientId] : [household.clientId, household.spouseId];
}

/** A household read for a write: the scope's columns and the features lock's figures, in one statement. */
const householdForWrite = householdReads('household_write', ({ owner1Id }) => lockColumns(owner1Id));

/**
 * Loads the household a write addresses, inside the write's transaction (404 outside the actor's scope for
 * the permission), with the features lock's figures, and refuses a locked advisor's household (403,
 * assertUnlocked) before anything is written. Only reads: stamping is the write's own step.
 */
export async function loadHouseholdForWrite(ctx: PublicContext, clientHash: string, permission: Permission, tx: Tx): Promise<Household> {
  const household = await loadHouseholdWith(ctx, clientHash, permission, householdForWrite, tx);
  assertUnlocked(ctx, household);
  return household;
}

/**
 * Runs an intake write, with every guard spelled out: loads the household through the scope for
 * 'intake.write' inside the transaction (404 outside it) and refuses a locked one (403, the features lock);
 * stamps its last change (which also makes concurrent writes to one household wait for each other);
 * refuses a submitted trust to everyone but attorneys and admins (403); runs the write; and answers the
 * refreshed IntakeView read in the same transaction, storing its completion figure for the dashboard. Any
 * error rolls everything back. A create passes its `once` key (createOnceKey): a duplicate of a create
 * already made skips the write and answers the refreshed view, as the first call did.
 */
export async function intakeWrite(
  ctx: RequestContext,
  clientHash: string,
  write: (tx: Tx, household: Household) => Promise<void>,
  once: OnceKey | null = null,
): Promise<IntakeView> {
  return db.transaction(async (tx) => {
    const household = await loadHouseholdForWrite(ctx, clientHash, 'intake.write', tx);
    await stampLastChange(tx, household);
    await assertEditable(ctx, household, tx);
    if (!once || (await claimOnce(tx, ctx.actor.userId, once))) await write(tx, household);
    const view = await loadHouseholdIntake(ctx, household, tx);
    await storeCompletion(tx, household.householdId, view.completion.percent);
    return view;
  });
}

/**
 * Records that the household's intake changed now (the dashboard's Stalled filter and its completion
 * cache read it). Raw SQL: a drizzle update would also bump the household's row version and updated_at,
 * which a stamp must not do (it is not an edit of the household row). Its row lock holds until the write
 * commits, so two writes to one household run one after the other.
 */
export async function stampLastChange(tx: Tx, household: Household): Promise<void> {
  await tx.execute(sql`update households set last_change_at = now() where id = ${household.householdId}`);
}

/**
 * After submission for attorney review only attorneys and admins may change the intake (the page shows
 * their Edit button; everyone else sees the review). Submitted is the one rule of
 * lib/estate-plans/submitted.ts.
 */
export async function assertEditable(ctx: RequestContext, household: Household, tx: Tx): Promise<void> {
  if (ctx.actor.isLegal || ctx.actor.isAdmin) return;
  const [row] = await tx
    .select({ submitted: householdSubmittedSql(sql`${household.clientId}::int`, sql`${household.spouseId}::int`) })
    .from(clients)
    .where(eq(clients.id, household.clientId));
  if (row?.submitted) throw new AppError('FORBIDDEN', SUBMITTED_MESSAGE);
}

// ---------------------------------------------------------------------------------------------------------
// Versions

/** The 409 every stale save answers; thrown inside the transaction, so nothing is written. */
export function staleVersion(): AppError {
  return new AppError('CONFLICT', STALE_VERSION_MESSAGE);
}

type Versioned = PgTable & { id: AnyPgColumn; version: AnyPgColumn; updatedAt: AnyPgColumn };

/**
 * Updates a versioned row with `values` where its id and the version the form read match (the version's
 * +1 is the column's own, db/schema/columns.ts); no row means someone saved in between: 409. Without a
 * version (only legacy calls, which send none) the save applies to the current version.
 */
export async function updateVersioned<T extends Versioned>(
  tx: Tx,
  table: T,
  id: number,
  version: number | undefined,
  values: Record<string, unknown> = {},
): Promise<void> {
  const t = table as unknown as { id: AnyPgColumn; version: AnyPgColumn };
  const where = version === undefined ? eq(t.id, id) : and(eq(t.id, id), eq(t.version, version));
  const rows = await tx
    .update(table)
    .set({ updatedAt: sql`now()`, ...values } as never)
    .where(where)
    .returning({ id: t.id });
  if (rows.length === 0) throw staleVersion();
}

/** Deletes a versioned row read at `version` (409 when it changed since; legacy: any version). */
export async function deleteVersioned<T extends Versioned>(tx: Tx, table: T, id: number, version: number | undefined): Promise<void> {
  const t = table as unknown as { id: AnyPgColumn; version: AnyPgColumn };
  const where = version === undefined ? eq(t.id, id) : and(eq(t.id, id), eq(t.version, version));
  const rows = await tx.delete(table).where(where).returning({ id: t.id });
  if (rows.length === 0) throw staleVersion();
}

// ---------------------------------------------------------------------------------------------------------
// The household's people

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
export type StoredPerson = {
  id: number;
  hash: string;
  version: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  email: string | null;
  phone: string | null;
  dob: string | null;
  hasSsn: boolean;
};

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

// ---------------------------------------------------------------------------------------------------------
// Pivots

/** The owner engine's desired pivots, with an impossible owner reported on the `owner` field (422). */
export function pivotsFor<V>(owned: OwnedValues<V>, household: Household): Pivot<V>[] {
  try {
    return desiredPivots(owned, ownersOf(household));
  } catch (error) {
    if (error instanceof OwnerError) throw new AppError('VALIDATION', error.message, { owner: error.message });
    throw error;
  }
}

/** Turns the stored pivots into the desired ones with the three writes the owner engine lists. */
export async function applyPivots<V>(
  stored: readonly Pivot<V>[],
  desired: readonly Pivot<V>[],
  write: { insert: (pivot: Pivot<V>) => Promise<unknown>; update: (pivot: Pivot<V>) => Promise<unknown>; remove: (clientIds: number[]) => Promise<unknown> },
): Promise<void> {
  const sync = syncPivots(stored, desired);
  if (sync.remove.length) await write.remove(sync.remove);
  for (const pivot of sync.update) await write.update(pivot);
  for (const pivot of sync.insert) await write.insert(pivot);
}

// ---------------------------------------------------------------------------------------------------------
// Firm rules

/** Whether the household may have financial PoA agents: no client's advisor's first firm is apsi / alpha 1. */
export async function householdShowsFinancialPoa(tx: Tx, household: Household): Promise<boolean> {
  const rows = await tx
    .select({
      // Qualified by hand: drizzle writes a single-table select's columns unqualified, and inside the
      // subquery an unqualified advisor_id would be af's.
      firm: sql<
        string | null
      >`(select f.name from advisor_firms af join firms f on f.id = af.firm_id where af.advisor_id = "clients"."advisor_id" order by af.position, af.firm_id limit 1)`,
    })
    .from(clients)
    .where(inArray(clients.id, clientIdsOf(household)));
  return rows.every((row) => firmShowsFinancialPoa(row.firm));
}

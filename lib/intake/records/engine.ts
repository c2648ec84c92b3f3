import 'server-only';
import { and, eq, getTableColumns, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '@/db';
import { newHash } from '@/db/schema/columns';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import type { Household } from '@/lib/kernel/scope';
import { desiredPivots, OwnerError, syncPivots, type OwnedValues, type Pivot } from '../owners';
import type { IntakeView } from '../types';
import { intakeWrite } from '../write';
import { createOnceKey, deleteVersioned, householdOwned, ownersOf, updateVersioned, type WriteOptions } from '../write-steps';
import { findInHousehold, inHousehold } from './find';
import type { ContactField, PersonInput, RecordDeleteInput, RecordDef, RecordInput, Row, SaveStep, StoredRecord } from './define';
import { ALREADY_ON_LIST_MESSAGE, deleteOrphanPersons, resolveRecordPerson, type PersonFields } from './persons';

/*
 * The engine of the intake's list sections (children, beneficiaries, trustees, agents, properties,
 * companies, gifts, accounts). A section is a definition (records/<section>.ts): its table, its pivot
 * table with the per-owner terms, whether it stands on a person, its audit noun, and hooks for the rules
 * that really differ. The engine does what every section does the same way: find a record in the
 * household, save it (person, row, pivots through the owner engine, orphaned persons, audit) and delete
 * it (guards, row, orphaned persons, audit), each inside intakeWrite (lib/intake/write.ts).
 */

type AnyDef = RecordDef<never, StoredRecord, never>;
const clientColumn = (def: Pick<AnyDef, 'pivot'>) => def.pivot.table.clientId;

/** The owner engine's desired pivots, with an impossible owner reported on the `owner` field (422). */
function pivotsFor<V>(owned: OwnedValues<V>, household: Household): Pivot<V>[] {
  try {
    return desiredPivots(owned, ownersOf(household));
  } catch (error) {
    if (error instanceof OwnerError) throw new AppError('VALIDATION', error.message, { owner: error.message });
    throw error;
  }
}

/** The record's stored pivots of this list. */
async function readPivots(tx: Tx, def: AnyDef, scope: SQL | undefined): Promise<Pivot<Row>[]> {
  const rows = await tx
    .select({ clientId: clientColumn(def), ...def.pivot.terms })
    .from(def.pivot.table)
    .where(scope);
  return rows.map(({ clientId, ...values }) => ({ clientId: clientId as number, values }));
}

/** Turns the stored pivots into the desired ones with the three writes the owner engine lists. */
async function writePivots(tx: Tx, def: AnyDef, scope: SQL | undefined, stored: Pivot<Row>[], desired: Pivot<Row>[], insert: Row): Promise<void> {
  const sync = syncPivots(stored, desired);
  const table = def.pivot.table;
  if (sync.remove.length) await tx.delete(table).where(and(scope, inArray(clientColumn(def), sync.remove)));
  for (const p of sync.update)
    await tx
      .update(table)
      .set(p.values)
      .where(and(scope, eq(clientColumn(def), p.clientId)));
  for (const p of sync.insert) await tx.insert(table).values({ ...p.values, clientId: p.clientId, ...insert });
}

/** The name and contact fields of a section's person, from its form. */
function personFields(input: PersonInput, contact: ContactField[]): PersonFields {
  const fields: PersonFields = { firstName: input.first_name, middleName: input.middle_name, lastName: input.last_name, suffix: input.suffix };
  for (const key of contact) (fields as Row)[key] = input[key];
  return fields;
}

/** The person a save stands on; a person already on the list (another record) is refused (422). */
async function savePerson<I extends RecordInput, S extends StoredRecord>(
  def: RecordDef<I, S, RecordDeleteInput>,
  step: Omit<SaveStep<I, S>, 'personId' | 'hash'>,
  linked: boolean,
): Promise<number | null> {
  const { person } = def;
  if (!person || (person.when && !person.when(step.input))) return null;
  const { tx, household, stored } = step;
  const input = step.input as unknown as PersonInput;
  const personId = await resolveRecordPerson(tx, household, {
    currentPersonId: linked ? null : (((stored as Row | null)?.personId as number | null | undefined) ?? null),
    linkHash: input.existing_person_hash,
    personVersion: input.person_version,
    fields: personFields(input, person.contact),
  });
  if (person.unique) {
    const [duplicate] = await tx
      .select({ id: def.table.id })
      .from(def.table as PgTable)
      .where(and(eq(person.column, personId), stored ? ne(def.table.id, stored.id) : sql`true`, inHousehold(def as unknown as AnyDef, household)))
      .limit(1);
    if (duplicate) throw new AppError('VALIDATION', ALREADY_ON_LIST_MESSAGE, { existing_person_hash: ALREADY_ON_LIST_MESSAGE });
  }
  return personId;
}

/** The person rows a record holds (to remove those nobody uses any more). */
const personRows = <S extends StoredRecord>(def: RecordDef<never, S, never>, stored: S) =>
  def.person?.rows ? def.person.rows(stored) : [(stored as unknown as { personId: number | null }).personId];

/**
 * Creates (no hash) or updates a record of a section: its person, its row, each owning client's pivot
 * through the owner engine, then removes person rows the record no longer holds and audits. Answers the
 * refreshed intake; a create happens once per key (createOnceKey).
 */
export async function upsertRecord<I extends RecordInput, S extends StoredRecord, D extends RecordDeleteInput>(
  def: RecordDef<I, S, D>,
  ctx: RequestContext,
  input: I,
  options: WriteOptions = {},
): Promise<IntakeView> {
  const any = def as unknown as AnyDef;
  return intakeWrite(
    ctx,
    input.client_hash,
    async (tx, household) => {
      await def.guard?.(tx, household, input);
      const owned = householdOwned(def.owned(input), household, options);
      const wanted = pivotsFor(owned, household);
      const found = input.hash ? await findInHousehold<S>(tx, def, household, input.hash, def.where?.(input)) : null;
      const base = { tx, household, input, stored: found, owner: owned.owner, wanted };
      const { stored, version, linked } = def.existing ? await def.existing(base) : { stored: found, version: input.version, linked: false };
      const personId = await savePerson(def as unknown as RecordDef<I, S, RecordDeleteInput>, { ...base, stored }, linked);
      const hash = ((stored as Row | null)?.hash as string | undefined) ?? newHash();
      const step: SaveStep<I, S> = { ...base, stored, hash, personId };

      const values = await def.values(step);
      let id: number;
      if (stored) {
        await updateVersioned(tx, def.table, stored.id, version, values);
        id = stored.id;
      } else {
        const [row] = await tx
          .insert(def.table)
          .values({ ...values, ...(await def.insertValues?.(step)) })
          .returning({ id: def.table.id });
        id = row.id as number;
      }
      await def.afterSave?.({ ...step, id });

      const scope = and(eq(def.pivot.record, id), def.pivot.scope?.(input, household));
      const current = await readPivots(tx, any, scope);
      const desired = def.terms ? await def.terms({ ...step, id, current }) : wanted;
      const recordKey = Object.entries(getTableColumns(def.pivot.table)).find(([, column]) => column === def.pivot.record)![0];
      await writePivots(tx, any, scope, current, desired, { [recordKey]: id, ...def.pivot.fixed?.(input) });
      await def.afterPivots?.({ ...step, id, desired });

      if (stored && def.person) await deleteOrphanPersons(tx, personRows(any, stored));
      await audit(
        tx,
        ctx,
        `intake.${def.audit.noun}.${input.hash ? 'update' : 'create'}`,
        { type: def.audit.type, id, householdId: household.householdId },
        def.audit.meta?.(input),
      );
    },
    createOnceKey(def.audit.once, input, options),
  );
}

/**
 * Removes a record of a section (every owner's pivots go with it, or only this list's) after its guards;
 * then the person rows nobody uses any more; audits. A stale version answers 409 and removes nothing.
 */
export async function deleteRecord<I extends RecordInput, S extends StoredRecord, D extends RecordDeleteInput>(
  def: RecordDef<I, S, D>,
  ctx: RequestContext,
  input: D,
): Promise<IntakeView> {
  return intakeWrite(ctx, input.client_hash, async (tx, household) => {
    const stored = await findInHousehold<S>(tx, def, household, input.hash, def.where?.(input));
    await def.beforeDelete?.(tx, stored, input, household);
    if (def.remove) await def.remove(tx, stored, input, household);
    else await deleteVersioned(tx, def.table, stored.id, input.version);
    await def.afterDelete?.(tx, stored);
    if (def.person) await deleteOrphanPersons(tx, personRows(def as unknown as AnyDef, stored));
    await audit(
      tx,
      ctx,
      `intake.${def.audit.noun}.delete`,
      { type: def.audit.type, id: stored.id, householdId: household.householdId },
      def.audit.meta?.(input),
    );
  });
}

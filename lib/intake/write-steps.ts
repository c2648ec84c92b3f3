import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '@/db';
import { clients } from '@/db/schema';
import { formKey, identicalCallKey, type OnceKey } from '@/lib/idempotency';
import { AppError } from '@/lib/kernel/errors';
import type { Household } from '@/lib/kernel/scope';
import { STALE_VERSION_MESSAGE } from '@/lib/validation/intake';
import { firmShowsFinancialPoa } from './firm-rules';
import { swapOwners, type HouseholdOwners, type OwnedValues } from './owners';

/*
 * The steps an intake write is made of, below the transaction of write.ts: how a door numbers the owners
 * and makes a create happen once, the household's client ids, versioned updates and deletes, and the firm
 * rule on financial PoA agents. Nothing here reads the intake back, so the list sections' definitions
 * (records/<section>.ts), which the intake's load reads for their shapes, can stand on it without a circle.
 */

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

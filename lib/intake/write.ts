import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { db, type Tx } from '@/db';
import { clients } from '@/db/schema';
import { assertUnlocked, lockColumns } from '@/lib/billing/feature-lock';
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
import { swapOwners, type HouseholdOwners, type OwnedValues } from './owners';
import type { IntakeView } from './types';

/*
 * What every intake write shares: the transaction around the scoped household, the submission lock, the
 * version check and the owners' numbering. The list sections' engine (records/engine.ts) and the other
 * use cases (save-note.ts ...) are short functions on top of these; the household's people are
 * records/persons.ts.
 */

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

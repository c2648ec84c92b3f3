import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { db, type Tx } from '@/db';
import { clients } from '@/db/schema';
import { assertUnlocked, lockColumns } from '@/lib/billing/feature-lock';
import { householdSubmittedSql } from '@/lib/estate-plans/submitted';
import { claimOnce, type OnceKey } from '@/lib/idempotency';
import type { PublicContext, RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import type { Permission } from '@/lib/kernel/policy';
import { householdReads, loadHouseholdWith, type Household } from '@/lib/kernel/scope';
import { storeCompletion } from './completion-cache';
import { loadHouseholdIntake } from './load';
import type { IntakeView } from './types';

/*
 * What every intake write shares: the transaction around the scoped household, the features and submission
 * locks, and the refreshed view it answers. The list sections' engine (records/engine.ts) and the other
 * use cases (save-note.ts ...) are short functions on top of it; the steps inside a write (versions, the
 * owners' numbering) are write-steps.ts, the household's people records/persons.ts.
 */

export const SUBMITTED_MESSAGE = 'This trust has been submitted for attorney review. Only the attorney can change it now.';

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

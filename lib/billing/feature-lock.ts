import 'server-only';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '@/db';
import { advisors } from '@/db/schema';
import type { Actor } from '@/lib/kernel/actor';
import type { PublicContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { hasGlobalReach } from '@/lib/kernel/policy';
import { FEATURE_LOCKED_MESSAGE, lockStateOf, NO_LOCK, type AdvisorLock } from './lock';

/*
 * The features lock on the server (the rules: lib/billing/lock.ts). A household's lock is its advisor's
 * (owner 1's: the plan and its fee are owner 1's); attorneys and admins are never locked, nor is a
 * household without an advisor. Pages read the figures with the household (lockColumns in the same
 * statement) and show the notice; every household write calls assertUnlocked before it writes anything
 * (lib/intake/write.ts), so a locked advisor's household answers 403 with the spec's message. New work for
 * a locked advisor (a new client, an invitation) is refused the same way (assertAdvisorUnlocked).
 */

/** The advisors row's id, qualified (drizzle leaves columns unqualified in a one-table select). */
export const ADVISOR_ID = sql.raw('"advisors"."id"');

/**
 * The number of an advisor's unpaid invoices, as SQL over the advisor's id (pass ADVISOR_ID or an alias's
 * column as raw SQL: the invoices inside are aliased `inv`, so an unqualified outer column cannot be
 * mistaken for one of theirs).
 */
export function unpaidInvoicesSql(advisorId: SQL): SQL<number> {
  return sql<number>`(select count(*)::int from invoices inv where inv.advisor_id = ${advisorId} and inv.status = 'open')`;
}

/** A household's lock figures, as columns over owner 1's client id (null max: no advisor). */
export type LockFigures = { unpaidInvoices: unknown; maxInvoices: unknown };

/** The lock figures of the household whose owner 1 is `owner1Id`, as columns to add to a household read. */
export function lockColumns(owner1Id: SQL) {
  return {
    unpaidInvoices: unpaidInvoicesSql(sql`(select lc.advisor_id from clients lc where lc.id = ${owner1Id})`),
    maxInvoices: sql<number | null>`(select la.max_invoices from advisors la join clients lc on lc.advisor_id = la.id where lc.id = ${owner1Id})`,
  };
}

/**
 * The lock an actor works on a household under, from the figures read with it: attorneys and admins are
 * never locked, nor is a household without an advisor.
 */
export function householdLockOf(actor: Actor | null, figures: LockFigures | undefined): AdvisorLock {
  const max = figures?.maxInvoices;
  if (!actor || hasGlobalReach(actor) || max === null || max === undefined) return NO_LOCK;
  const unpaid = Number(figures!.unpaidInvoices);
  return { state: lockStateOf(unpaid, Number(max)), unpaid, max: Number(max) };
}

/** Refuses a write to a locked advisor's household: 403 with the spec's message, before anything is written. */
export function assertUnlocked(ctx: PublicContext, figures: LockFigures): void {
  if (householdLockOf(ctx.actor, figures).state === 'locked') throw new AppError('FORBIDDEN', FEATURE_LOCKED_MESSAGE);
}

/** The lock an actor works for an advisor under (attorneys and admins are never locked). */
export async function advisorLockFor(q: Queryable, ctx: PublicContext, advisorId: number): Promise<AdvisorLock> {
  if (!ctx.actor || hasGlobalReach(ctx.actor)) return NO_LOCK;
  const [row] = await q
    .select({ unpaid: unpaidInvoicesSql(ADVISOR_ID), max: advisors.maxInvoices })
    .from(advisors)
    .where(eq(advisors.id, advisorId));
  if (!row) return NO_LOCK;
  const unpaid = Number(row.unpaid);
  return { state: lockStateOf(unpaid, row.max), unpaid, max: row.max };
}

/**
 * Refuses new work for a locked advisor (a new client, an invitation: more unpaid work) with the spec's
 * message, 403, before anything is written. Inside the caller's transaction, after the advisor was loaded
 * within the actor's scope.
 */
export async function assertAdvisorUnlocked(q: Queryable, ctx: PublicContext, advisorId: number): Promise<void> {
  if ((await advisorLockFor(q, ctx, advisorId)).state === 'locked') throw new AppError('FORBIDDEN', FEATURE_LOCKED_MESSAGE);
}

import 'server-only';
import { eq, sql, type SQL } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { advisors } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { hasGlobalReach } from '@/lib/auth/policy';
import { AppError } from '@/lib/errors';
import { FEATURE_LOCKED_MESSAGE, lockStateOf, NO_LOCK, type AdvisorLock } from './rules';

export type { AdvisorLock } from './rules';

/*
 * The features lock (platform spec §4): an advisor whose unpaid (open) invoices reach max_invoices is
 * locked out of their clients' intake, and so are their staff, their firm supervisor and the clients
 * themselves; attorneys and admins never are. Reads show the message on the page (the intake view's
 * featureLock, read with the household by loadHousehold); writes are refused in one place, the 'intake.write' household loader (lib/auth/scope.ts
 * loadHousehold), which every intake door goes through, so nothing is written.
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

/**
 * Called by loadHousehold for 'intake.write', inside the write's transaction: refuses a locked household
 * (403 with the spec's message, before anything is written) and stamps the household's last change for
 * the dashboard (rolled back with the write if it fails). One statement.
 */
export async function guardIntakeWrite(actor: Actor, householdId: number, q: Queryable): Promise<void> {
  // Raw SQL: a drizzle update would also bump the household's row version and updated_at, which a stamp
  // must not do (it is not an edit of the household row). The household's advisor is owner 1's (the plan
  // and its fee are owner 1's); no advisor, never locked.
  const locked = hasGlobalReach(actor)
    ? sql`false`
    : sql`coalesce((select ${unpaidInvoicesSql(sql`a.id`)} >= a.max_invoices from advisors a join clients c1 on c1.advisor_id = a.id where c1.id = h.owner1_client_id), false)`;
  const result = await q.execute(sql`update households h set last_change_at = now() where h.id = ${householdId} returning ${locked} as locked`);
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as { locked: boolean }[];
  if (rows[0]?.locked) throw new AppError('FORBIDDEN', FEATURE_LOCKED_MESSAGE);
}


/** The lock of an advisor by id (for their own pages and the dashboard). */
export async function advisorLock(advisorId: number, q: Queryable = db): Promise<AdvisorLock> {
  const [row] = await q
    .select({ unpaid: unpaidInvoicesSql(ADVISOR_ID), max: advisors.maxInvoices })
    .from(advisors)
    .where(eq(advisors.id, advisorId))
    .limit(1);
  if (!row) return NO_LOCK;
  return { state: lockStateOf(Number(row.unpaid), row.max), unpaid: Number(row.unpaid), max: row.max };
}

/**
 * The lock an actor opens a household's intake under, from the figures loadHousehold read with it:
 * attorneys and admins are never locked, nor is a household without an advisor.
 */
export function householdLockOf(actor: Actor | null, household: { unpaidInvoices: number; maxInvoices: number | null }): AdvisorLock {
  if (!actor || hasGlobalReach(actor) || household.maxInvoices === null) return NO_LOCK;
  const unpaid = Number(household.unpaidInvoices);
  return { state: lockStateOf(unpaid, household.maxInvoices), unpaid, max: household.maxInvoices };
}


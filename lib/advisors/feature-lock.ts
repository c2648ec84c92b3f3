import 'server-only';
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { advisors, clients, households } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { hasGlobalReach } from '@/lib/auth/policy';
import { clientScope } from '@/lib/auth/scope';
import { AppError } from '@/lib/errors';
import type { PublicContext } from '@/lib/http/context';
import { FEATURE_LOCKED_MESSAGE, lockStateOf, type LockState } from './rules';

/*
 * The features lock (platform spec §4): an advisor whose unpaid (open) invoices reach max_invoices is
 * locked out of their clients' intake, and so are their staff, their firm supervisor and the clients
 * themselves; attorneys and admins never are. Reads show the message on the page (the client-info
 * layouts); writes are refused in one place, the 'intake.write' household loader (lib/auth/scope.ts
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

export type AdvisorLock = { state: LockState; unpaid: number; max: number };

/** The lock of an advisor by id (for their own pages and the dashboard). */
export async function advisorLock(advisorId: number, q: Queryable = db): Promise<AdvisorLock> {
  const [row] = await q
    .select({ unpaid: unpaidInvoicesSql(ADVISOR_ID), max: advisors.maxInvoices })
    .from(advisors)
    .where(eq(advisors.id, advisorId))
    .limit(1);
  if (!row) return { state: 'ok', unpaid: 0, max: 0 };
  return { state: lockStateOf(Number(row.unpaid), row.max), unpaid: Number(row.unpaid), max: row.max };
}

/**
 * The lock a client-info address opens under, for this actor: the household's advisor's, looked up within
 * the actor's scope (a hash of either spouse, or the numeric id). Attorneys and admins: always 'ok'. An
 * address outside the scope answers 'ok' here and is the page's 404.
 */
export async function householdLock(ctx: PublicContext, address: string): Promise<AdvisorLock> {
  const actor = ctx.actor;
  const none: AdvisorLock = { state: 'ok', unpaid: 0, max: 0 };
  if (!actor || hasGlobalReach(actor)) return none;
  const trimmed = (address ?? '').trim();
  const byAddress = /^\d{1,9}$/.test(trimmed) ? eq(clients.id, Number(trimmed)) : eq(clients.hash, trimmed);
  const [row] = await db
    .select({ unpaid: unpaidInvoicesSql(ADVISOR_ID), max: advisors.maxInvoices })
    .from(clients)
    .innerJoin(households, or(eq(households.owner1ClientId, clients.id), eq(households.owner2ClientId, clients.id)))
    // The household's advisor is owner 1's (the plan and the fee are owner 1's).
    .innerJoin(advisors, sql`${advisors.id} = (select c1.advisor_id from ${clients} c1 where c1.id = ${households.owner1ClientId})`)
    .where(and(byAddress, clientScope(actor)))
    .limit(1);
  if (!row) return none;
  return { state: lockStateOf(Number(row.unpaid), row.max), unpaid: Number(row.unpaid), max: row.max };
}

/** The lock of the signed-in client's own household (/client-info without an id). */
export async function ownHouseholdLock(ctx: PublicContext): Promise<AdvisorLock> {
  const clientId = ctx.actor?.clientId;
  if (!ctx.actor || clientId === null || clientId === undefined) return { state: 'ok', unpaid: 0, max: 0 };
  return householdLock(ctx, String(clientId));
}

import 'server-only';
import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db';
import { loadHouseholdIntake } from '@/lib/intake/load';
import { rowsOf } from '@/lib/kernel/rows';
import type { Household } from '@/lib/kernel/scope';
import type { SystemContext } from '@/lib/kernel/system-context';
import { loadFundingMarks } from './marks';
import { fundingTasksOf, mergeTasks, type FundingTask } from './tasks';

/** The household `id` as the intake's load knows it (owner 1 addressed), or null. */
async function householdOf(q: Queryable, id: number): Promise<Household | null> {
  const [row] = rowsOf<{ hash: string; o1: number; o1hash: string; o2: number | null; o2hash: string | null; advisor: number | null }>(
    await q.execute(sql`select h.hash, o1.id as o1, o1.hash as o1hash, o2.id as o2, o2.hash as o2hash, o1.advisor_id as advisor
      from households h join clients o1 on o1.id = h.owner1_client_id left join clients o2 on o2.id = h.owner2_client_id where h.id = ${id}`),
  );
  if (!row) return null;
  return {
    householdId: id,
    householdHash: row.hash,
    clientId: Number(row.o1),
    clientHash: row.o1hash,
    spouseId: row.o2 === null ? null : Number(row.o2),
    spouseHash: row.o2hash,
    advisorId: row.advisor === null ? null : Number(row.advisor),
    addressedClientId: Number(row.o1),
  };
}

/**
 * A household's funding tasks for a job (no user: the job's own reach), by the household's id: the intake's
 * tasks merged with the marks, exactly as the client-info page lists them (fundingTasksOf, mergeTasks),
 * whatever the plan's status. Null when there is no such household.
 */
export async function householdFundingTasks(ctx: SystemContext, id: number, q: Queryable): Promise<{ household: Household; tasks: FundingTask[] } | null> {
  const household = await householdOf(q, id);
  if (!household) return null;
  // The intake's load reads no actor for the lists; without one it answers no abilities, which the tasks do not use.
  const view = await loadHouseholdIntake({ actor: null, ip: ctx.ip, userAgent: ctx.userAgent, now: ctx.now }, household, q);
  return { household, tasks: mergeTasks(fundingTasksOf(view), await loadFundingMarks(id, q)) };
}

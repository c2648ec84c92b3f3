import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@/db';
import { estatePlans, type EstatePlanStatus } from '@/db/schema';
import { recordStatusChange } from './status-notice';

/** Moves a plan's status (a client-stage move decided by the caller) with its history row, if it still is `from`. */
export async function movePlanStatus(
  q: Queryable,
  planId: number,
  from: EstatePlanStatus,
  to: EstatePlanStatus,
  userId: number | null,
  now: Date,
): Promise<boolean> {
  if (from === to) return false;
  const moved = await q
    .update(estatePlans)
    .set({ status: to, updatedAt: now })
    .where(and(eq(estatePlans.id, planId), eq(estatePlans.status, from)))
    .returning({ id: estatePlans.id });
  if (!moved.length) return false;
  await recordStatusChange(q, { planId, from, to, userId });
  return true;
}

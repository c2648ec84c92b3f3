import 'server-only';
import { eq } from 'drizzle-orm';
import type { Queryable } from '@/db';
import { estatePlans, estatePlanStatusChanges, type EstatePlanStatus } from '@/db/schema';
import { householdAudience, notify } from '@/lib/notifications';
import { statusLabel } from './statuses';

/**
 * Records a plan's status change in its history and tells the household and its advisor (issue 29): one
 * path for every change (an attorney's, a payment's, a submission's), so none goes untold. The history
 * row names the event, so a change is told once whoever raises it again. Call in the change's transaction.
 */
export async function recordStatusChange(
  q: Queryable,
  change: { planId: number; from: EstatePlanStatus; to: EstatePlanStatus; userId: number | null },
): Promise<void> {
  const [row] = await q
    .insert(estatePlanStatusChanges)
    .values({ estatePlanId: change.planId, fromStatus: change.from, toStatus: change.to, changedByUserId: change.userId })
    .returning({ id: estatePlanStatusChanges.id });
  const [plan] = await q.select({ clientId: estatePlans.clientId }).from(estatePlans).where(eq(estatePlans.id, change.planId));
  const audience = plan ? await householdAudience(q, plan.clientId) : null;
  if (!audience) return;
  const to = statusLabel(change.to);
  const from = statusLabel(change.from);
  const key = `plan-status:${row.id}`;
  const link = `/client-info/${audience.owner1Hash}`;
  await notify(
    q,
    {
      key,
      kind: 'plan-status',
      link,
      title: `Your trust is now ${to}`,
      body: `The status of your living trust changed from ${from} to ${to}.`,
      action: 'View your trust',
    },
    audience.clientUserIds,
  );
  await notify(
    q,
    {
      key,
      kind: 'plan-status',
      link,
      title: `${audience.householdName}: trust is now ${to}`,
      body: `The status of ${audience.householdName}'s living trust changed from ${from} to ${to}.`,
      action: 'Open the client',
    },
    [audience.advisorUserId],
  );
}

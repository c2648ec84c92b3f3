import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { db } from '@/db';
import { estatePlans } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import { loadEstatePlan } from '@/lib/kernel/scope';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import type { UpdatePlanStatusInput } from '@/lib/validation/plans';
import { refusalOf } from './status-machine';
import { recordStatusChange } from './status-notice';
import { statusLabel } from './statuses';

export const NOT_LATEST_PLAN_MESSAGE = 'Only the latest estate plan of a client can change its status.';
export const STATUS_CHANGED_MEANWHILE = 'The status was changed by someone else meanwhile. Reload to see the latest status.';

export type PlanStatusView = { hash: string; type: string; status: string; status_full: string; updated_at: string };

/**
 * An attorney or admin changes the status of a household's latest plan along the status machine
 * (lib/estate-plans/status-machine.ts): the plan is read under a row lock, the change is checked (422 with
 * the reason when the machine refuses it; 409 when `from_status` no longer holds), written with a row in
 * the plan's status history (who, when) and audited, in one transaction.
 */
export async function updatePlanStatus(ctx: RequestContext, input: UpdatePlanStatusInput): Promise<PlanStatusView> {
  return db.transaction(async (tx) => {
    const plan = await loadEstatePlan(ctx, input.plan_hash, 'plan.status.update', tx);
    const [latest] = await tx
      .select({ id: estatePlans.id, status: estatePlans.status })
      .from(estatePlans)
      .where(eq(estatePlans.clientId, plan.clientId))
      .orderBy(desc(estatePlans.createdAt), desc(estatePlans.id))
      .limit(1)
      .for('update');
    if (!latest || latest.id !== plan.id) throw new AppError('CONFLICT', NOT_LATEST_PLAN_MESSAGE);
    if (input.from_status && input.from_status !== latest.status) throw new AppError('CONFLICT', STATUS_CHANGED_MEANWHILE);
    const refusal = refusalOf(latest.status, input.status);
    if (refusal) throw new AppError('VALIDATION', refusal);

    const [row] = await tx
      .update(estatePlans)
      .set({ status: input.status, updatedAt: ctx.now })
      .where(and(eq(estatePlans.id, plan.id), eq(estatePlans.status, latest.status)))
      .returning({ hash: estatePlans.hash, type: estatePlans.type, status: estatePlans.status, updatedAt: estatePlans.updatedAt });
    if (!row) throw new AppError('CONFLICT', STATUS_CHANGED_MEANWHILE);
    await recordStatusChange(tx, { planId: plan.id, from: latest.status, to: input.status, userId: ctx.actor.userId });
    await audit(tx, ctx, 'plan.status.update', { type: 'estate_plan', id: plan.id }, { from: latest.status, to: input.status });
    return { hash: row.hash, type: row.type, status: row.status, status_full: statusLabel(row.status), updated_at: row.updatedAt.toISOString() };
  });
}

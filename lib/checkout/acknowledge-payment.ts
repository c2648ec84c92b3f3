import 'server-only';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { estatePlans } from '@/db/schema';
import { canAcknowledgePayment } from '@/lib/estate-plans/status-machine';
import { statusLabel } from '@/lib/estate-plans/statuses';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { loadEstatePlan } from '@/lib/kernel/scope';
import { PAYMENT_ACKNOWLEDGED_MESSAGE } from '@/lib/validation/payments';
import { movePlanStatus } from './plan-status';

export const ALREADY_PAID_MESSAGE = 'This estate plan is already paid.';

/**
 * `POST /estatePlan/{hash}/acknowledgePayment` (attorneys and admins): a fee paid outside the app (a
 * check) marks the plan Paid in Full so it can continue (submission, then e-signing). Only a plan still in
 * the client stage before payment may be acknowledged (409 otherwise); the change has its history row and
 * its audit, in one transaction with the plan's row lock.
 */
export async function acknowledgePayment(ctx: RequestContext, planHash: string) {
  return db.transaction(async (tx) => {
    const plan = await loadEstatePlan(ctx, planHash, 'plan.payment.acknowledge', tx);
    const [locked] = await tx.select({ status: estatePlans.status }).from(estatePlans).where(eq(estatePlans.id, plan.id)).for('update');
    if (!canAcknowledgePayment(locked.status)) throw new AppError('CONFLICT', ALREADY_PAID_MESSAGE);
    await movePlanStatus(tx, plan.id, locked.status, 'paid', ctx.actor.userId);
    await audit(tx, ctx, 'payment.acknowledge', { type: 'estate_plan', id: plan.id }, { from: locked.status });
    return { message: PAYMENT_ACKNOWLEDGED_MESSAGE, estate_plan: { hash: plan.hash, status: 'paid', status_full: statusLabel('paid') } };
  });
}

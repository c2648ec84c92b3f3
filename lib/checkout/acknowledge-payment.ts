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
import { movePlanStatus } from '@/lib/estate-plans/move-plan-status';
import { subjectKey } from '@/lib/payments/attempts';
import { heldThings, thingsOf } from '@/lib/payments/claims';

export const ALREADY_PAID_MESSAGE = 'This estate plan is already paid.';
export const PAYMENT_BEING_PROCESSED_MESSAGE = 'A payment of this plan is being processed. Please wait a few minutes and try again.';

/**
 * `POST /estatePlan/{hash}/acknowledgePayment` (attorneys and admins): a fee paid outside the app (a
 * check) marks the plan Paid in Full so it can continue (submission, then e-signing). Only a plan still in
 * the client stage before payment may be acknowledged (409 otherwise); the change has its history row and
 * its audit, in one transaction with the plan's row lock. While a card or bank payment of the fee is in
 * flight (its attempt holds the plan's claim) it is refused too, so the fee is not both paid and waived.
 */
export async function acknowledgePayment(ctx: RequestContext, planHash: string) {
  return db.transaction(async (tx) => {
    const plan = await loadEstatePlan(ctx, planHash, 'plan.payment.acknowledge', tx);
    const [locked] = await tx.select({ status: estatePlans.status }).from(estatePlans).where(eq(estatePlans.id, plan.id)).for('update');
    if (!canAcknowledgePayment(locked.status)) throw new AppError('CONFLICT', ALREADY_PAID_MESSAGE);
    if ((await heldThings(tx, thingsOf(subjectKey({ plan: plan.id })))).length) throw new AppError('CONFLICT', PAYMENT_BEING_PROCESSED_MESSAGE);
    await movePlanStatus(tx, plan.id, locked.status, 'paid', ctx.actor.userId, ctx.now);
    await audit(tx, ctx, 'payment.acknowledge', { type: 'estate_plan', id: plan.id }, { from: locked.status });
    return { message: PAYMENT_ACKNOWLEDGED_MESSAGE, estate_plan: { hash: plan.hash, status: 'paid', status_full: statusLabel('paid') } };
  });
}

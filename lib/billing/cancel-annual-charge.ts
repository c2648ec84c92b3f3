import 'server-only';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { db } from '@/db';
import { estatePlans, recurringCharges } from '@/db/schema';
import { formatChargeDate } from '@/lib/format/card';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { queueMail } from '@/lib/mail/send-mail';
import { formatUsd } from '@/lib/money';
import type { CancelAnnualChargeInput } from '@/lib/validation/payments';
import { ownAnnualCharges, type AnnualChargeView } from './queries';
import { IMPERSONATING_SETTINGS_MESSAGE, assertNotImpersonating } from './stored-methods';

export const ANNUAL_CHARGE_CANCELED_MESSAGE = 'Your annual charge has been canceled. It will not be charged again.';
export const ANNUAL_CHARGE_ALREADY_CANCELED_MESSAGE = 'This annual charge was already canceled.';

/**
 * Cancels the annual charge for amendments and revisions (Settings, Payments): a client or spouse of the
 * household whose plan it is, never an admin acting as them (money settings are their owner's). The row is
 * kept with its cancellation time (the annual job skips it), audited, and confirmed by mail; the answer is
 * the household's charges as they are now. Another household's charge is not found (404).
 */
export async function cancelAnnualCharge(ctx: RequestContext, input: CancelAnnualChargeInput): Promise<{ message: string; charges: AnnualChargeView[] }> {
  assertNotImpersonating(ctx, IMPERSONATING_SETTINGS_MESSAGE);
  const households = ctx.actor.householdClientIds;
  if (!households.length) throw new AppError('NOT_FOUND');
  await db.transaction(async (tx) => {
    const [charge] = await tx
      .select({ id: recurringCharges.id, amount: recurringCharges.amount, canceledAt: recurringCharges.canceledAt, planId: recurringCharges.estatePlanId })
      .from(recurringCharges)
      .innerJoin(estatePlans, eq(estatePlans.id, recurringCharges.estatePlanId))
      .where(and(eq(recurringCharges.hash, input.charge_hash), inArray(estatePlans.clientId, households)))
      .for('update', { of: recurringCharges });
    if (!charge) throw new AppError('NOT_FOUND');
    if (charge.canceledAt) throw new AppError('CONFLICT', ANNUAL_CHARGE_ALREADY_CANCELED_MESSAGE);
    const { now } = ctx;
    await tx
      .update(recurringCharges)
      .set({ canceledAt: now, updatedAt: now })
      .where(and(eq(recurringCharges.id, charge.id), isNull(recurringCharges.canceledAt)));
    await audit(tx, ctx, 'annual_charge.cancel', { type: 'recurring_charge', id: charge.id }, { amount: charge.amount, planId: charge.planId });
    await queueMail(tx, {
      to: ctx.actor.email,
      subject: 'Your annual charge is canceled',
      text: `You canceled the annual charge of ${formatUsd(charge.amount)} for amendments and revisions on ${formatChargeDate(now)}. It will not be charged again.\n\nIf you did not do this, please contact your advisor or our support team.`,
    });
  });
  return { message: ANNUAL_CHARGE_CANCELED_MESSAGE, charges: await ownAnnualCharges(ctx.actor) };
}

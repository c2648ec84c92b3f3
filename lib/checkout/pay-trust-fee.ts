import 'server-only';
import { and, eq } from 'drizzle-orm';
import { db, type Tx } from '@/db';
import { payments } from '@/db/schema';
import { chargeWithBooks, isOwnAttempt, payerOf } from '@/lib/billing/charge';
import { auditRefusal } from '@/lib/billing/record-payment';
import { chargeKeepingMethod, insertStoredMethod, scheduleAnnualCharge } from '@/lib/billing/stored-methods';
import { trustFeeOfPlan, type TrustFee } from '@/lib/billing/trust-fee';
import { toMethodInput, describeMethod } from '@/lib/billing/method-input';
import { statusAfterConsent } from '@/lib/estate-plans/status-machine';
import { statusLabel } from '@/lib/estate-plans/statuses';
import { loadHouseholdIntake } from '@/lib/intake/load';
import { ALREADY_SUBMITTED_MESSAGE, completeSubmission, prepareSubmission, type SubmitOptions } from '@/lib/intake/submit-trust';
import type { IntakeView } from '@/lib/intake/types';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { loadHousehold } from '@/lib/kernel/scope';
import { assertCan } from '@/lib/kernel/policy';
import { compareMoney, formatUsd } from '@/lib/money';
import { SubjectChangedError, subjectKey, type AttemptOutcome } from '@/lib/payments/attempts';
import { getPaymentGateway } from '@/lib/payments/gateway';
import type { PaymentGateway, StoredMethod } from '@/lib/payments/types';
import { formatChargeDate } from '@/lib/format/card';
import { queueMail } from '@/lib/mail/send-mail';
import { ANNUAL_CONSENT_MESSAGE, type PayTrustFeeInput } from '@/lib/validation/payments';
import { assertNotImpersonating } from '@/lib/billing/stored-methods';
import { movePlanStatus } from '@/lib/estate-plans/move-plan-status';

/** The $0.01 that verifies a method when nothing is due now (platform §9); voided at once. */
export const SETUP_CHARGE = '0.01';
export const PAYMENT_IN_PROGRESS_MESSAGE = 'Your payment is still being processed. Please wait a few minutes and reload the page before paying again.';
export const FEE_CHANGED_MESSAGE = 'The amount due has changed since this page was opened. Please reload the page and review it before paying.';

export type PayTrustFeeResult = {
  view: IntakeView;
  /** 'Payment Successful! …' for the modal. */
  message: string;
  estate_plan: { hash: string; status: string; status_full: string };
  payment: { amount: string; status: 'succeeded' | 'pending' | 'verified'; method: string };
};

/**
 * The Payment Due modal's call (and `POST /estatePlan/createAndPay/`): pays the household's trust fee and
 * submits the trust. In order:
 * 1. Every check of a submission (prepareSubmission: scope, lock, answers, consent); a plan In Progress with
 *    a fee due becomes Ready for Payment, and stays so if the payment fails.
 * 2. The charge, once: the attempt claims the plan's fee before the gateway is called, so a double click, a
 *    retry, a second tab or another server follow the first attempt (lib/payments/claims.ts); the payer's
 *    decline limits apply. The amount due; or, when nothing is due (a waived fee), $0.01 that verifies the
 *    method and is voided (refunded when the void is refused).
 * 3. Refused: 402 with the gateway's reason, audited; nothing is submitted.
 * 4. Paid: the payment (receipt e-mailed, audited) and Paid in Full are recorded in the transaction that
 *    records the charge, by whoever learns of it first (this call, a duplicate, the settlement job after a
 *    crash: lib/billing/attempt-books.ts). Then the method is stored when asked to ('save this method', or
 *    always when nothing was due: it is what the annual charge will use) with the annual charge scheduled
 *    one year from today, and the trust submitted. A pending eCheck counts as paid for the submission; the
 *    polling job settles it (or reports its return).
 */
export async function payTrustFee(
  ctx: RequestContext,
  input: PayTrustFeeInput,
  options: SubmitOptions & { gateway?: PaymentGateway } = {},
): Promise<PayTrustFeeResult> {
  assertCan(ctx.actor, 'plan.pay');
  const gateway = options.gateway ?? getPaymentGateway();
  const submitInput = { client_hash: input.client_hash, acknowledgements: input.acknowledgements };

  // 1. The checks, and Ready for Payment.
  const { fee, household } = await db.transaction(async (tx) => {
    const prepared = await prepareSubmission(ctx, submitInput, options, tx);
    const fee = await trustFeeOfPlan(tx, prepared.plan.id, ctx.now);
    if (compareMoney(fee.amountDue, 0) > 0) {
      const next = statusAfterConsent(prepared.plan.status);
      if (await movePlanStatus(tx, prepared.plan.id, prepared.plan.status, next, ctx.actor.userId, ctx.now)) {
        await audit(tx, ctx, 'plan.status.payment', { type: 'estate_plan', id: prepared.plan.id }, { from: prepared.plan.status, to: next });
      }
    }
    return { fee, household: prepared.household };
  });
  // Paid already (a payment recorded by an earlier call whose submission did not follow, or a double
  // click arriving after the first call recorded the payment): no charge, only the submission.
  if (compareMoney(fee.amountDue, 0) === 0 && compareMoney(fee.paid, 0) > 0) return submitAfterPayment(ctx, submitInput, options, household, fee, null);

  const setup = compareMoney(fee.amountDue, 0) === 0;
  const annual = compareMoney(fee.amountRecurring, 0) > 0;
  // Nothing due now: the method is verified and kept only for the annual charge, so the payer must have
  // agreed to that charge (saving the method is the consent).
  if (setup && annual && !input.save_method) throw new AppError('VALIDATION', ANNUAL_CONSENT_MESSAGE, { save_method: ANNUAL_CONSENT_MESSAGE });
  const keep = input.save_method || setup;
  if (keep) assertNotImpersonating(ctx);

  // 2. The charge (and the method stored, when it is kept). The attempt claims the plan's fee first; the
  // payment and Paid in Full are recorded with the charge (lib/billing/attempt-books.ts).
  const key = { purpose: setup ? 'setup_charge' : 'trust_fee', subject: subjectKey({ plan: fee.planId }) } as const;
  let outcome: AttemptOutcome;
  let stored: StoredMethod | null;
  try {
    ({ outcome, stored } = await chargeKeepingMethod(ctx, gateway, toMethodInput(input.method), {
      keep,
      auditTarget: { type: 'estate_plan', id: fee.planId },
      charge: (method) =>
        chargeWithBooks(ctx, key, setup ? SETUP_CHARGE : fee.amountDue, method, {
          gateway,
          payer: payerOf(ctx, `client:${household.clientId}`),
          verify: async (tx) => sameFee(fee, await trustFeeOfPlan(tx, fee.planId, ctx.now)),
        }),
    }));
  } catch (error) {
    if (!(error instanceof SubjectChangedError)) throw error;
    return afterAnotherPayment(ctx, submitInput, options, household, fee);
  }

  // 3. Refused, not known yet, or the fee was another attempt's to pay (the other kind of charge).
  if (outcome.state === 'failed' && isOwnAttempt(outcome, key)) {
    if (!outcome.duplicate)
      await db.transaction((tx) => auditRefusal(tx, ctx, outcome, { chargeType: setup ? 'setup_charge' : 'trust_fee', description: 'trust fee' }));
    throw new AppError('PAYMENT_FAILED', outcome.error?.message ?? 'The payment could not be made. Nothing was charged.');
  }
  if (outcome.state === 'created' || outcome.state === 'unclear') throw new AppError('CONFLICT', PAYMENT_IN_PROGRESS_MESSAGE);
  if (!isOwnAttempt(outcome, key)) return afterAnotherPayment(ctx, submitInput, options, household, fee);

  // The first call releases the set-up charge; a duplicate only makes sure the trust is submitted, then
  // answers the same.
  if (!outcome.duplicate && setup && outcome.chargeId) await releaseSetupCharge(ctx, gateway, outcome.chargeId);

  // 4. The method and the annual charge; then the submission.
  if (stored || (setup && !outcome.duplicate)) {
    await db.transaction(async (tx) => {
      if (stored) {
        const row = await insertStoredMethod(tx, ctx, { clientId: household.clientId }, gateway, stored);
        await tx
          .update(payments)
          .set({ paymentMethodId: row.id })
          .where(and(eq(payments.gateway, gateway.name), eq(payments.gatewayReference, outcome.reference)));
        if (annual) {
          await scheduleAnnualCharge(tx, fee.planId, row.id, fee.amountRecurring, fee.recurringStartsOn, ctx.now);
          await confirmAnnualCharge(tx, ctx, fee, describeMethod(outcome.method));
        }
      }
      if (setup && !outcome.duplicate) {
        await audit(tx, ctx, 'payment.setup_verified', { type: 'estate_plan', id: fee.planId }, { reference: outcome.reference, last4: outcome.method.last4 });
      }
    });
  }
  return submitAfterPayment(ctx, submitInput, options, household, fee, { outcome, setup });
}

/**
 * The consent to the annual charge, kept and confirmed: an audit row with the terms agreed to, and a mail
 * to the payer saying them again with how to cancel (automatic-renewal practice: an acknowledgment after
 * the consent, with the cancellation path).
 */
async function confirmAnnualCharge(tx: Tx, ctx: RequestContext, fee: TrustFee, method: string): Promise<void> {
  const startsOn = formatChargeDate(fee.recurringStartsOn);
  await audit(tx, ctx, 'annual_charge.consent', { type: 'estate_plan', id: fee.planId }, { amount: fee.amountRecurring, startsOn, method });
  await queueMail(tx, {
    to: ctx.actor.email,
    subject: 'Your annual charge for amendments and revisions',
    text:
      `You agreed to an annual charge of ${formatUsd(fee.amountRecurring)} for amendments and revisions of your trust.\n\n` +
      `It is charged to your ${method} on ${startsOn} and then every year on that date, until you cancel.\n\n` +
      `You can cancel at any time: sign in, open Settings and choose Payments. A canceled charge is not made again.\n`,
  });
}

/** Whether the fee read before the claim is still the one to pay (no payment recorded meanwhile, same amount, same step). */
function sameFee(before: TrustFee, now: TrustFee): boolean {
  return compareMoney(before.amountDue, now.amountDue) === 0 && compareMoney(before.paid, now.paid) === 0 && before.waived === now.waived;
}

/**
 * Another attempt paid (or changed) the fee between this call's read and its claim: paid, the submission
 * follows as for a fee paid before; otherwise the amount due changed and the payer looks at it again.
 */
async function afterAnotherPayment(
  ctx: RequestContext,
  submitInput: { client_hash: string; acknowledgements: PayTrustFeeInput['acknowledgements'] },
  options: SubmitOptions,
  household: { clientHash: string },
  before: TrustFee,
): Promise<PayTrustFeeResult> {
  const fee = await trustFeeOfPlan(db, before.planId, ctx.now);
  if (compareMoney(fee.amountDue, 0) === 0 && compareMoney(fee.paid, 0) > 0) return submitAfterPayment(ctx, submitInput, options, household, fee, null);
  throw new AppError('CONFLICT', FEE_CHANGED_MESSAGE);
}

/** The submission after the payment; a trust another call submitted meanwhile answers as submitted. */
async function submitAfterPayment(
  ctx: RequestContext,
  submitInput: { client_hash: string; acknowledgements: PayTrustFeeInput['acknowledgements'] },
  options: SubmitOptions,
  household: { clientHash: string },
  fee: TrustFee,
  paid: { outcome: AttemptOutcome; setup: boolean } | null,
): Promise<PayTrustFeeResult> {
  let view: IntakeView;
  try {
    view = await db.transaction(async (tx) => {
      const prepared = await prepareSubmission(ctx, submitInput, options, tx);
      await completeSubmission(ctx, prepared, options, tx);
      return loadHouseholdIntake(ctx, prepared.household, tx);
    });
  } catch (error) {
    if (!(error instanceof AppError && error.message === ALREADY_SUBMITTED_MESSAGE)) throw error;
    view = await loadHouseholdIntake(ctx, await loadHousehold(ctx, household.clientHash, 'plan.pay'));
  }
  return answer(view, fee, paid);
}

/** Voids the $0.01 set-up charge, or refunds it when the gateway refuses the void (already captured). */
async function releaseSetupCharge(ctx: RequestContext, gateway: PaymentGateway, chargeId: string): Promise<void> {
  let how: 'voided' | 'refunded' | 'kept' = 'voided';
  try {
    await gateway.void(chargeId);
  } catch {
    try {
      await gateway.refund(chargeId);
      how = 'refunded';
    } catch {
      how = 'kept';
    }
  }
  await db.transaction((tx) => audit(tx, ctx, `payment.setup_${how}`, undefined, { chargeId }));
}

function answer(view: IntakeView, fee: TrustFee, paid: { outcome: AttemptOutcome; setup: boolean } | null): PayTrustFeeResult {
  const plan = view.latestPlan!;
  const estatePlan = { hash: plan.hash, status: plan.status, status_full: statusLabel(plan.status as never) };
  if (!paid)
    return {
      view,
      message: 'Payment Successful! The trust fee is paid.',
      estate_plan: estatePlan,
      payment: { amount: fee.paid, status: 'succeeded', method: '' },
    };
  const { outcome, setup } = paid;
  const method = describeMethod(outcome.method);
  return {
    view,
    message: setup
      ? `Payment Successful! Your ${method} is saved for the annual charge of ${formatUsd(fee.amountRecurring)} starting one year from today.`
      : `Payment Successful! ${formatUsd(outcome.amount)} was paid with your ${method}.`,
    estate_plan: estatePlan,
    payment: { amount: setup ? '0.00' : outcome.amount, status: setup ? 'verified' : outcome.state === 'pending' ? 'pending' : 'succeeded', method },
  };
}

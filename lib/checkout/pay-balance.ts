import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { advisors, invoices, payments } from '@/db/schema';
import { advisorAccount, type AdvisorAccount } from '@/lib/advisors/advisor-account';
import { chargeWithBooks, isOwnAttempt, payerOf } from '@/lib/billing/charge';
import { toMethodInput } from '@/lib/billing/method-input';
import { auditRefusal } from '@/lib/billing/record-payment';
import {
  advisorMethods,
  assertNotImpersonating,
  chargeKeepingMethod,
  deleteStoredMethods,
  IMPERSONATING_SETTINGS_MESSAGE,
  insertStoredMethod,
  removeAtGateway,
} from '@/lib/billing/stored-methods';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { loadAdvisor } from '@/lib/kernel/scope';
import { subtractMoney, sumMoney, compareMoney } from '@/lib/money';
import { SubjectChangedError, subjectKey, type AttemptOutcome } from '@/lib/payments/attempts';
import { getPaymentGateway } from '@/lib/payments/gateway';
import type { MethodInput, PaymentGateway } from '@/lib/payments/types';
import {
  AUTOPAY_DISABLED_MESSAGE,
  BALANCE_PAID_AUTOPAY_MESSAGE,
  BALANCE_PAID_MESSAGE,
  METHOD_REMOVED_MESSAGE,
  type AdvisorPaymentRefInput,
  type PayBalanceInput,
} from '@/lib/validation/payments';
import { PAYMENT_IN_PROGRESS_MESSAGE } from './pay-trust-fee';

export const NOTHING_DUE_MESSAGE = 'There is no outstanding balance to pay.';
export const NO_STORED_METHOD_MESSAGE = 'There is no stored payment method.';

export type AdvisorPaymentResult = { message: string; advisor: AdvisorAccount };

/**
 * Outstanding Balance (`POST /billing/processLawpayPayment`): pays every open invoice of an advisor in the
 * actor's scope ('advisor.pay') at once, summed with big.js. The attempt claims each invoice before the
 * gateway is called (lib/payments/claims.ts): a double click, two tabs, auto-pay or another server paying
 * one of them is followed to its outcome instead of charged again, and what is left open is then paid.
 * Paid, the invoices close with the payment (receipt, audit) in the transaction that records the charge
 * (lib/billing/attempt-books.ts): the features lock lifts at once, since it counts open invoices. With
 * 'enable auto-pay' the method is stored (replacing an older one) and auto-pay turned on; never while
 * impersonating.
 */
export async function payBalance(ctx: RequestContext, input: PayBalanceInput, options: { gateway?: PaymentGateway } = {}): Promise<AdvisorPaymentResult> {
  const gateway = options.gateway ?? getPaymentGateway();
  const advisor = await loadAdvisor(ctx, input.advisor_id, 'advisor.pay');
  if (input.enable_auto_pay) assertNotImpersonating(ctx);
  // Something to pay, before a method is stored for it.
  if (!(await openBalance(db, advisor.id))) throw new AppError('CONFLICT', NOTHING_DUE_MESSAGE);

  const { outcome, stored } = await chargeKeepingMethod(ctx, gateway, toMethodInput(input.method), {
    keep: input.enable_auto_pay,
    auditTarget: { type: 'advisor', id: advisor.id },
    charge: (method) => chargeOpenInvoices(ctx, advisor.id, method, gateway),
  });
  if (outcome.state === 'failed') {
    if (!outcome.duplicate) await db.transaction((tx) => auditRefusal(tx, ctx, outcome, { chargeType: 'advisor_balance', description: 'outstanding balance' }));
    throw new AppError('PAYMENT_FAILED', outcome.error?.message ?? 'The payment could not be made. Nothing was charged.');
  }
  if (outcome.state === 'created' || outcome.state === 'unclear') throw new AppError('CONFLICT', PAYMENT_IN_PROGRESS_MESSAGE);

  // The invoices and the payment are recorded with the charge; what is left is the method to keep.
  if (stored) {
    const replaced = await advisorMethods(db, advisor.id);
    await db.transaction(async (tx) => {
      await deleteStoredMethods(tx, ctx, replaced, advisor.id);
      const method = await insertStoredMethod(tx, ctx, { advisorId: advisor.id }, gateway, stored);
      await tx
        .update(payments)
        .set({ paymentMethodId: method.id })
        .where(and(eq(payments.gateway, gateway.name), eq(payments.gatewayReference, outcome.reference)));
      await tx.update(advisors).set({ isAutoPay: true, updatedAt: ctx.now }).where(eq(advisors.id, advisor.id));
      await audit(tx, ctx, 'autopay.enable', { type: 'advisor', id: advisor.id });
    });
    await removeAtGateway(gateway, replaced);
  }
  const view = await advisorAccount(ctx, advisor.hash);
  // Auto-pay is said to be on only when it is: a duplicate of a payment that stored nothing enabled nothing.
  return { message: input.enable_auto_pay && view.is_auto_pay ? BALANCE_PAID_AUTOPAY_MESSAGE : BALANCE_PAID_MESSAGE, advisor: view };
}

/** How many times a balance payment reads the open invoices again after another payer held some of them. */
const BALANCE_ROUNDS = 3;

/**
 * Charges the advisor's open invoices once. When another attempt held one of them (auto-pay, another
 * button) this call followed it; once that attempt has an outcome, what is still open is read again and
 * paid. Answers the outcome of this call's own attempt (or of the duplicate it followed), or of the other
 * attempt while that one is still in flight.
 */
async function chargeOpenInvoices(ctx: RequestContext, advisorId: number, method: MethodInput, gateway: PaymentGateway): Promise<AttemptOutcome> {
  for (let round = 1; ; round++) {
    const open = await openInvoices(db, advisorId);
    const total = sumMoney(open.map((i) => subtractMoney(i.amount, i.amountPaid)));
    if (!open.length || compareMoney(total, 0) <= 0) throw new AppError('CONFLICT', NOTHING_DUE_MESSAGE);
    const ids = open.map((i) => i.id);
    const key = { purpose: 'advisor_balance', subject: subjectKey({ invoices: ids }) } as const;
    try {
      const outcome = await chargeWithBooks(ctx, key, total, method, {
        gateway,
        payer: payerOf(ctx, `advisor:${advisorId}`),
        verify: async (tx) => {
          const now = await openInvoices(tx, advisorId, ids);
          return now.length === ids.length && compareMoney(sumMoney(now.map((i) => subtractMoney(i.amount, i.amountPaid))), total) === 0;
        },
      });
      if (isOwnAttempt(outcome, key) || outcome.state === 'created' || outcome.state === 'unclear' || round >= BALANCE_ROUNDS) return outcome;
    } catch (error) {
      if (!(error instanceof SubjectChangedError) || round >= BALANCE_ROUNDS)
        throw error instanceof SubjectChangedError ? new AppError('CONFLICT', PAYMENT_IN_PROGRESS_MESSAGE) : error;
    }
  }
}

/** The advisor's open invoices (of `ids` only, when given), oldest first. */
function openInvoices(q: Queryable, advisorId: number, ids?: number[]) {
  return q
    .select({ id: invoices.id, amount: invoices.amount, amountPaid: invoices.amountPaid })
    .from(invoices)
    .where(and(eq(invoices.advisorId, advisorId), eq(invoices.status, 'open'), ids ? inArray(invoices.id, ids) : undefined))
    .orderBy(invoices.id);
}

/** Whether the advisor owes anything. */
async function openBalance(q: Queryable, advisorId: number): Promise<boolean> {
  const open = await openInvoices(q, advisorId);
  return compareMoney(sumMoney(open.map((i) => subtractMoney(i.amount, i.amountPaid))), 0) > 0;
}

/**
 * Disable Auto-Pay: auto-pay off (the stored method stays, for the next payment to reuse or for removal).
 * Money settings belong to their owner: never while impersonating, like the stored method.
 */
export async function disableAutoPay(ctx: RequestContext, input: AdvisorPaymentRefInput): Promise<AdvisorPaymentResult> {
  const advisor = await loadAdvisor(ctx, input.advisor_id, 'advisor.pay');
  assertNotImpersonating(ctx, IMPERSONATING_SETTINGS_MESSAGE);
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(advisors)
      .set({ isAutoPay: false, updatedAt: ctx.now })
      .where(and(eq(advisors.id, advisor.id), eq(advisors.isAutoPay, true)))
      .returning({ id: advisors.id });
    if (changed.length) await audit(tx, ctx, 'autopay.disable', { type: 'advisor', id: advisor.id });
  });
  const view = await advisorAccount(ctx, advisor.hash);
  return { message: AUTOPAY_DISABLED_MESSAGE, advisor: view };
}

/** `POST /billing/removeStoredPaymentMethod`: removes the advisor's stored method (here and at the gateway) and disables auto-pay; never while impersonating. */
export async function removeStoredPaymentMethod(
  ctx: RequestContext,
  input: AdvisorPaymentRefInput,
  options: { gateway?: PaymentGateway } = {},
): Promise<AdvisorPaymentResult> {
  const gateway = options.gateway ?? getPaymentGateway();
  const advisor = await loadAdvisor(ctx, input.advisor_id, 'advisor.pay');
  assertNotImpersonating(ctx);
  const rows = await db.transaction(async (tx) => {
    const rows = await advisorMethods(tx, advisor.id);
    if (!rows.length) throw new AppError('CONFLICT', NO_STORED_METHOD_MESSAGE);
    await deleteStoredMethods(tx, ctx, rows, advisor.id);
    return rows;
  });
  await removeAtGateway(gateway, rows);
  const view = await advisorAccount(ctx, advisor.hash);
  return { message: METHOD_REMOVED_MESSAGE, advisor: view };
}

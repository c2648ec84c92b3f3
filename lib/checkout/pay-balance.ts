import 'server-only';
import { and, eq } from 'drizzle-orm';
import { db } from '@/db';
import { advisors, invoices, users } from '@/db/schema';
import { fetchAdvisor, type AdvisorFetchResult } from '@/lib/advisors/fetch-advisor';
import { describeMethod, toMethodInput } from '@/lib/billing/method-input';
import { auditRefusal, recordPayment } from '@/lib/billing/record-payment';
import {
  advisorMethods,
  assertNotImpersonating,
  chargeKeepingMethod,
  deleteStoredMethods,
  insertStoredMethod,
  removeAtGateway,
} from '@/lib/billing/stored-methods';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { loadAdvisor } from '@/lib/kernel/scope';
import { subtractMoney, sumMoney, compareMoney } from '@/lib/money';
import { chargeOnce, subjectKey } from '@/lib/payments/attempts';
import { getPaymentGateway } from '@/lib/payments/gateway';
import type { PaymentGateway } from '@/lib/payments/types';
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

export type AdvisorPaymentResult = { message: string; advisor: AdvisorFetchResult['advisor'] };

/**
 * Outstanding Balance (`POST /billing/processLawpayPayment`): pays every open invoice of an advisor in the
 * actor's scope ('advisor.pay') at once, summed with big.js. The attempt's key is the set of invoices, so a
 * double click or two tabs charge once. Paid, the invoices close in one transaction with the payment
 * (receipt, audit): the features lock lifts at once, since it counts open invoices. With 'enable auto-pay'
 * the method is stored (replacing an older one) and auto-pay turned on; never while impersonating.
 */
export async function payBalance(ctx: RequestContext, input: PayBalanceInput, options: { gateway?: PaymentGateway } = {}): Promise<AdvisorPaymentResult> {
  const gateway = options.gateway ?? getPaymentGateway();
  const advisor = await loadAdvisor(ctx, input.advisor_id, 'advisor.pay');
  if (input.enable_auto_pay) assertNotImpersonating(ctx);
  const open = await db
    .select({ id: invoices.id, amount: invoices.amount, amountPaid: invoices.amountPaid })
    .from(invoices)
    .where(and(eq(invoices.advisorId, advisor.id), eq(invoices.status, 'open')))
    .orderBy(invoices.id);
  if (!open.length) throw new AppError('CONFLICT', NOTHING_DUE_MESSAGE);
  const total = sumMoney(open.map((i) => subtractMoney(i.amount, i.amountPaid)));
  if (compareMoney(total, 0) <= 0) throw new AppError('CONFLICT', NOTHING_DUE_MESSAGE);

  const ids = open.map((i) => i.id);
  const { outcome, stored } = await chargeKeepingMethod(ctx, gateway, toMethodInput(input.method), {
    keep: input.enable_auto_pay,
    auditTarget: { type: 'advisor', id: advisor.id },
    charge: (method) => chargeOnce({ purpose: 'advisor_balance', subject: subjectKey({ invoices: ids }) }, total, method, { gateway }),
  });
  if (outcome.state === 'failed') {
    if (!outcome.duplicate) await db.transaction((tx) => auditRefusal(tx, ctx, outcome, { chargeType: 'advisor_balance', description: 'outstanding balance' }));
    throw new AppError('PAYMENT_FAILED', outcome.error?.message ?? 'The payment could not be made. Nothing was charged.');
  }
  if (outcome.state === 'created' || outcome.state === 'unclear') throw new AppError('CONFLICT', PAYMENT_IN_PROGRESS_MESSAGE);

  // A duplicate (a retry, a second tab) records the payment too: each step is idempotent (the payment by its
  // reference, an invoice only while open), so a first call that charged and then failed is completed here.
  const replaced = stored ? await advisorMethods(db, advisor.id) : [];
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, advisor.userId));
  await db.transaction(async (tx) => {
    let methodId: number | null = null;
    if (stored) {
      await deleteStoredMethods(tx, ctx, replaced, advisor.id);
      methodId = (await insertStoredMethod(tx, ctx, { advisorId: advisor.id }, gateway, stored)).id;
      await tx.update(advisors).set({ isAutoPay: true, updatedAt: new Date() }).where(eq(advisors.id, advisor.id));
      await audit(tx, ctx, 'autopay.enable', { type: 'advisor', id: advisor.id });
    }
    for (const invoice of open) {
      await tx
        .update(invoices)
        .set({ status: 'paid', amountPaid: invoice.amount, updatedAt: new Date() })
        .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'open')));
    }
    await recordPayment(tx, ctx, outcome, gateway.name, {
      chargeType: 'advisor_balance',
      advisorId: advisor.id,
      paymentMethodId: methodId,
      // The receipt goes to the advisor whose balance it is, whoever on the team paid it.
      receiptTo: owner?.email ?? ctx.actor.email,
      description: `your outstanding balance (${ids.length} invoice${ids.length === 1 ? '' : 's'}) with ${describeMethod(outcome.method)}`,
    });
  });
  if (replaced.length) await removeAtGateway(gateway, replaced);
  const { advisor: view } = await fetchAdvisor(ctx, { advisor_id: advisor.hash });
  return { message: input.enable_auto_pay ? BALANCE_PAID_AUTOPAY_MESSAGE : BALANCE_PAID_MESSAGE, advisor: view };
}

/** Disable Auto-Pay: auto-pay off (the stored method stays, for the next payment to reuse or for removal). */
export async function disableAutoPay(ctx: RequestContext, input: AdvisorPaymentRefInput): Promise<AdvisorPaymentResult> {
  const advisor = await loadAdvisor(ctx, input.advisor_id, 'advisor.pay');
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(advisors)
      .set({ isAutoPay: false, updatedAt: new Date() })
      .where(and(eq(advisors.id, advisor.id), eq(advisors.isAutoPay, true)))
      .returning({ id: advisors.id });
    if (changed.length) await audit(tx, ctx, 'autopay.disable', { type: 'advisor', id: advisor.id });
  });
  const { advisor: view } = await fetchAdvisor(ctx, { advisor_id: advisor.hash });
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
  const { advisor: view } = await fetchAdvisor(ctx, { advisor_id: advisor.hash });
  return { message: METHOD_REMOVED_MESSAGE, advisor: view };
}

import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { advisors, clients, estatePlans, payments, type EstatePlanStatus } from '@/db/schema';
import { readAnnualPrice, readTrustPrices } from '@/lib/config/pricing';
import { isFeeSettled } from '@/lib/estate-plans/status-machine';
import type { PublicContext } from '@/lib/kernel/context';
import { loadEstatePlan } from '@/lib/kernel/scope';
import { compareMoney, subtractMoney, sumMoney } from '@/lib/money';
import { formatChargeDate, oneYearFrom } from '@/lib/format/card';
import { getPaymentGateway } from '@/lib/payments/gateway';
import type { PaymentFormConfig } from '@/lib/payments/types';

/*
 * The client's trust fee (platform §3 payment product, §9): the full price, or the discounted one for a
 * client linked to an advisor (by the advisor's link, an invitation or the advisor's New Client screen);
 * nothing for the clients of an advisor who waives the fee (is_waiving_fee: the advisor is invoiced
 * instead, at the discounted price, when the trust is submitted). What was paid for the plan (succeeded
 * and pending payments) is subtracted; a plan already paid, acknowledged or past the client stage owes
 * nothing. All sums with big.js (lib/money.ts).
 */

/** The fee figures of one plan (the spec's payment product, plus what decides them). */
export type TrustFee = {
  planId: number;
  planHash: string;
  status: EstatePlanStatus;
  /** The list price ('1495.00'). */
  amountFull: string;
  /** What the client does not pay of the list price: the advisor discount and a waived fee. */
  amountWaived: string;
  /** What is due now. */
  amountDue: string;
  /** The annual recurring charge for amendments and revisions, first run one year from today. */
  amountRecurring: string;
  recurringStartsOn: Date;
  /** The price before payments: discounted, full, or 0 when waived. */
  price: string;
  /** What the advisor is invoiced when the fee is waived (the discounted price), else '0.00'. */
  advisorInvoice: string;
  waived: boolean;
  discounted: boolean;
  advisorId: number | null;
  paid: string;
};

/** The fee of the plan `planId`, read with `q` (a transaction's, so a payment's check and its write agree). */
export async function trustFeeOfPlan(q: Queryable, planId: number, now: Date): Promise<TrustFee> {
  const [row] = await q
    .select({
      planId: estatePlans.id,
      planHash: estatePlans.hash,
      status: estatePlans.status,
      advisorId: clients.advisorId,
      isWaivingFee: sql<boolean | null>`(select a.is_waiving_fee from ${advisors} a where a.id = ${clients.advisorId})`,
      paid: sql<string>`(select coalesce(sum(p.amount), 0)::text from ${payments} p where p.estate_plan_id = ${estatePlans.id} and p.charge_type = 'trust_fee' and p.status in ('succeeded', 'pending'))`,
    })
    .from(estatePlans)
    .innerJoin(clients, eq(clients.id, estatePlans.clientId))
    .where(eq(estatePlans.id, planId))
    .limit(1);
  if (!row) throw new RangeError(`No estate plan ${planId}`);
  const prices = readTrustPrices();
  const discounted = row.advisorId !== null;
  const waived = row.isWaivingFee === true;
  const price = waived ? '0.00' : discounted ? prices.discounted : prices.full;
  const left = subtractMoney(price, row.paid);
  const amountDue = isFeeSettled(row.status) || compareMoney(left, 0) <= 0 ? '0.00' : left;
  return {
    planId: row.planId,
    planHash: row.planHash,
    status: row.status,
    amountFull: prices.full,
    amountWaived: subtractMoney(prices.full, price),
    amountDue,
    amountRecurring: readAnnualPrice(),
    recurringStartsOn: oneYearFrom(now),
    price,
    advisorInvoice: waived ? prices.discounted : '0.00',
    waived,
    discounted,
    advisorId: row.advisorId,
    paid: sumMoney([row.paid]),
  };
}

/** The spec's payment product as the calls answer it (`GET /estatePlan/{hash}/amountDue`, the Payment Due modal). */
export type AmountDueView = {
  amountFull: string;
  amountWaived: string;
  /** What was paid already (a partial payment), taken off what is due. */
  amountPaid: string;
  amountDue: string;
  amountRecurring: string;
  /** MM/DD/YYYY: when the annual charge first runs. */
  recurringStartsOn: string;
  /** The $0.01 set-up charge verifies the method when nothing is due now. */
  setupCharge: boolean;
  waived: boolean;
  /**
   * What the Payment Due step asks: 'pay' the amount due; 'setup' a method verified with $0.01 (a waived
   * fee: the method is kept for the annual charge); 'none' (paid or acknowledged: submit directly).
   */
  paymentStep: 'pay' | 'setup' | 'none';
  /** 'Sandbox — no real money moves' while the sandbox gateway is in use, else null. */
  gatewayLabel: string | null;
  /** How the payment form takes the numbers: the app's inputs (sandbox) or LawPay's hosted fields. */
  paymentForm: PaymentFormConfig;
};

export function amountDueView(fee: TrustFee): AmountDueView {
  return {
    amountFull: fee.amountFull,
    amountWaived: fee.amountWaived,
    amountPaid: fee.paid,
    amountDue: fee.amountDue,
    amountRecurring: fee.amountRecurring,
    recurringStartsOn: formatChargeDate(fee.recurringStartsOn),
    setupCharge: compareMoney(fee.amountDue, 0) === 0,
    waived: fee.waived,
    paymentStep: compareMoney(fee.amountDue, 0) > 0 ? 'pay' : fee.waived && !isFeeSettled(fee.status) ? 'setup' : 'none',
    gatewayLabel: getPaymentGateway().label,
    paymentForm: getPaymentGateway().form,
  };
}

/** `GET /estatePlan/{hash}/amountDue`: the fee of a plan within the reader's scope. */
export async function getAmountDue(ctx: PublicContext, planHash: string): Promise<AmountDueView> {
  const plan = await loadEstatePlan(ctx, planHash, 'intake.read');
  return amountDueView(await trustFeeOfPlan(db, plan.id, ctx.now));
}

/** Sums the succeeded trust-fee payments of plans (for tests and reports). */
export async function paidForPlans(planIds: number[]): Promise<string> {
  if (!planIds.length) return '0.00';
  const rows = await db
    .select({ amount: payments.amount })
    .from(payments)
    .where(and(inArray(payments.estatePlanId, planIds), eq(payments.chargeType, 'trust_fee'), eq(payments.status, 'succeeded')));
  return sumMoney(rows.map((r) => r.amount));
}

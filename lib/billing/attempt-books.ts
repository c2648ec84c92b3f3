import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db';
import { advisors, clients, estatePlans, invoices, paymentMethods, payments, recurringCharges, users, type PaymentPurpose } from '@/db/schema';
import { movePlanStatus } from '@/lib/estate-plans/move-plan-status';
import { statusAfterPayment } from '@/lib/estate-plans/status-machine';
import { oneYearFrom } from '@/lib/format/card';
import { audit } from '@/lib/kernel/audit';
import type { AnyContext } from '@/lib/kernel/context';
import { queueMail } from '@/lib/mail/send-mail';
import { compareMoney, formatUsd } from '@/lib/money';
import type { ApplyOutcome, AttemptOutcome } from '@/lib/payments/attempts';
import { invoiceIdsOf, subjectId } from '@/lib/payments/claims';
import { describeMethod } from './method-input';
import { tellInvoiceDue } from './invoice-notices';
import { tellAnnualCharged, tellPaymentReturned, tellPaymentSettled, tellTrustFeePaid } from './payment-notices';
import { recordPayment, settleRecordedPayment, type PaymentFor } from './record-payment';
import { trustFeeOfPlan } from './trust-fee';

/*
 * The books of a payment attempt: what its outcome means for invoices, plans and payments, written in the
 * transaction that records the outcome (lib/payments/attempts.ts `apply`). Whoever learns the outcome first
 * writes them: the request that charged, a duplicate that followed it, the settlement job after a crash or
 * for an eCheck. Everything here is idempotent (a payment once per reference, an invoice closed only while
 * open, a status moved only from where it was), and uses only the transaction it is given.
 *
 * - Charged (succeeded or pending, from created/unclear): the invoices of the subject are paid and the
 *   payment recorded with its receipt; a trust fee's payment moves its plan to Paid in Full (or Partial);
 *   an annual charge moves its next date a year on. The $0.01 set-up charge has no books (it is voided).
 * - Settled (pending → succeeded): the payment row says so; those who hear of the payment are told.
 * - Returned (pending → failed): the payment row says failed, the invoices open again (the features lock
 *   counts them), the payer is mailed; the notices tell the others (lib/billing/payment-notices.ts).
 * - Refused (created/unclear → failed): nothing; the caller audits the refusal it saw.
 */

/** The books' writer for attempts recorded under `ctx` (a request's, or a job's system context). */
export function attemptBooks(ctx: AnyContext): ApplyOutcome {
  return async (tx, outcome, from) => {
    const first = from === 'created' || from === 'unclear';
    if (first && (outcome.state === 'succeeded' || outcome.state === 'pending')) await writeCharged(tx, ctx, outcome);
    else if (from === 'pending' && outcome.state === 'succeeded') await writeSettled(tx, outcome);
    else if (from === 'pending' && outcome.state === 'failed') await writeReturned(tx, ctx, outcome);
  };
}

/** Purposes whose charge records no payment (the $0.01 set-up charge is voided): nothing for the settlement job to repair. */
export const PURPOSES_WITHOUT_BOOKS: readonly PaymentPurpose[] = ['setup_charge'];

/** The books of a charge that went through; called again for the same attempt, it writes nothing new. */
export async function writeCharged(tx: Tx, ctx: AnyContext, outcome: AttemptOutcome): Promise<void> {
  switch (outcome.purpose) {
    case 'advisor_balance':
    case 'auto_pay':
      return writeInvoicesPaid(tx, ctx, outcome);
    case 'trust_fee':
      return writeTrustFeePaid(tx, ctx, outcome);
    case 'annual_charge':
      return writeAnnualCharged(tx, ctx, outcome);
    case 'setup_charge':
      return;
  }
}

async function writeInvoicesPaid(tx: Tx, ctx: AnyContext, outcome: AttemptOutcome): Promise<void> {
  const ids = invoiceIdsOf(outcome.subject);
  const rows = ids.length ? await tx.select().from(invoices).where(inArray(invoices.id, ids)).orderBy(invoices.id) : [];
  if (!rows.length) return;
  const advisorId = rows[0].advisorId;
  // The receipt goes to the advisor whose balance it is, whoever on the team paid it.
  const [owner] = await tx.select({ email: users.email }).from(advisors).innerJoin(users, eq(users.id, advisors.userId)).where(eq(advisors.id, advisorId));
  const description =
    outcome.purpose === 'auto_pay'
      ? `${rows.map((r) => r.description).join(', ')} (auto-pay)`
      : `your outstanding balance (${rows.length} invoice${rows.length === 1 ? '' : 's'}) with ${describeMethod(outcome.method)}`;
  await record(tx, ctx, outcome, { chargeType: outcome.purpose as PaymentFor['chargeType'], advisorId, receiptTo: owner?.email ?? null, description });
  // Each invoice names the payment that paid it: its receipt in the invoice history.
  const [payment] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.gateway, outcome.gateway), eq(payments.gatewayReference, outcome.reference)));
  for (const invoice of rows) {
    await tx
      .update(invoices)
      .set({ status: 'paid', amountPaid: invoice.amount, paymentId: payment?.id ?? null, updatedAt: ctx.now })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'open')));
  }
}

async function writeTrustFeePaid(tx: Tx, ctx: AnyContext, outcome: AttemptOutcome): Promise<void> {
  const planId = subjectId(outcome.subject, 'plan');
  if (planId === null) return;
  const [plan] = await tx
    .select({ status: estatePlans.status, clientId: estatePlans.clientId })
    .from(estatePlans)
    .where(eq(estatePlans.id, planId))
    .for('update');
  if (!plan) return;
  // What was due before this payment decides Paid in Full or Partial.
  const due = (await trustFeeOfPlan(tx, planId, ctx.now)).amountDue;
  const recorded = await record(tx, ctx, outcome, {
    chargeType: 'trust_fee',
    clientId: plan.clientId,
    estatePlanId: planId,
    receiptTo: await payerEmail(tx, outcome, plan.clientId),
    description: 'the trust fee',
  });
  if (recorded === null) return;
  await tellTrustFeePaid(tx, plan.clientId, outcome);
  await movePlanStatus(tx, planId, plan.status, statusAfterPayment(plan.status, compareMoney(outcome.amount, due) >= 0), outcome.payerUserId, ctx.now);
}

async function writeAnnualCharged(tx: Tx, ctx: AnyContext, outcome: AttemptOutcome): Promise<void> {
  const recurringId = subjectId(outcome.subject, 'recurring');
  const period = /(?:^|;)period:([\d-]+)(?:;|$)/.exec(outcome.subject)?.[1];
  if (recurringId === null || !period) return;
  const [charge] = await tx.select().from(recurringCharges).where(eq(recurringCharges.id, recurringId));
  if (!charge) return;
  const [method] = charge.paymentMethodId
    ? await tx.select({ clientId: paymentMethods.clientId }).from(paymentMethods).where(eq(paymentMethods.id, charge.paymentMethodId))
    : [];
  const clientId = method?.clientId ?? null;
  const receipt = clientId === null ? null : await clientLogin(tx, clientId);
  const recorded = await record(tx, ctx, outcome, {
    chargeType: 'annual_charge',
    clientId,
    estatePlanId: charge.estatePlanId,
    receiptTo: receipt?.email ?? null,
    description: `the annual charge for amendments and revisions (${period})`,
  });
  if (recorded !== null && clientId !== null) await tellAnnualCharged(tx, clientId, outcome, receipt?.userId ?? null);
  // Only from the period charged: a second look at the same attempt moves nothing.
  if (charge.nextChargeOn.toISOString().slice(0, 10) === period) {
    await tx
      .update(recurringCharges)
      .set({ nextChargeOn: oneYearFrom(charge.nextChargeOn), updatedAt: ctx.now })
      .where(and(eq(recurringCharges.id, charge.id), eq(recurringCharges.nextChargeOn, charge.nextChargeOn)));
  }
}

/** A settled eCheck: the payment row says so (once: only from pending), and its news is told. */
async function writeSettled(tx: Tx, outcome: AttemptOutcome): Promise<void> {
  const row = await settleRecordedPayment(tx, outcome.gateway, outcome.reference, 'succeeded', null);
  if (row) await tellPaymentSettled(tx, row);
}

/** A returned eCheck: the payment failed, its invoices open again, the payer told. */
async function writeReturned(tx: Tx, ctx: AnyContext, outcome: AttemptOutcome): Promise<void> {
  const row = await settleRecordedPayment(tx, outcome.gateway, outcome.reference, 'failed', outcome.error?.message ?? null);
  if (!row) return;
  await audit(tx, ctx, 'payment.returned', { type: 'payment', id: row.id }, { reference: outcome.reference, code: outcome.error?.code ?? null });
  const invoiceIds = invoiceIdsOf(outcome.subject);
  const reopened = invoiceIds.length
    ? await tx
        .update(invoices)
        .set({ status: 'open', amountPaid: '0', paymentId: null, updatedAt: ctx.now })
        .where(inArray(invoices.id, invoiceIds))
        .returning()
    : [];
  const [to] = row.advisorId
    ? await tx
        .select({ email: users.email, userId: users.id })
        .from(advisors)
        .innerJoin(users, eq(users.id, advisors.userId))
        .where(eq(advisors.id, row.advisorId))
    : row.clientId
      ? [await clientLogin(tx, row.clientId)]
      : [];
  await tellPaymentReturned(tx, row, outcome.error?.message ?? 'Please pay again with another method.', to?.userId ?? null);
  for (const invoice of reopened) await tellInvoiceDue(tx, invoice, row.id);
  if (to?.email) {
    await queueMail(tx, {
      to: to.email,
      subject: 'Your bank payment was returned',
      text: `Your bank payment of ${formatUsd(row.amount)} (reference ${outcome.reference}) was returned by the bank: ${outcome.error?.message ?? 'it could not be collected.'}\n\nPlease pay again with another method.`,
    });
  }
}

function record(tx: Tx, ctx: AnyContext, outcome: AttemptOutcome, what: Omit<PaymentFor, 'paymentMethodId'>): Promise<number | null> {
  return recordPayment(tx, ctx, outcome, outcome.gateway, { ...what, paymentMethodId: outcome.paymentMethodId });
}

/** The receipt of a trust fee goes to whoever paid it, or to the plan's client when no one is known. */
async function payerEmail(tx: Tx, outcome: AttemptOutcome, clientId: number): Promise<string | null> {
  if (outcome.payerUserId !== null) {
    const [payer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, outcome.payerUserId));
    if (payer) return payer.email;
  }
  return clientEmail(tx, clientId);
}

async function clientEmail(tx: Tx, clientId: number): Promise<string | null> {
  return (await clientLogin(tx, clientId))?.email ?? null;
}

/** A client's login (null when the client has none): where its receipts and payment mails go. */
async function clientLogin(tx: Tx, clientId: number): Promise<{ email: string; userId: number } | null> {
  const [row] = await tx
    .select({ email: users.email, userId: users.id })
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, clientId));
  return row ?? null;
}

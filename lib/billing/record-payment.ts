import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '@/db';
import { payments } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { AnyContext } from '@/lib/kernel/context';
import { queueMail } from '@/lib/mail/send-mail';
import { formatUsd } from '@/lib/money';
import type { AttemptOutcome } from '@/lib/payments/attempts';
import { describeMethod } from './method-input';

/*
 * A charge's outcome as the app keeps it: one `payments` row per charge (unique by gateway and reference,
 * so a duplicate request or a job run twice records it once), an audit row for every payment and refusal,
 * and a receipt e-mailed through the outbox. Of the method only the summary is written.
 */

export type PaymentFor = {
  chargeType: 'trust_fee' | 'setup_charge' | 'advisor_balance' | 'auto_pay' | 'annual_charge';
  advisorId?: number | null;
  clientId?: number | null;
  estatePlanId?: number | null;
  paymentMethodId?: number | null;
  /** Who gets the receipt (null: no receipt, the $0.01 set-up charge). */
  receiptTo: string | null;
  /** What the receipt says was paid for: 'the trust fee', 'your outstanding balance'. */
  description: string;
};

/** Records a succeeded or pending charge; returns the payments row id, or null when it was recorded before. */
export async function recordPayment(q: Queryable, ctx: AnyContext, outcome: AttemptOutcome, gateway: string, what: PaymentFor): Promise<number | null> {
  const status = outcome.state === 'pending' ? 'pending' : 'succeeded';
  const [row] = await q
    .insert(payments)
    .values({
      advisorId: what.advisorId ?? null,
      clientId: what.clientId ?? null,
      estatePlanId: what.estatePlanId ?? null,
      paymentMethodId: what.paymentMethodId ?? null,
      amount: outcome.amount,
      gateway,
      chargeType: what.chargeType,
      methodKind: outcome.method.kind,
      brand: outcome.method.brand,
      last4: outcome.method.last4,
      gatewayReference: outcome.reference,
      status,
    })
    .onConflictDoNothing({ target: [payments.gateway, payments.gatewayReference] })
    .returning({ id: payments.id });
  if (!row) return null;
  await audit(q, ctx, `payment.${status}`, { type: 'payment', id: row.id }, paymentMeta(outcome, what));
  if (what.receiptTo) {
    const pendingNote = status === 'pending' ? '\nBank payments take a few business days to settle; we will let you know if the bank returns it.\n' : '';
    await queueMail(q, {
      to: what.receiptTo,
      subject: 'Your Trustwell payment receipt',
      text: `Thank you for your payment.\n\nAmount: ${formatUsd(outcome.amount)}\nFor: ${what.description}\nPaid with: ${describeMethod(outcome.method)}\nDate: ${ctx.now.toISOString().slice(0, 10)}\nReference: ${outcome.reference}\n${pendingNote}`,
    });
  }
  return row.id;
}

/** Audits a refused charge (nothing was charged): the reason code and the method's summary only. */
export async function auditRefusal(
  q: Queryable,
  ctx: AnyContext,
  outcome: AttemptOutcome,
  what: Pick<PaymentFor, 'chargeType' | 'description'>,
): Promise<void> {
  await audit(q, ctx, 'payment.refused', undefined, { ...paymentMeta(outcome, what), code: outcome.error?.code ?? null });
}

/** Marks a recorded payment settled or returned (the polling job); answers the row when it changed. */
export async function settleRecordedPayment(q: Queryable, gateway: string, reference: string, status: 'succeeded' | 'failed', failureMessage: string | null) {
  const [row] = await q
    .update(payments)
    .set({ status, failureMessage })
    .where(and(eq(payments.gateway, gateway), eq(payments.gatewayReference, reference), eq(payments.status, 'pending')))
    .returning();
  return row ?? null;
}

function paymentMeta(outcome: AttemptOutcome, what: Pick<PaymentFor, 'chargeType' | 'description'>) {
  return {
    chargeType: what.chargeType,
    amount: outcome.amount,
    reference: outcome.reference,
    method: { kind: outcome.method.kind, brand: outcome.method.brand, last4: outcome.method.last4 },
  };
}

import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import { advisors, invoices, users } from '@/db/schema';
import type { SystemContext } from '@/lib/kernel/system-context';
import { subtractMoney, compareMoney } from '@/lib/money';
import { chargeOnce, subjectKey } from '@/lib/payments/attempts';
import { getPaymentGateway } from '@/lib/payments/gateway';
import { queueMail } from '@/lib/mail/send-mail';
import type { PaymentGateway } from '@/lib/payments/types';
import { auditRefusal, recordPayment } from './record-payment';
import { autoPayMethod } from './stored-methods';

export type AutoPayResult = 'paid' | 'pending' | 'failed' | 'skipped';

/**
 * Auto-pay: charges one open invoice of an advisor with auto-pay on, with the advisor's stored method,
 * once (the attempt's key is the invoice: a job run twice follows the first run's attempt). Paid, the
 * invoice is closed (the features lock counts it no more) with a receipt; refused, the advisor is told
 * and the invoice stays open (the daily sweep tries again with a new attempt).
 */
export async function autoPayInvoice(ctx: SystemContext, invoiceId: number, gateway: PaymentGateway = getPaymentGateway()): Promise<AutoPayResult> {
  const [row] = await db
    .select({ invoice: invoices, isAutoPay: advisors.isAutoPay, email: users.email })
    .from(invoices)
    .innerJoin(advisors, eq(advisors.id, invoices.advisorId))
    .innerJoin(users, eq(users.id, advisors.userId))
    .where(eq(invoices.id, invoiceId))
    .limit(1);
  if (!row || row.invoice.status !== 'open' || !row.isAutoPay) return 'skipped';
  const method = await autoPayMethod(row.invoice.advisorId, gateway.name);
  if (!method) return 'skipped';
  const due = subtractMoney(row.invoice.amount, row.invoice.amountPaid);
  if (compareMoney(due, 0) <= 0) return 'skipped';

  const outcome = await chargeOnce(
    { purpose: 'auto_pay', subject: subjectKey({ invoices: [invoiceId] }) },
    due,
    { type: 'token', kind: method.kind, token: method.token },
    { gateway },
  );
  if (outcome.state === 'succeeded' || outcome.state === 'pending') {
    await db.transaction(async (tx) => {
      await tx
        .update(invoices)
        .set({ status: 'paid', amountPaid: row.invoice.amount, updatedAt: new Date() })
        .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'open')));
      await recordPayment(tx, ctx, outcome, gateway.name, {
        chargeType: 'auto_pay',
        advisorId: row.invoice.advisorId,
        paymentMethodId: method.id,
        receiptTo: row.email,
        description: `${row.invoice.description} (auto-pay)`,
      });
    });
    return outcome.state === 'pending' ? 'pending' : 'paid';
  }
  if (outcome.state === 'failed' && !outcome.duplicate) {
    await db.transaction(async (tx) => {
      await auditRefusal(tx, ctx, outcome, { chargeType: 'auto_pay', description: row.invoice.description });
      await queueMail(tx, {
        to: row.email,
        subject: 'Auto-pay could not pay an invoice',
        text: `Auto-pay could not pay "${row.invoice.description}": ${outcome.error?.message ?? 'the payment was refused.'}\n\nPlease update your payment method or pay your outstanding balance on your dashboard.`,
      });
    });
  }
  return outcome.state === 'failed' ? 'failed' : 'skipped';
}

/** The open invoices of advisors with auto-pay on and a stored method: the daily sweep's work list. */
export async function openAutoPayInvoices(): Promise<number[]> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(advisors, eq(advisors.id, invoices.advisorId))
    .where(and(eq(invoices.status, 'open'), eq(advisors.isAutoPay, true), sql`exists (select 1 from payment_methods pm where pm.advisor_id = ${advisors.id})`))
    .orderBy(invoices.id)
    .limit(500);
  return rows.map((r) => r.id);
}

/** Runs auto-pay for the given invoices, or for every open one when none are named. */
export async function runAutoPay(ctx: SystemContext, invoiceIds?: number[]): Promise<Record<AutoPayResult, number>> {
  const ids = invoiceIds?.length ? invoiceIds : await openAutoPayInvoices();
  const counts: Record<AutoPayResult, number> = { paid: 0, pending: 0, failed: 0, skipped: 0 };
  for (const id of ids) counts[await autoPayInvoice(ctx, id)] += 1;
  return counts;
}

import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import { advisors, invoices, users } from '@/db/schema';
import type { SystemContext } from '@/lib/kernel/system-context';
import { subtractMoney, compareMoney } from '@/lib/money';
import { SubjectChangedError, subjectKey, type AttemptOutcome } from '@/lib/payments/attempts';
import { getPaymentGateway } from '@/lib/payments/gateway';
import { queueMail } from '@/lib/mail/send-mail';
import { notify } from '@/lib/notifications';
import type { PaymentGateway } from '@/lib/payments/types';
import { chargeWithBooks, isOwnAttempt } from './charge';
import { auditRefusal } from './record-payment';
import { autoPayMethod } from './stored-methods';

export type AutoPayResult = 'paid' | 'pending' | 'failed' | 'skipped';

/**
 * Auto-pay: charges one open invoice of an advisor with auto-pay on, with the advisor's stored method,
 * once. The attempt claims the invoice first: a job run twice follows the first run's attempt, and an
 * invoice that a balance payment (or another server's auto-pay) holds is skipped, not waited for; the
 * sweep comes back to it if it is still open. Paid, the invoice is closed with a receipt in the
 * transaction that records the charge (lib/billing/attempt-books.ts); refused, the advisor is told and the
 * invoice stays open (the daily sweep tries again with a new attempt).
 */
export async function autoPayInvoice(ctx: SystemContext, invoiceId: number, gateway: PaymentGateway = getPaymentGateway()): Promise<AutoPayResult> {
  const [row] = await db
    .select({ invoice: invoices, isAutoPay: advisors.isAutoPay, email: users.email, userId: users.id })
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

  const key = { purpose: 'auto_pay', subject: subjectKey({ invoices: [invoiceId] }) } as const;
  let outcome: AttemptOutcome;
  try {
    outcome = await chargeWithBooks(
      ctx,
      key,
      due,
      { type: 'token', kind: method.kind, token: method.token },
      {
        gateway,
        methodId: method.id,
        whenHeld: 'answer',
        verify: async (tx) => {
          const [now] = await tx
            .select()
            .from(invoices)
            .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'open')));
          return !!now && compareMoney(subtractMoney(now.amount, now.amountPaid), due) === 0;
        },
      },
    );
  } catch (error) {
    if (error instanceof SubjectChangedError) return 'skipped';
    throw error;
  }
  if (!isOwnAttempt(outcome, key)) return 'skipped';
  if (outcome.state === 'succeeded') return 'paid';
  if (outcome.state === 'pending') return 'pending';
  if (outcome.state === 'failed' && !outcome.duplicate) {
    await db.transaction(async (tx) => {
      await auditRefusal(tx, ctx, outcome, { chargeType: 'auto_pay', description: row.invoice.description });
      await queueMail(tx, {
        to: row.email,
        subject: 'Auto-pay could not pay an invoice',
        text: `Auto-pay could not pay "${row.invoice.description}": ${outcome.error?.message ?? 'the payment was refused.'}\n\nPlease update your payment method or pay your outstanding balance on your dashboard.`,
      });
      // The bell too (issue 29); the mail above is the notice's, so it is not mailed twice.
      await notify(
        tx,
        {
          key: `autopay-failed:${outcome.gateway}:${outcome.reference}`,
          kind: 'autopay-failed',
          title: 'Auto-pay could not pay an invoice',
          body: `Auto-pay could not pay "${row.invoice.description}": ${outcome.error?.message ?? 'the payment was refused.'} Update your payment method or pay your balance on your dashboard.`,
          link: '/dashboard',
          mail: false,
        },
        [row.userId],
      );
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

import 'server-only';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { db } from '@/db';
import { advisors, clients, invoices, paymentAttempts, users } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { SystemContext } from '@/lib/kernel/system-context';
import { queueMail } from '@/lib/mail/send-mail';
import { formatUsd } from '@/lib/money';
import { DEFAULT_ATTEMPT_TIMING, refreshAttempt } from '@/lib/payments/attempts';
import { getPaymentGateway } from '@/lib/payments/gateway';
import type { PaymentGateway } from '@/lib/payments/types';
import { settleRecordedPayment } from './record-payment';

export type SettleResult = { settled: number; returned: number; open: number };

/**
 * Polls the gateway for every open attempt (pending eCheck, unclear answers, rows left 'created' by a
 * stopped server) through refreshAttempt, and brings the payments rows along: a settled eCheck becomes
 * succeeded; a returned one failed, audited, its invoices reopened (the features lock counts them again)
 * and the payer told. The LawPay webhook (app/api/webhooks/lawpay/[secret]) only queues this sooner.
 */
export async function settleOpenPayments(ctx: SystemContext, gateway: PaymentGateway = getPaymentGateway()): Promise<SettleResult> {
  const open = await db
    .select({ reference: paymentAttempts.reference, subject: paymentAttempts.subject })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.gateway, gateway.name),
        or(
          inArray(paymentAttempts.state, ['pending', 'unclear']),
          and(
            eq(paymentAttempts.state, 'created'),
            lt(paymentAttempts.createdAt, sql`now() - make_interval(secs => ${DEFAULT_ATTEMPT_TIMING.staleMs / 1000})`),
          ),
        ),
      ),
    )
    .orderBy(paymentAttempts.id)
    .limit(500);
  const result: SettleResult = { settled: 0, returned: 0, open: 0 };
  for (const attempt of open) {
    const outcome = await refreshAttempt(attempt.reference, { gateway });
    if (outcome.state === 'succeeded') {
      if (await settleRecordedPayment(db, gateway.name, attempt.reference, 'succeeded', null)) result.settled += 1;
    } else if (outcome.state === 'failed') {
      await db.transaction(async (tx) => {
        const row = await settleRecordedPayment(tx, gateway.name, attempt.reference, 'failed', outcome.error?.message ?? null);
        if (!row) return;
        result.returned += 1;
        await audit(tx, ctx, 'payment.returned', { type: 'payment', id: row.id }, { reference: attempt.reference, code: outcome.error?.code ?? null });
        const invoiceIds = /(?:^|;)invoices:([\d,]+)/.exec(attempt.subject)?.[1]?.split(',').map(Number) ?? [];
        if (invoiceIds.length) {
          await tx.update(invoices).set({ status: 'open', amountPaid: '0', updatedAt: new Date() }).where(inArray(invoices.id, invoiceIds));
        }
        const [to] = row.advisorId
          ? await tx.select({ email: users.email }).from(advisors).innerJoin(users, eq(users.id, advisors.userId)).where(eq(advisors.id, row.advisorId))
          : row.clientId
            ? await tx.select({ email: users.email }).from(clients).innerJoin(users, eq(users.id, clients.userId)).where(eq(clients.id, row.clientId))
            : [];
        if (to?.email) {
          await queueMail(tx, {
            to: to.email,
            subject: 'Your bank payment was returned',
            text: `Your bank payment of ${formatUsd(row.amount)} (reference ${attempt.reference}) was returned by the bank: ${outcome.error?.message ?? 'it could not be collected.'}\n\nPlease pay again with another method.`,
          });
        }
      });
    } else {
      result.open += 1;
    }
  }
  return result;
}

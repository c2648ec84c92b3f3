import 'server-only';
import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { db } from '@/db';
import { paymentAttempts, payments } from '@/db/schema';
import type { SystemContext } from '@/lib/kernel/system-context';
import { DEFAULT_ATTEMPT_TIMING, findAttempt } from '@/lib/payments/attempts';
import { getPaymentGateway } from '@/lib/payments/gateway';
import type { PaymentGateway } from '@/lib/payments/types';
import { PURPOSES_WITHOUT_BOOKS, writeCharged } from './attempt-books';
import { refreshWithBooks } from './charge';

export type SettleResult = { settled: number; returned: number; open: number; repaired: number };

/**
 * Polls the gateway for every open attempt (pending eCheck, unclear answers, rows left 'created' by a
 * stopped server) through refreshWithBooks, which records each outcome with its books: a charge found
 * after a crash pays its invoices or fee, a settled eCheck becomes succeeded, a returned one failed with
 * its invoices reopened and the payer told. Then it repairs any charge recorded without its books (an
 * attempt that took the money but has no payment row: written before the books moved into the recording
 * transaction). The LawPay webhook (app/api/webhooks/lawpay/[secret]) only queues this sooner.
 */
export async function settleOpenPayments(ctx: SystemContext, gateway: PaymentGateway = getPaymentGateway()): Promise<SettleResult> {
  const open = await db
    .select({ reference: paymentAttempts.reference, state: paymentAttempts.state })
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
  const result: SettleResult = { settled: 0, returned: 0, open: 0, repaired: 0 };
  for (const attempt of open) {
    const outcome = await refreshWithBooks(ctx, attempt.reference, { gateway });
    if (attempt.state === 'pending' && outcome.state === 'succeeded') result.settled += 1;
    else if (attempt.state === 'pending' && outcome.state === 'failed') result.returned += 1;
    else if (outcome.state === 'created' || outcome.state === 'unclear' || outcome.state === 'pending') result.open += 1;
  }
  result.repaired = await repairMissingBooks(ctx);
  return result;
}

/** Charges without books: an attempt that took the money, of a purpose that records a payment, with no payment row. */
async function repairMissingBooks(ctx: SystemContext): Promise<number> {
  const missing = await db
    .select({ reference: paymentAttempts.reference })
    .from(paymentAttempts)
    .leftJoin(payments, and(eq(payments.gateway, paymentAttempts.gateway), eq(payments.gatewayReference, paymentAttempts.reference)))
    .where(and(inArray(paymentAttempts.state, ['succeeded', 'pending']), notInArray(paymentAttempts.purpose, [...PURPOSES_WITHOUT_BOOKS]), isNull(payments.id)))
    .orderBy(paymentAttempts.id)
    .limit(500);
  let repaired = 0;
  for (const { reference } of missing) {
    const outcome = await findAttempt(reference);
    if (!outcome) continue;
    await db.transaction(async (tx) => {
      // The attempt's row lock makes a repair and a late recording by its own request one after the other.
      await tx.select({ id: paymentAttempts.id }).from(paymentAttempts).where(eq(paymentAttempts.reference, reference)).for('update');
      const [already] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.gateway, outcome.gateway), eq(payments.gatewayReference, reference)));
      if (already) return;
      await writeCharged(tx, ctx, outcome);
      repaired += 1;
    });
  }
  return repaired;
}

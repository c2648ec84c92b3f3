import 'server-only';
import { and, eq, isNull, lte } from 'drizzle-orm';
import { db } from '@/db';
import { clients, paymentMethods, recurringCharges, users } from '@/db/schema';
import type { SystemContext } from '@/lib/kernel/system-context';
import { queueMail } from '@/lib/mail/send-mail';
import { SubjectChangedError, subjectKey, type AttemptOutcome } from '@/lib/payments/attempts';
import { getPaymentGateway } from '@/lib/payments/gateway';
import type { PaymentGateway } from '@/lib/payments/types';
import { chargeWithBooks } from './charge';
import { tellAnnualChargeFailed } from './payment-notices';
import { auditRefusal } from './record-payment';

export type AnnualChargeResult = { charged: number; failed: number; skipped: number };

/**
 * The annual recurring charge (platform §9): every recurring_charges row whose next_charge_on has come is
 * charged to its stored method once per period: the attempt's key (and its claim) is the row and the
 * period's date, so a job run twice, or two servers, charge once; the payment and next_charge_on a year on
 * (only from the period charged) are recorded with the charge. A refusal leaves the row due: the next
 * day's run tries again, and the client is mailed (each day); the household and the advisor are told once per period.
 */
export async function chargeDueAnnualCharges(ctx: SystemContext, gateway: PaymentGateway = getPaymentGateway()): Promise<AnnualChargeResult> {
  const { now } = ctx;
  const due = await db
    .select({ charge: recurringCharges, method: paymentMethods, email: users.email, userId: users.id })
    .from(recurringCharges)
    .innerJoin(paymentMethods, eq(paymentMethods.id, recurringCharges.paymentMethodId))
    .leftJoin(clients, eq(clients.id, paymentMethods.clientId))
    .leftJoin(users, eq(users.id, clients.userId))
    .where(and(isNull(recurringCharges.canceledAt), lte(recurringCharges.nextChargeOn, now)))
    .orderBy(recurringCharges.id)
    .limit(500);
  const result: AnnualChargeResult = { charged: 0, failed: 0, skipped: 0 };
  for (const { charge, method, email, userId } of due) {
    if (method.gateway !== gateway.name) {
      result.skipped += 1;
      continue;
    }
    const period = charge.nextChargeOn.toISOString().slice(0, 10);
    const key = { purpose: 'annual_charge', subject: subjectKey({ recurring: charge.id, period }) } as const;
    let outcome: AttemptOutcome;
    try {
      outcome = await chargeWithBooks(
        ctx,
        key,
        charge.amount,
        { type: 'token', kind: method.kind, token: method.token },
        {
          gateway,
          methodId: method.id,
          whenHeld: 'answer',
          // Still due for this period: not canceled, not moved on by a run that charged it meanwhile.
          verify: async (tx) =>
            (
              await tx
                .select({ id: recurringCharges.id })
                .from(recurringCharges)
                .where(and(eq(recurringCharges.id, charge.id), eq(recurringCharges.nextChargeOn, charge.nextChargeOn), isNull(recurringCharges.canceledAt)))
            ).length === 1,
        },
      );
    } catch (error) {
      if (!(error instanceof SubjectChangedError)) throw error;
      result.skipped += 1;
      continue;
    }
    // The payment and the next date a year on are recorded with the charge (lib/billing/attempt-books.ts).
    if (outcome.state === 'succeeded' || outcome.state === 'pending') {
      result.charged += 1;
    } else if (outcome.state === 'failed') {
      if (!outcome.duplicate) {
        await db.transaction(async (tx) => {
          await auditRefusal(tx, ctx, outcome, { chargeType: 'annual_charge', description: 'annual charge' });
          if (email) {
            await queueMail(tx, {
              to: email,
              subject: 'Your annual Trustwell charge could not be made',
              text: `The annual charge for amendments and revisions could not be made: ${outcome.error?.message ?? 'the payment was refused.'}\n\nWe will try again tomorrow.`,
            });
          }
          // The bell, the other spouse and the advisor (issue 29), once per period however many days it is retried.
          if (method.clientId !== null) {
            await tellAnnualChargeFailed(tx, {
              clientId: method.clientId,
              recurringId: charge.id,
              period,
              amount: charge.amount,
              reason: outcome.error?.message ?? 'The payment was refused.',
              mailedUserId: email ? userId : null,
            });
          }
        });
      }
      result.failed += 1;
    } else {
      result.skipped += 1;
    }
  }
  return result;
}

import 'server-only';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { db } from '@/db';
import { paymentAttempts, type PaymentAttempt, type PaymentPurpose } from '@/db/schema';
import type { ApplyOutcome, AttemptOutcome, AttemptState } from './attempt-types';
import { releaseClaims } from './claims';
import { gatewayFailure, type PaymentGatewayError } from './errors';
import type { ChargeResult } from './types';

/* The payment_attempts rows (lib/payments/attempts.ts): reading them with their age, recording an answer. */

export type AttemptRow = PaymentAttempt & { ageMs: number };

/** The attempt a new call should take: the latest one unless it failed (then the next), or 1. */
export async function nextAttemptNumber(purpose: PaymentPurpose, subject: string): Promise<number> {
  const [latest] = await db
    .select({ attempt: paymentAttempts.attempt, state: paymentAttempts.state })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.purpose, purpose), eq(paymentAttempts.subject, subject)))
    .orderBy(desc(paymentAttempts.attempt))
    .limit(1);
  if (!latest) return 1;
  return latest.state === 'failed' ? latest.attempt + 1 : latest.attempt;
}
/** The attempt with this reference, or null. */
export async function findAttempt(reference: string): Promise<AttemptOutcome | null> {
  const rows = await loadWhere(eq(paymentAttempts.reference, reference));
  return rows[0] ? outcomeOf(rows[0], true) : null;
}
/**
 * Records the gateway's answer, if the row is still in one of `from` (else someone recorded it first), and
 * in the same transaction releases the attempt's claims and writes its books (`apply`).
 */
export async function record(
  id: number,
  result: ChargeResult,
  from: AttemptState[],
  duplicate: boolean,
  apply: ApplyOutcome | undefined,
): Promise<AttemptOutcome> {
  const state: AttemptState =
    result.status === 'authorized' || result.status === 'completed' ? 'succeeded' : result.status === 'pending' ? 'pending' : 'failed';
  const failure = state === 'failed' ? (result.failure ?? gatewayFailure(result.status === 'voided' ? 'voided' : 'card_declined')) : null;
  const method = result.method;
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ state: paymentAttempts.state }).from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update');
    if (!before || !from.includes(before.state)) return;
    const [row] = await tx
      .update(paymentAttempts)
      .set({
        state,
        chargeId: result.chargeId ?? undefined,
        errorCode: failure?.code ?? null,
        errorMessage: failure?.message ?? null,
        resolvedAt: sql`now()`,
        // The gateway's summary (masked) replaces ours when it sent one.
        ...(method
          ? {
              brand: method.brand ?? undefined,
              last4: method.last4 ?? undefined,
              expMonth: method.expMonth ?? undefined,
              expYear: method.expYear ?? undefined,
              bankAccountType: method.bankAccountType ?? undefined,
            }
          : {}),
      })
      .where(eq(paymentAttempts.id, id))
      .returning();
    await releaseClaims(tx, id);
    await apply?.(tx, outcomeOf(row, duplicate), before.state);
  });
  return outcomeOf(await loadById(id), duplicate);
}

export async function markUnclear(id: number, from: AttemptState[]): Promise<void> {
  const failure = gatewayFailure('gateway_unclear');
  await db
    .update(paymentAttempts)
    .set({ state: 'unclear', errorCode: failure.code, errorMessage: failure.message })
    .where(and(eq(paymentAttempts.id, id), inArray(paymentAttempts.state, from)));
}

export function refusedResult(error: PaymentGatewayError, amountCents: number, reference: string): ChargeResult {
  return { chargeId: null, status: 'failed', amountCents, amountRefundedCents: 0, reference, method: null, failure: gatewayFailure(error.code) };
}

/** Attempt rows with their age by the database's clock (the same for every server). */
export async function loadWhere(condition: SQL | undefined): Promise<AttemptRow[]> {
  const rows = await db
    .select({ row: paymentAttempts, ageMs: sql<string>`(extract(epoch from (now() - ${paymentAttempts.createdAt})) * 1000)::bigint` })
    .from(paymentAttempts)
    .where(condition);
  return rows.map(({ row, ageMs }) => ({ ...row, ageMs: Number(ageMs) }));
}

export async function loadById(id: number): Promise<AttemptRow> {
  const [row] = await loadWhere(eq(paymentAttempts.id, id));
  if (!row) throw new Error(`Payment attempt ${id} is gone`);
  return row;
}

export async function loadByReference(reference: string): Promise<AttemptRow> {
  const [row] = await loadWhere(eq(paymentAttempts.reference, reference));
  if (!row) throw new RangeError('No payment attempt has this reference');
  return row;
}

export function outcomeOf(row: PaymentAttempt, duplicate: boolean): AttemptOutcome {
  return {
    reference: row.reference,
    purpose: row.purpose as PaymentPurpose,
    subject: row.subject,
    attempt: row.attempt,
    state: row.state,
    amount: row.amount,
    chargeId: row.chargeId,
    method: {
      kind: row.methodKind,
      brand: row.brand,
      last4: row.last4,
      expMonth: row.expMonth,
      expYear: row.expYear,
      bankAccountType: row.bankAccountType,
    },
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? gatewayFailure(row.errorCode).message } : null,
    duplicate,
    gateway: row.gateway,
    payerUserId: row.payerUserId,
    paymentMethodId: row.paymentMethodId,
  };
}

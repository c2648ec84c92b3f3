import 'server-only';
import type { PublicContext, AnyContext } from '@/lib/kernel/context';
import { chargeOnce, refreshAttempt, type AttemptKey, type AttemptOutcome, type ChargeOptions } from '@/lib/payments/attempts';
import type { Payer } from '@/lib/payments/decline-limit';
import type { MoneyInput } from '@/lib/money';
import type { MethodInput, PaymentGateway } from '@/lib/payments/types';
import { attemptBooks } from './attempt-books';

/*
 * Every charge the product makes goes through here: lib/payments/attempts.ts with the books of
 * lib/billing/attempt-books.ts, so that whoever records an outcome (the request, a duplicate, the
 * settlement job) writes what it means for the invoices, plans and payments in the same transaction.
 */

/** Charges once for `key`, claiming what it pays for, with the books written where the outcome is recorded. */
export function chargeWithBooks(
  ctx: AnyContext,
  key: AttemptKey,
  amount: MoneyInput,
  method: MethodInput,
  options: Omit<ChargeOptions, 'apply'> = {},
): Promise<AttemptOutcome> {
  return chargeOnce(key, amount, method, { ...options, apply: attemptBooks(ctx) });
}

/** Brings an open attempt up to date with the gateway (the settlement job), writing its books. */
export function refreshWithBooks(ctx: AnyContext, reference: string, options: { gateway?: PaymentGateway } = {}): Promise<AttemptOutcome> {
  return refreshAttempt(reference, { ...options, apply: attemptBooks(ctx) });
}

/** Who pays in a request, for the decline limits: the signed-in account, its address, and the account paid for. */
export function payerOf(ctx: PublicContext, account: string): Payer {
  return { userId: ctx.actor?.userId ?? null, ip: ctx.ip || null, account };
}

/** Whether an outcome is of the attempt `key` named, rather than of another attempt that held one of its things. */
export function isOwnAttempt(outcome: AttemptOutcome, key: AttemptKey): boolean {
  return outcome.purpose === key.purpose && outcome.subject === key.subject;
}

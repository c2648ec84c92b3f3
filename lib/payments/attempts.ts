import 'server-only';
import { and, eq } from 'drizzle-orm';
import { db } from '@/db';
import { PAYMENT_PURPOSES, paymentAttempts } from '@/db/schema';
import { fromCents, toCents, type MoneyInput } from '@/lib/money';
import { loadById, loadByReference, markUnclear, nextAttemptNumber, outcomeOf, record, refusedResult, type AttemptRow } from './attempt-rows';
import {
  DEFAULT_ATTEMPT_TIMING,
  newPaymentReference,
  SubjectChangedError,
  type ApplyOutcome,
  type AttemptKey,
  type AttemptOptions,
  type AttemptOutcome,
  type AttemptTiming,
  type ChargeOptions,
} from './attempt-types';
import { claimThings, thingsOf } from './claims';
import { assertUnderDeclineLimit } from './decline-limit';
import { PaymentGatewayError, gatewayFailure } from './errors';
import { getPaymentGateway } from './gateway';
import { summaryBeforeAnswer } from './methods';
import type { ChargeResult, MethodInput, PaymentGateway } from './types';

/*
 * Money safety: every charge is a payment_attempts row written BEFORE the gateway is called.
 *
 * - The row's unique key is (purpose, subject, attempt). A double click, a retried request, a second tab or
 *   a job run twice make the same key: the first claims the row (a single INSERT … ON CONFLICT DO NOTHING;
 *   a concurrent duplicate's INSERT waits on the unique index until that claim commits, then inserts
 *   nothing), and every other call follows that row to its outcome instead of charging (10 parallel
 *   calls → 1 gateway charge).
 * - The gateway is called outside any transaction (a charge takes seconds; on the embedded database a
 *   transaction holds the only connection). A duplicate waits by reading the row again every `pollMs`.
 * - The row's `reference` is the charge's gateway `reference`. When the answer is unclear (timeout, network,
 *   the gateway's 5xx), or the server stopped mid-charge (a row still 'created' after `staleMs`), the charge
 *   is looked up by reference before anything else: found, its outcome is recorded; not found, the attempt
 *   stays 'unclear' (nothing is charged again) until `notFoundFinalMs` after it began, when it is recorded
 *   failed ('not_charged') and a new attempt may charge. Never a blind second charge.
 * - The attempt also claims each thing it pays for (lib/payments/claims.ts) in the transaction that writes
 *   it: an invoice or a fee held by another attempt (another set of invoices, auto-pay, another server) is
 *   followed like a duplicate instead of being charged again. The payer's decline limits are checked in
 *   the same transaction (lib/payments/decline-limit.ts).
 * - The transaction that records an outcome also releases the claims and writes the books through the
 *   caller's `apply` (an invoice paid, the payment recorded, a returned eCheck's invoice reopened): there is
 *   no moment, and no crash, at which the attempt says charged while the invoice still says open.
 * - Of the method only the summary is kept (brand or bank name, last four, expiry).
 */

// The attempt's terms and rows live beside it; callers import them from here, the door to payments.
export {
  DEFAULT_ATTEMPT_TIMING,
  newPaymentReference,
  SubjectChangedError,
  subjectKey,
  type ApplyOutcome,
  type AttemptKey,
  type AttemptOutcome,
  type AttemptState,
  type AttemptTiming,
  type ChargeOptions,
} from './attempt-types';
export { findAttempt, nextAttemptNumber } from './attempt-rows';

/** Thrown inside the claiming transaction to roll it back when another attempt holds the key or a thing. */
class HeldBy {
  constructor(readonly attemptId: number) {}
}

/**
 * Charges `amount` to `method` once for `key` (see above), and returns the attempt's outcome: succeeded,
 * pending (an eCheck: poll it with refreshAttempt), failed (with the reason), unclear (not found yet:
 * nothing more is charged; ask again later) or, for a duplicate that stopped waiting, created. A duplicate
 * gets the outcome of the attempt it followed whatever its own amount and method: callers put what decides
 * the amount (the plan, the invoices) in the subject, and compare the outcome's subject with their own
 * (another attempt held one of their things: read what is due again).
 */
export async function chargeOnce(key: AttemptKey, amount: MoneyInput, method: MethodInput, options: ChargeOptions = {}): Promise<AttemptOutcome> {
  const gateway = options.gateway ?? getPaymentGateway();
  const timing = { ...DEFAULT_ATTEMPT_TIMING, ...options.timing };
  if (!(PAYMENT_PURPOSES as readonly string[]).includes(key.purpose)) throw new RangeError(`Not a payment purpose: ${key.purpose}`);
  if (!key.subject) throw new RangeError('A payment attempt needs a subject');
  // Exact: an amount with a fraction of a cent is refused, never rounded.
  const amountCents = toCents(amount);
  const amountText = fromCents(amountCents);
  if (amountCents <= 0) throw new RangeError(`A charge is more than zero: ${amountText}`);
  const attempt = key.attempt ?? (await nextAttemptNumber(key.purpose, key.subject));
  const summary = summaryBeforeAnswer(method);

  let claimed: { id: number; reference: string };
  try {
    claimed = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(paymentAttempts)
        .values({
          reference: newPaymentReference(),
          purpose: key.purpose,
          subject: key.subject,
          attempt,
          gateway: gateway.name,
          amount: amountText,
          methodKind: summary.kind,
          brand: summary.brand,
          last4: summary.last4,
          expMonth: summary.expMonth,
          expYear: summary.expYear,
          bankAccountType: summary.bankAccountType,
          payerUserId: options.payer?.userId ?? null,
          payerIp: options.payer?.ip ?? null,
          payerAccount: options.payer?.account ?? null,
          paymentMethodId: options.methodId ?? null,
        })
        .onConflictDoNothing({ target: [paymentAttempts.purpose, paymentAttempts.subject, paymentAttempts.attempt] })
        .returning({ id: paymentAttempts.id, reference: paymentAttempts.reference });
      if (!row) {
        const [same] = await tx
          .select({ id: paymentAttempts.id })
          .from(paymentAttempts)
          .where(and(eq(paymentAttempts.purpose, key.purpose), eq(paymentAttempts.subject, key.subject), eq(paymentAttempts.attempt, attempt)));
        if (!same) throw new Error('The payment attempt that holds this key is gone');
        throw new HeldBy(same.id);
      }
      const holder = await claimThings(tx, row.id, thingsOf(key.subject));
      if (holder !== null) throw new HeldBy(holder);
      if (options.verify && !(await options.verify(tx))) throw new SubjectChangedError();
      if (options.payer) await assertUnderDeclineLimit(tx, options.payer, row.id);
      return row;
    });
  } catch (error) {
    if (!(error instanceof HeldBy)) throw error;
    const holder = await loadById(error.attemptId);
    return options.whenHeld === 'answer' ? outcomeOf(holder, true) : follow(holder, gateway, timing, options.apply);
  }

  let result: ChargeResult;
  try {
    result = await gateway.charge({ amountCents, method, reference: claimed.reference });
  } catch (error) {
    // A refusal comes back as a result; anything thrown may have charged (an unclear answer, or a failure
    // we cannot place): find the charge before anything else.
    if (error instanceof PaymentGatewayError && !error.unclear) {
      return record(claimed.id, refusedResult(error, amountCents, claimed.reference), ['created'], false, options.apply);
    }
    await markUnclear(claimed.id, ['created']);
    return resolveUnclear(await loadById(claimed.id), gateway, timing, false, options.apply);
  }
  return record(claimed.id, result, ['created', 'unclear'], false, options.apply);
}

/**
 * Brings an open attempt up to date with the gateway: a pending eCheck (getCharge: settled → succeeded,
 * returned → failed), an unclear one (looked up by reference), a stale 'created' one. For the jobs that poll
 * pending payments; a webhook is only a reason to call this sooner.
 */
export async function refreshAttempt(reference: string, options: AttemptOptions = {}): Promise<AttemptOutcome> {
  const gateway = options.gateway ?? getPaymentGateway();
  const timing = { ...DEFAULT_ATTEMPT_TIMING, ...options.timing };
  const row = await loadByReference(reference);
  if (row.gateway !== gateway.name) return outcomeOf(row, true);
  if (row.state === 'pending' && row.chargeId) {
    try {
      return await record(row.id, await gateway.getCharge(row.chargeId), ['pending'], true, options.apply);
    } catch {
      return outcomeOf(await loadById(row.id), true);
    }
  }
  if (row.state === 'unclear') return resolveUnclear(row, gateway, timing, true, options.apply);
  if (row.state === 'created' && row.ageMs >= timing.staleMs) {
    await markUnclear(row.id, ['created']);
    return resolveUnclear(await loadById(row.id), gateway, timing, true, options.apply);
  }
  return outcomeOf(row, true);
}
/**
 * A duplicate follows the first call's row: waits while it is being charged, asking the gateway now and
 * then whether the charge exists (found: it records it, books and all, as the first call would have), and
 * resolves it if it went quiet.
 */
async function follow(row: AttemptRow, gateway: PaymentGateway, timing: AttemptTiming, apply: ApplyOutcome | undefined): Promise<AttemptOutcome> {
  const deadline = Date.now() + timing.waitMs;
  let nextLookup = 0;
  let current = row;
  while (current.state === 'created') {
    if (current.ageMs >= timing.staleMs) {
      // The call that wrote it is gone (its server stopped): whether it charged is unknown.
      await markUnclear(current.id, ['created']);
      current = await loadById(current.id);
      break;
    }
    if (Date.now() >= deadline) return outcomeOf(current, true);
    if (current.gateway === gateway.name && current.ageMs >= timing.lookupAfterMs && Date.now() >= nextLookup) {
      nextLookup = Date.now() + timing.lookupEveryMs;
      const found = await gateway.findChargeByReference(current.reference).catch(() => null);
      if (found) return record(current.id, found, ['created', 'unclear'], true, apply);
    }
    await new Promise((resolve) => setTimeout(resolve, timing.pollMs));
    current = await loadById(current.id);
  }
  if (current.state === 'unclear') return resolveUnclear(current, gateway, timing, true, apply);
  return outcomeOf(current, true);
}

/** Looks an unclear charge up by its reference; records what is found, or after long enough that it never happened. */
async function resolveUnclear(
  row: AttemptRow,
  gateway: PaymentGateway,
  timing: AttemptTiming,
  duplicate: boolean,
  apply: ApplyOutcome | undefined,
): Promise<AttemptOutcome> {
  // Only the gateway that was asked can say whether it charged.
  if (row.gateway !== gateway.name) return outcomeOf(row, duplicate);
  let found: ChargeResult | null;
  try {
    found = await gateway.findChargeByReference(row.reference);
  } catch {
    return outcomeOf(await loadById(row.id), duplicate);
  }
  if (found) return record(row.id, found, ['unclear'], duplicate, apply);
  if (row.ageMs < timing.notFoundFinalMs) return outcomeOf(row, duplicate);
  const notCharged: ChargeResult = {
    chargeId: null,
    status: 'failed',
    amountCents: toCents(row.amount),
    amountRefundedCents: 0,
    reference: row.reference,
    method: null,
    failure: gatewayFailure('not_charged'),
  };
  return record(row.id, notCharged, ['unclear'], duplicate, apply);
}

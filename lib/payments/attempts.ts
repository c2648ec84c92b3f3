import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { db, type Tx } from '@/db';
import { PAYMENT_PURPOSES, paymentAttempts, type PaymentAttempt, type PaymentPurpose } from '@/db/schema';
import { fromCents, toCents, type MoneyInput } from '@/lib/money';
import { claimThings, releaseClaims, thingsOf } from './claims';
import { assertUnderDeclineLimit, type Payer } from './decline-limit';
import { PaymentGatewayError, gatewayFailure } from './errors';
import { getPaymentGateway } from './gateway';
import { summaryBeforeAnswer } from './methods';
import type { ChargeResult, GatewayFailure, MethodInput, MethodSummary, PaymentGateway } from './types';

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

export type AttemptState = PaymentAttempt['state'];

/** `attempt` omitted: the latest attempt of (purpose, subject), or the next one when the latest failed. */
export type AttemptKey = { purpose: PaymentPurpose; subject: string; attempt?: number };

export type AttemptTiming = {
  /** How often a duplicate reads the first call's row while it is still being charged. */
  pollMs: number;
  /** How long a duplicate waits for that outcome before answering with the row as it is ('created'). */
  waitMs: number;
  /** A row still 'created' this long after it was written lost its server: look its charge up. */
  staleMs: number;
  /** An unclear charge not found by its reference this long after the attempt began was never made. */
  notFoundFinalMs: number;
  /**
   * A duplicate waiting on an attempt this old asks the gateway for its charge every `lookupEveryMs`: a
   * server that stopped right after the gateway charged is then caught up in seconds, not after `staleMs`.
   */
  lookupAfterMs: number;
  lookupEveryMs: number;
};

/** The gateway's deadline is 20 s (lib/payments/lawpay-gateway.ts), well inside `staleMs`. */
export const DEFAULT_ATTEMPT_TIMING: AttemptTiming = {
  pollMs: 150,
  waitMs: 50_000,
  staleMs: 45_000,
  notFoundFinalMs: 120_000,
  lookupAfterMs: 2_000,
  lookupEveryMs: 2_000,
};

export type AttemptOutcome = {
  reference: string;
  purpose: PaymentPurpose;
  subject: string;
  attempt: number;
  state: AttemptState;
  /** 2-decimal string, as stored. */
  amount: string;
  chargeId: string | null;
  method: MethodSummary;
  /** Why it failed (or why it is unclear), with a message for the person paying. */
  error: GatewayFailure | null;
  /** True when this call charged nothing itself: it found the attempt another call made (or makes). */
  duplicate: boolean;
  /** The gateway charged ('sandbox', 'lawpay'). */
  gateway: string;
  /** Who paid (null for jobs), and the stored method charged, when one was. */
  payerUserId: number | null;
  paymentMethodId: number | null;
};

/**
 * Writes what an outcome means for the books (lib/billing/attempt-books.ts), inside the transaction that
 * records it: `from` is the state the attempt left ('created' or 'unclear' for a first answer, 'pending'
 * for an eCheck that settled or was returned).
 */
export type ApplyOutcome = (tx: Tx, outcome: AttemptOutcome, from: AttemptState) => Promise<void>;

type Options = { gateway?: PaymentGateway; timing?: Partial<AttemptTiming>; apply?: ApplyOutcome };

export type ChargeOptions = Options & {
  /** Who pays, for the decline limits (none for jobs). */
  payer?: Payer;
  /**
   * Re-checks, under the new claim, that what is paid for is still due at this amount (another payer may
   * have paid it since the caller read it). False: nothing is charged, SubjectChangedError is thrown.
   */
  verify?: (tx: Tx) => Promise<boolean>;
  /** The stored method charged (auto-pay, the annual charge). */
  methodId?: number | null;
  /**
   * When another attempt holds what this one pays for: 'follow' waits for its outcome (a person's request),
   * 'answer' returns it at once as it is (a job, which comes back later).
   */
  whenHeld?: 'follow' | 'answer';
};

/** What the caller read as due is no longer (paid, or changed, by another payer): read it again. */
export class SubjectChangedError extends Error {
  constructor() {
    super('What this payment was for changed before it was charged');
    this.name = 'SubjectChangedError';
  }
}

/** Thrown inside the claiming transaction to roll it back when another attempt holds the key or a thing. */
class HeldBy {
  constructor(readonly attemptId: number) {}
}

/** The records a payment is for, canonical: { invoices: [9, 3, 5] } → 'invoices:3,5,9'; names sorted, joined by ';'. */
export function subjectKey(parts: Record<string, string | number | readonly (string | number)[]>): string {
  const names = Object.keys(parts).sort();
  if (names.length === 0) throw new RangeError('A payment subject names at least one record');
  return names
    .map((name) => {
      if (!/^[a-z][a-z_]*$/.test(name)) throw new RangeError(`Not a subject name: ${name}`);
      const raw = parts[name];
      const values = [...new Set((Array.isArray(raw) ? raw : [raw]).map(String))];
      if (values.length === 0 || values.some((v) => !/^[A-Za-z0-9_-]+$/.test(v))) throw new RangeError(`Not a subject value for ${name}`);
      values.sort((a, b) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0));
      return `${name}:${values.join(',')}`;
    })
    .join(';');
}

/** A new gateway reference: 'tw' and 32 hex digits, all of one length (the gateway's search may match prefixes). */
export function newPaymentReference(): string {
  return `tw${randomBytes(16).toString('hex')}`;
}

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
export async function refreshAttempt(reference: string, options: Options = {}): Promise<AttemptOutcome> {
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

/** The attempt with this reference, or null. */
export async function findAttempt(reference: string): Promise<AttemptOutcome | null> {
  const rows = await loadWhere(eq(paymentAttempts.reference, reference));
  return rows[0] ? outcomeOf(rows[0], true) : null;
}

type AttemptRow = PaymentAttempt & { ageMs: number };

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

/**
 * Records the gateway's answer, if the row is still in one of `from` (else someone recorded it first), and
 * in the same transaction releases the attempt's claims and writes its books (`apply`).
 */
async function record(id: number, result: ChargeResult, from: AttemptState[], duplicate: boolean, apply: ApplyOutcome | undefined): Promise<AttemptOutcome> {
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

async function markUnclear(id: number, from: AttemptState[]): Promise<void> {
  const failure = gatewayFailure('gateway_unclear');
  await db
    .update(paymentAttempts)
    .set({ state: 'unclear', errorCode: failure.code, errorMessage: failure.message })
    .where(and(eq(paymentAttempts.id, id), inArray(paymentAttempts.state, from)));
}

function refusedResult(error: PaymentGatewayError, amountCents: number, reference: string): ChargeResult {
  return { chargeId: null, status: 'failed', amountCents, amountRefundedCents: 0, reference, method: null, failure: gatewayFailure(error.code) };
}

/** Attempt rows with their age by the database's clock (the same for every server). */
async function loadWhere(condition: SQL | undefined): Promise<AttemptRow[]> {
  const rows = await db
    .select({ row: paymentAttempts, ageMs: sql<string>`(extract(epoch from (now() - ${paymentAttempts.createdAt})) * 1000)::bigint` })
    .from(paymentAttempts)
    .where(condition);
  return rows.map(({ row, ageMs }) => ({ ...row, ageMs: Number(ageMs) }));
}

async function loadById(id: number): Promise<AttemptRow> {
  const [row] = await loadWhere(eq(paymentAttempts.id, id));
  if (!row) throw new Error(`Payment attempt ${id} is gone`);
  return row;
}

async function loadByReference(reference: string): Promise<AttemptRow> {
  const [row] = await loadWhere(eq(paymentAttempts.reference, reference));
  if (!row) throw new RangeError('No payment attempt has this reference');
  return row;
}

function outcomeOf(row: PaymentAttempt, duplicate: boolean): AttemptOutcome {
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

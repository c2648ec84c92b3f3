import { randomBytes } from 'node:crypto';
import type { Tx } from '@/db';
import type { PaymentAttempt, PaymentPurpose } from '@/db/schema';
import type { Payer } from './decline-limit';
import type { GatewayFailure, MethodSummary, PaymentGateway } from './types';

/* The terms of a payment attempt (lib/payments/attempts.ts): its key, its timing, its outcome. */

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

export type AttemptOptions = { gateway?: PaymentGateway; timing?: Partial<AttemptTiming>; apply?: ApplyOutcome };

export type ChargeOptions = AttemptOptions & {
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

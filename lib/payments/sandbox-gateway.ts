import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { db } from '@/db';
import { sandboxCharges, sandboxPaymentMethods } from '@/db/schema';
import { fromCents, toCents } from '@/lib/money';
import { PaymentGatewayError, gatewayFailure } from './errors';
import { bankSummary, cardSummary, digitsOf, isExpired, passesLuhn } from './methods';
import {
  SANDBOX_ACH_FAILURES,
  SANDBOX_CARD_FAILURES,
  SANDBOX_INVALID_ROUTING_NUMBER,
  SANDBOX_TEST_BANK_NAME,
  SANDBOX_TEST_ROUTING_NUMBERS,
} from './sandbox-numbers';
import type {
  BankInput,
  CardInput,
  ChargeRequest,
  ChargeResult,
  ChargeStatus,
  MethodInput,
  MethodSummary,
  PaymentGateway,
  RefundResult,
  StoredMethod,
  StoredMethodRef,
} from './types';

/** Shown wherever a payment form shows while the sandbox is the gateway. */
export const SANDBOX_LABEL = 'Sandbox — no real money moves';

type ChargeRow = typeof sandboxCharges.$inferSelect;

/*
 * The default gateway: in-process, deterministic, no network. It answers LawPay's test-mode numbers with
 * LawPay's codes (lib/payments/sandbox-numbers.ts) and keeps its books in two tables (sandbox_charges,
 * sandbox_payment_methods), so charges and stored methods survive restarts and every server sees them.
 *
 * Like LawPay, a card charge is authorized and an eCheck charge is pending; either settles (completed) when
 * it is next looked at (getCharge, findChargeByReference) once `settleSeconds` have passed since the charge
 * (PAYMENT_SANDBOX_SETTLE_SECONDS, default 0: on the next look). A void works until then.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const;
  readonly label = SANDBOX_LABEL;
  readonly form = { kind: 'fields', label: SANDBOX_LABEL } as const;
  readonly #settleSeconds: number;

  constructor(options: { settleSeconds?: number } = {}) {
    this.#settleSeconds = options.settleSeconds ?? 0;
  }

  async charge({ amountCents, method, reference }: ChargeRequest): Promise<ChargeResult> {
    assertCents(amountCents);
    const judged = await this.#judgeForCharge(method);
    if ('failure' in judged) return refused(amountCents, reference, judged.failure, judged.summary);
    const [row] = await db
      .insert(sandboxCharges)
      .values({
        id: newId('ch'),
        reference,
        account: judged.summary.kind === 'card' ? 'card' : 'ach',
        status: judged.summary.kind === 'card' ? 'authorized' : 'pending',
        amount: fromCents(amountCents),
        ...summaryColumns(judged.summary),
        settlesAt: sql`now() + make_interval(secs => ${this.#settleSeconds})`,
      })
      .returning();
    return toResult(row);
  }

  chargeStoredMethod({ amountCents, stored, reference }: { amountCents: number; stored: StoredMethodRef; reference: string }): Promise<ChargeResult> {
    return this.charge({ amountCents, reference, method: { type: 'token', kind: stored.kind, token: stored.token } });
  }

  async storeMethod(method: MethodInput): Promise<StoredMethod> {
    if (method.type === 'token') {
      // The sandbox has no hosted fields, so no one-time tokens; a stored method's token is already stored.
      const existing = await this.#storedMethod(method.token, method.kind);
      if (!existing) throw new PaymentGatewayError('resource_not_found', { httpStatus: 404 });
      return { token: existing.id, method: storedSummary(existing) };
    }
    const judged = method.type === 'card' ? judgeCard(method) : judgeBank(method);
    // Storing checks the number and the expiry; a test number's decline happens when it is charged.
    if (judged.invalid) throw new PaymentGatewayError(judged.invalid, { httpStatus: 422 });
    const [row] = await db
      .insert(sandboxPaymentMethods)
      .values({
        id: newId('pm'),
        kind: judged.summary.kind,
        brand: judged.summary.brand,
        last4: judged.summary.last4 ?? '0000',
        expMonth: judged.summary.expMonth,
        expYear: judged.summary.expYear,
        bankAccountType: judged.summary.bankAccountType,
        declineCode: judged.decline,
      })
      .returning();
    return { token: row.id, method: storedSummary(row) };
  }

  async removeStoredMethod({ token, kind }: StoredMethodRef): Promise<void> {
    await db
      .update(sandboxPaymentMethods)
      .set({ removedAt: sql`now()` })
      .where(and(eq(sandboxPaymentMethods.id, token), eq(sandboxPaymentMethods.kind, kind), isNull(sandboxPaymentMethods.removedAt)));
  }

  async refund(chargeId: string, amountCents?: number): Promise<RefundResult> {
    const charge = await this.#load(chargeId);
    if (!['authorized', 'completed', 'pending'].includes(charge.status)) throw new PaymentGatewayError('not_valid_for_transaction_status', { httpStatus: 422 });
    const left = toCents(charge.amount) - toCents(charge.amountRefunded);
    const cents = amountCents ?? left;
    if (amountCents !== undefined) assertCents(amountCents);
    if (cents <= 0 || cents > left) throw new PaymentGatewayError('refund_exceeds_transaction', { httpStatus: 422 });
    // One statement: two refunds at once cannot together pass the charge's amount (the CHECK holds too).
    const [row] = await db
      .update(sandboxCharges)
      .set({ amountRefunded: sql`${sandboxCharges.amountRefunded} + ${fromCents(cents)}::numeric` })
      .where(
        and(
          eq(sandboxCharges.id, chargeId),
          inArray(sandboxCharges.status, ['authorized', 'completed', 'pending']),
          sql`${sandboxCharges.amountRefunded} + ${fromCents(cents)}::numeric <= ${sandboxCharges.amount}`,
        ),
      )
      .returning();
    if (!row) throw new PaymentGatewayError('refund_exceeds_transaction', { httpStatus: 422 });
    // As LawPay's: a refund is authorized (settled with the next capture); one of an unsettled eCheck waits
    // for that settlement (pending).
    const status = row.status === 'pending' ? 'pending' : 'authorized';
    return { refundId: newId('rf'), chargeId, amountCents: cents, status };
  }

  async void(chargeId: string): Promise<ChargeResult> {
    const [row] = await db
      .update(sandboxCharges)
      .set({ status: 'voided' })
      .where(and(eq(sandboxCharges.id, chargeId), inArray(sandboxCharges.status, ['authorized', 'pending']), eq(sandboxCharges.amountRefunded, '0')))
      .returning();
    if (row) return toResult(row);
    await this.#load(chargeId);
    throw new PaymentGatewayError('unavailable_for_current_status', { httpStatus: 422 });
  }

  async getCharge(chargeId: string): Promise<ChargeResult> {
    await db
      .update(sandboxCharges)
      .set({ status: 'completed' })
      .where(and(eq(sandboxCharges.id, chargeId), inArray(sandboxCharges.status, ['authorized', 'pending']), lte(sandboxCharges.settlesAt, sql`now()`)));
    return toResult(await this.#load(chargeId));
  }

  async findChargeByReference(reference: string): Promise<ChargeResult | null> {
    const [row] = await db
      .select({ id: sandboxCharges.id })
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, reference))
      .orderBy(desc(sandboxCharges.createdAt))
      .limit(1);
    return row ? this.getCharge(row.id) : null;
  }

  async #load(chargeId: string): Promise<ChargeRow> {
    const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
    if (!row) throw new PaymentGatewayError('resource_not_found', { httpStatus: 404 });
    return row;
  }

  #storedMethod(token: string, kind: 'card' | 'bank') {
    return db
      .select()
      .from(sandboxPaymentMethods)
      .where(and(eq(sandboxPaymentMethods.id, token), eq(sandboxPaymentMethods.kind, kind), isNull(sandboxPaymentMethods.removedAt)))
      .then((rows) => rows[0] ?? null);
  }

  async #judgeForCharge(method: MethodInput): Promise<{ summary: MethodSummary } | { failure: string; summary: MethodSummary | null }> {
    if (method.type === 'token') {
      const stored = await this.#storedMethod(method.token, method.kind);
      if (!stored) return { failure: 'resource_not_found', summary: null };
      const summary = storedSummary(stored);
      if (stored.declineCode) return { failure: stored.declineCode, summary };
      if (summary.expMonth !== null && summary.expYear !== null && isExpired(summary.expMonth, summary.expYear)) return { failure: 'card_expired', summary };
      return { summary };
    }
    const judged = method.type === 'card' ? judgeCard(method) : judgeBank(method);
    const failure = judged.invalid ?? judged.decline;
    return failure ? { failure, summary: judged.summary } : { summary: judged.summary };
  }
}

type Judgement = { summary: MethodSummary; invalid: string | null; decline: string | null };

/** A card against LawPay's test-mode rules: the Luhn check, the expiry, then the failing test numbers. */
function judgeCard(card: CardInput): Judgement {
  const number = digitsOf(card.number);
  const summary = cardSummary({ ...card, number });
  if (!passesLuhn(number)) return { summary, invalid: 'card_number_invalid', decline: null };
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12 || !Number.isInteger(card.expYear) || card.expYear < 0) {
    return { summary, invalid: 'card_expiry_invalid', decline: null };
  }
  if (isExpired(card.expMonth, card.expYear)) return { summary, invalid: 'card_expired', decline: null };
  return { summary, invalid: null, decline: SANDBOX_CARD_FAILURES[number] ?? null };
}

/** A bank account against LawPay's test-mode rules: routing 000000001 fails, 000000013 with 100000000n fails. */
function judgeBank(bank: BankInput): Judgement {
  const routing = digitsOf(bank.routingNumber);
  const account = digitsOf(bank.accountNumber);
  const bankName = (SANDBOX_TEST_ROUTING_NUMBERS as readonly string[]).includes(routing) ? SANDBOX_TEST_BANK_NAME : 'Sandbox Bank';
  const summary = bankSummary({ ...bank, accountNumber: account }, bankName);
  if (!/^\d{9}$/.test(routing) || routing === SANDBOX_INVALID_ROUTING_NUMBER) return { summary, invalid: 'ach_invalid_routing_number', decline: null };
  if (!/^\d{4,17}$/.test(account)) return { summary, invalid: 'ach_invalid_account_number', decline: null };
  return { summary, invalid: null, decline: routing === '000000013' ? (SANDBOX_ACH_FAILURES[account] ?? null) : null };
}

function refused(amountCents: number, reference: string, code: string, summary: MethodSummary | null): ChargeResult {
  return { chargeId: null, status: 'failed', amountCents, amountRefundedCents: 0, reference, method: summary, failure: gatewayFailure(code) };
}

function toResult(row: ChargeRow): ChargeResult {
  return {
    chargeId: row.id,
    status: row.status as ChargeStatus,
    amountCents: toCents(row.amount),
    amountRefundedCents: toCents(row.amountRefunded),
    reference: row.reference,
    method: {
      kind: row.methodKind,
      brand: row.brand,
      last4: row.last4,
      expMonth: row.expMonth,
      expYear: row.expYear,
      bankAccountType: row.bankAccountType,
    },
    failure: null,
  };
}

function storedSummary(row: typeof sandboxPaymentMethods.$inferSelect): MethodSummary {
  return { kind: row.kind, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear, bankAccountType: row.bankAccountType };
}

function summaryColumns(summary: MethodSummary) {
  return {
    methodKind: summary.kind,
    brand: summary.brand,
    last4: summary.last4,
    expMonth: summary.expMonth,
    expYear: summary.expYear,
    bankAccountType: summary.bankAccountType,
  };
}

function newId(kind: 'ch' | 'pm' | 'rf'): string {
  return `sbx_${kind}_${randomBytes(16).toString('base64url')}`;
}

function assertCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError(`A charge is a positive whole number of cents: ${amountCents}`);
}

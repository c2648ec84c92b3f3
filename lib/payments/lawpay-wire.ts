import { fromCents, toCents } from '@/lib/money';
import { GatewayUnclearError, gatewayFailure } from './errors';
import { brandFromCardType, digitsOf, fullExpYear, lastFour } from './methods';
import type { ChargeResult, ChargeStatus, MethodInput, MethodSummary, PaymentMethodKind } from './types';

/* LawPay's wire format (lib/payments/lawpay-gateway.ts): what a request sends, how an answer reads. */

/** A transaction as the gateway answers it (AffiniPay API v1: charges, refunds). */
export type LawPayTransaction = {
  id: string;
  type?: string;
  status?: string;
  amount?: number | string;
  amount_refunded?: number | string;
  reference?: string | null;
  failure_code?: string | null;
  charge_id?: string;
  method?: LawPayMethod;
  created?: string;
};

export type LawPayMethod = {
  type?: string;
  number?: string;
  card_type?: string;
  exp_month?: number | string;
  exp_year?: number | string;
  bank_name?: string;
  account_number?: string;
  account_type?: string;
};

type LawPayMessage = { code?: string; level?: string; message?: string };

/** The charge's `method`: a token's id as a string, or the card or bank fields passed straight through. */
export function methodBody(method: MethodInput): string | Record<string, unknown> {
  return method.type === 'token' ? method.token : { type: method.type, ...methodFields(method) };
}

export function methodFields(method: Exclude<MethodInput, { type: 'token' }>): Record<string, unknown> {
  if (method.type === 'card') {
    return compact({
      number: digitsOf(method.number),
      exp_month: method.expMonth,
      exp_year: fullExpYear(method.expYear),
      cvv: method.cvv,
      name: method.name,
      address1: method.address1,
      city: method.city,
      state: method.state,
      postal_code: method.postalCode,
    });
  }
  return compact({
    routing_number: digitsOf(method.routingNumber),
    account_number: digitsOf(method.accountNumber),
    account_type: method.accountType === 'savings' ? 'SAVINGS' : 'CHECKING',
    account_holder_type: method.accountHolderType,
    name: method.name,
  });
}

function compact(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== ''));
}

/**
 * A transaction's status in our words. A bank charge AUTHORIZED has been accepted but not settled: it is
 * pending until COMPLETED (or FAILED, returned by the bank). A card charge AUTHORIZED is approved.
 */
function statusOf(transaction: LawPayTransaction): ChargeStatus {
  const bank = transaction.method?.type === 'bank';
  switch (transaction.status) {
    case 'AUTHORIZED':
      return bank ? 'pending' : 'authorized';
    case 'COMPLETED':
      return 'completed';
    case 'PENDING':
      return 'pending';
    case 'VOIDED':
      return 'voided';
    case 'FAILED':
      return 'failed';
    default:
      throw new GatewayUnclearError('bad_answer', `status ${String(transaction.status)}`);
  }
}

export function toResult(transaction: LawPayTransaction): ChargeResult {
  if (!transaction || typeof transaction.id !== 'string') throw new GatewayUnclearError('bad_answer');
  const status = statusOf(transaction);
  const amountCents = centsOf(transaction.amount);
  if (amountCents === null) throw new GatewayUnclearError('bad_answer', 'amount');
  const kind: PaymentMethodKind = transaction.method?.type === 'bank' ? 'bank' : 'card';
  return {
    chargeId: transaction.id,
    status,
    amountCents,
    amountRefundedCents: centsOf(transaction.amount_refunded) ?? 0,
    reference: transaction.reference ?? null,
    method: transaction.method ? summaryOf(transaction.method, kind) : null,
    failure: status === 'failed' ? gatewayFailure(transaction.failure_code || 'card_declined') : null,
  };
}

/** The masked method the gateway answers with, as the summary we keep. */
export function summaryOf(method: LawPayMethod, kind: PaymentMethodKind): MethodSummary {
  if (kind === 'bank') {
    const type = method.account_type?.toUpperCase();
    return {
      kind,
      brand: method.bank_name ?? null,
      last4: lastFour(method.account_number),
      expMonth: null,
      expYear: null,
      bankAccountType: type === 'SAVINGS' ? 'savings' : type === 'CHECKING' ? 'checking' : null,
    };
  }
  const month = Number(method.exp_month);
  const year = Number(method.exp_year);
  return {
    kind,
    brand: brandFromCardType(method.card_type),
    last4: lastFour(method.number),
    expMonth: Number.isInteger(month) && month >= 1 && month <= 12 ? month : null,
    expYear: Number.isInteger(year) && year > 0 ? fullExpYear(year) : null,
    bankAccountType: null,
  };
}

/** An amount the gateway sent (integer cents, as a number or a string), or null. */
export function centsOf(value: number | string | undefined): number | null {
  if (value === undefined || value === null) return null;
  const text = String(value);
  if (!/^\d+$/.test(text)) return null;
  // Through the decimal string and back, so the cents stay exact whatever their size.
  return toCents(fromCents(text));
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function firstErrorCode(body: unknown): string | null {
  const messages = (body as { messages?: LawPayMessage[] } | undefined)?.messages;
  if (!Array.isArray(messages)) return null;
  const first =
    messages.find((m) => m && typeof m.code === 'string' && (m.level ?? 'error') === 'error') ?? messages.find((m) => m && typeof m.code === 'string');
  return first?.code ?? null;
}

export function assertCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError(`A charge is a positive whole number of cents: ${amountCents}`);
}

import 'server-only';
import { fromCents, toCents } from '@/lib/money';
import { LAWPAY_HOSTED_FIELDS_INTEGRITY, LAWPAY_HOSTED_FIELDS_SCRIPT } from './hosted-fields.cjs';
import { GatewayUnclearError, PaymentGatewayError, gatewayFailure } from './errors';
import { brandFromCardType, digitsOf, fullExpYear, lastFour, summaryBeforeAnswer } from './methods';
import type {
  ChargeRequest,
  ChargeResult,
  ChargeStatus,
  MethodInput,
  MethodSummary,
  PaymentFormConfig,
  PaymentGateway,
  PaymentMethodKind,
  RefundResult,
  StoredMethod,
  StoredMethodRef,
} from './types';

export const LAWPAY_DEFAULT_API_URL = 'https://api.affinipay.com';
/** How long one request may take before its answer counts as unclear. */
export const LAWPAY_TIMEOUT_MS = 20_000;

export type LawPayConfig = {
  publicKey: string;
  secretKey: string;
  /** The merchant account that receives card payments. */
  cardAccountId: string;
  /** The ACH account that receives eCheck payments. */
  achAccountId: string;
  apiUrl?: string;
  timeoutMs?: number;
  /** The hosted fields script (lib/payments/hosted-fields.mjs); AffiniPay's own by default. */
  hostedFields?: { src: string; integrity: string | null };
};

/** A transaction as the gateway answers it (AffiniPay API v1: charges, refunds). */
type LawPayTransaction = {
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

type LawPayMethod = {
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

/*
 * LawPay (AffiniPay's payment gateway), API v1 (developers.affinipay.com; docs/decisions.md, "Payments: the
 * gateway layer"): the secret key as the HTTP Basic user with an empty password, JSON bodies, amounts in
 * integer cents. Card charges go to the card (merchant) account and eCheck charges to the ACH account; the
 * gateway rejects a method that does not match the account. A refusal is a 4xx with `messages[].code`.
 * Every request has a deadline (20 s): a timeout, a dropped connection, a 5xx (or 408) or an answer that is
 * not the expected JSON is unclear (GatewayUnclearError) — the charge may exist; look it up by reference.
 * Nothing here logs, and no error carries a request body.
 */
export class LawPayGateway implements PaymentGateway {
  readonly name = 'lawpay' as const;
  readonly label = null;
  readonly #config: Required<LawPayConfig>;

  constructor(config: LawPayConfig) {
    this.#config = {
      apiUrl: LAWPAY_DEFAULT_API_URL,
      timeoutMs: LAWPAY_TIMEOUT_MS,
      hostedFields: { src: LAWPAY_HOSTED_FIELDS_SCRIPT, integrity: LAWPAY_HOSTED_FIELDS_INTEGRITY },
      ...config,
    };
  }

  /** The public key goes to the browser: with it the hosted fields can only make one-time tokens. */
  get form(): PaymentFormConfig {
    return { kind: 'hosted', publicKey: this.#config.publicKey, script: this.#config.hostedFields };
  }

  async charge({ amountCents, method, reference }: ChargeRequest): Promise<ChargeResult> {
    assertCents(amountCents);
    const kind = method.type === 'token' ? method.kind : method.type;
    const body = {
      amount: amountCents,
      currency: 'USD',
      account_id: kind === 'card' ? this.#config.cardAccountId : this.#config.achAccountId,
      method: methodBody(method),
      reference,
    };
    try {
      return toResult(await this.#request<LawPayTransaction>('POST', '/v1/charges', body));
    } catch (error) {
      // A refusal is an answer: nothing was charged. Only an unclear answer propagates.
      if (error instanceof PaymentGatewayError && !error.unclear) {
        return {
          chargeId: null,
          status: 'failed',
          amountCents,
          amountRefundedCents: 0,
          reference,
          method: summaryBeforeAnswer(method),
          failure: gatewayFailure(error.code),
        };
      }
      throw error;
    }
  }

  chargeStoredMethod({ amountCents, stored, reference }: { amountCents: number; stored: StoredMethodRef; reference: string }): Promise<ChargeResult> {
    return this.charge({ amountCents, reference, method: { type: 'token', kind: stored.kind, token: stored.token } });
  }

  async storeMethod(method: MethodInput, options: { reference?: string } = {}): Promise<StoredMethod> {
    const kind = method.type === 'token' ? method.kind : method.type;
    const details = method.type === 'token' ? { token_id: method.token } : methodFields(method);
    const body = { ...details, ...(options.reference ? { reference: options.reference.slice(0, 64) } : {}) };
    const saved = await this.#request<LawPayMethod & { id: string }>('POST', kind === 'card' ? '/v1/cards' : '/v1/banks', body);
    if (typeof saved?.id !== 'string') throw new GatewayUnclearError('bad_answer');
    return { token: saved.id, method: summaryOf(saved, kind) };
  }

  async removeStoredMethod({ token, kind }: StoredMethodRef): Promise<void> {
    try {
      await this.#request('DELETE', `/v1/${kind === 'card' ? 'cards' : 'banks'}/${encodeURIComponent(token)}`);
    } catch (error) {
      // Already gone is what was asked for.
      if (error instanceof PaymentGatewayError && error.httpStatus === 404) return;
      throw error;
    }
  }

  async refund(chargeId: string, amountCents?: number): Promise<RefundResult> {
    let cents = amountCents;
    if (cents === undefined) {
      const charge = await this.getCharge(chargeId);
      cents = charge.amountCents - charge.amountRefundedCents;
    }
    if (!Number.isSafeInteger(cents) || cents <= 0) throw new PaymentGatewayError('refund_exceeds_transaction', { httpStatus: 422 });
    const refund = await this.#request<LawPayTransaction>('POST', `/v1/charges/${encodeURIComponent(chargeId)}/refund`, { amount: cents });
    if (typeof refund?.id !== 'string') throw new GatewayUnclearError('bad_answer');
    const status = refund.status === 'COMPLETED' ? 'completed' : refund.status === 'PENDING' ? 'pending' : 'authorized';
    return { refundId: refund.id, chargeId, amountCents: centsOf(refund.amount) ?? cents, status };
  }

  async void(chargeId: string): Promise<ChargeResult> {
    // AffiniPay voids any transaction at /v1/transactions/{id}/void (charges, refunds and credits alike).
    return toResult(await this.#request<LawPayTransaction>('POST', `/v1/transactions/${encodeURIComponent(chargeId)}/void`, {}));
  }

  async getCharge(chargeId: string): Promise<ChargeResult> {
    return toResult(await this.#request<LawPayTransaction>('GET', `/v1/transactions/${encodeURIComponent(chargeId)}`));
  }

  /**
   * Searches the merchant's transactions for charges carrying the reference (`qf=reference:…`, which the
   * gateway may match as a prefix: our references all have one length, and the match is checked exactly).
   * A charge that went through wins over a failed or voided one.
   */
  async findChargeByReference(reference: string): Promise<ChargeResult | null> {
    const query = new URLSearchParams([
      ['qf', `reference:${reference}`],
      ['qf', 'type:CHARGE'],
      ['page', '1'],
      ['page_size', '20'],
      ['order_by', '-created'],
    ]);
    const page = await this.#request<{ results?: LawPayTransaction[] }>('GET', `/v1/transactions?${query}`);
    if (!page || !Array.isArray(page.results)) throw new GatewayUnclearError('bad_answer');
    const matches = page.results.filter((t) => t && t.reference === reference && (t.type === undefined || t.type === 'CHARGE')).map(toResult);
    return matches.find((c) => c.status !== 'failed' && c.status !== 'voided') ?? matches[0] ?? null;
  }

  async #request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {
      Authorization: `Basic ${Buffer.from(`${this.#config.secretKey}:`).toString('base64')}`,
      Accept: 'application/json',
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(new URL(path, this.#config.apiUrl), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.#config.timeoutMs),
        cache: 'no-store',
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new GatewayUnclearError(timedOut ? 'timeout' : 'network');
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new GatewayUnclearError(timedOut ? 'timeout' : 'network');
    }
    if (response.status >= 500 || response.status === 408) throw new GatewayUnclearError('gateway_error', `HTTP ${response.status}`);
    const json = parseJson(text);
    if (response.ok) {
      if (text.trim() === '') return undefined as T;
      if (json === undefined) throw new GatewayUnclearError('bad_answer');
      return json as T;
    }
    throw new PaymentGatewayError(firstErrorCode(json) ?? `http_${response.status}`, { httpStatus: response.status });
  }
}

/** The charge's `method`: a token's id as a string, or the card or bank fields passed straight through. */
function methodBody(method: MethodInput): string | Record<string, unknown> {
  return method.type === 'token' ? method.token : { type: method.type, ...methodFields(method) };
}

function methodFields(method: Exclude<MethodInput, { type: 'token' }>): Record<string, unknown> {
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

function toResult(transaction: LawPayTransaction): ChargeResult {
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
function summaryOf(method: LawPayMethod, kind: PaymentMethodKind): MethodSummary {
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
function centsOf(value: number | string | undefined): number | null {
  if (value === undefined || value === null) return null;
  const text = String(value);
  if (!/^\d+$/.test(text)) return null;
  // Through the decimal string and back, so the cents stay exact whatever their size.
  return toCents(fromCents(text));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function firstErrorCode(body: unknown): string | null {
  const messages = (body as { messages?: LawPayMessage[] } | undefined)?.messages;
  if (!Array.isArray(messages)) return null;
  const first =
    messages.find((m) => m && typeof m.code === 'string' && (m.level ?? 'error') === 'error') ?? messages.find((m) => m && typeof m.code === 'string');
  return first?.code ?? null;
}

function assertCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError(`A charge is a positive whole number of cents: ${amountCents}`);
}

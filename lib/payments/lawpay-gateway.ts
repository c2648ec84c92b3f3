import 'server-only';
import { LAWPAY_HOSTED_FIELDS_INTEGRITY, LAWPAY_HOSTED_FIELDS_SCRIPT } from './hosted-fields.cjs';
import { GatewayUnclearError, PaymentGatewayError, gatewayFailure } from './errors';
import {
  assertCents,
  centsOf,
  firstErrorCode,
  methodBody,
  methodFields,
  parseJson,
  summaryOf,
  toResult,
  type LawPayMethod,
  type LawPayTransaction,
} from './lawpay-wire';
import { summaryBeforeAnswer } from './methods';
import type { ChargeRequest, ChargeResult, MethodInput, PaymentFormConfig, PaymentGateway, RefundResult, StoredMethod, StoredMethodRef } from './types';

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

import { closeWithin } from './close-within';
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fieldGenScript, fieldHtml, type HostedFieldType, isHostedFieldType } from './fake-lawpay-hosted-fields';

/*
 * A local stand-in for LawPay's (AffiniPay's) API v1 in test mode, for the LawPay adapter's tests. It checks
 * each request against the documented shapes (HTTP Basic with the secret key and an empty password, paths,
 * JSON bodies, integer cents, the card account for cards and the ACH account for eCheck) and answers with
 * the documented answer shapes (developers.affinipay.com: charges, transactions, refunds, voids, saved
 * cards and banks, `messages[]` errors). Its test numbers are LawPay's own, written out here on purpose
 * (not imported from the sandbox), so the contract suite compares the sandbox with this independent copy.
 *
 * What a request broke is kept in `violations` (tests expect none) and answered 400 invalid_data.
 *
 * Hosted fields, for a real browser (the e2e tests): a page loads `hostedFieldsScriptUrl`, a stand-in for
 * LawPay's fieldGen.js (./fake-lawpay-hosted-fields.ts), whose iframes come from this fake's origin. Each
 * iframe posts its own value to POST /hostedfields/value (kept per session, never shown to the page) and
 * one of them asks POST /v1/tokens, authenticated by the PUBLIC key as HTTP Basic, for a one-time token.
 * These four paths take no secret key (and /v1/tokens refuses it); every other path takes only the secret key.
 */

export const FAKE_SECRET_KEY = 'sk_test_fake_secret';
export const FAKE_PUBLIC_KEY = 'pk_test_fake_public';
export const FAKE_CARD_ACCOUNT = 'wKgFeDz5HF-BPPl08dcADQ';
export const FAKE_ACH_ACCOUNT = '7eyWpvRpEeKcOfUBJK8FBw';

const CARD_FAILURES: Record<string, string> = {
  '4000000000000002': 'card_declined',
  '4000000000000044': 'card_declined_insufficient_funds',
  '4000000000000051': 'card_declined_limit_exceeded',
  '4000000000000069': 'card_expired',
  '4000000000000119': 'card_declined_processing_error',
  '4000000000000127': 'card_declined_hold',
  '4000000000000135': 'card_type_not_accepted',
};
const ACH_FAILURES: Record<string, string> = {
  '1000000001': 'ach_declined',
  '1000000002': 'ach_declined_hold',
  '1000000003': 'ach_declined_duplicate',
  '1000000004': 'ach_invalid_account_number',
  '1000000005': 'ach_insufficient_funds',
  '1000000006': 'ach_account_not_found',
  '1000000007': 'ach_account_closed',
  '1000000008': 'ach_account_frozen',
  '1000000009': 'ach_limit_exceeded',
};

const CARD_FIELDS = [
  'type',
  'number',
  'exp_month',
  'exp_year',
  'cvv',
  'name',
  'address1',
  'address2',
  'city',
  'state',
  'postal_code',
  'country',
  'email',
  'phone',
];
const BANK_FIELDS = [
  'type',
  'routing_number',
  'account_number',
  'account_type',
  'account_holder_type',
  'name',
  'address1',
  'city',
  'state',
  'postal_code',
  'email',
  'phone',
];

/** What a page may send with a token request: everything but the numbers, which come from the hosted fields. */
const CARD_TOKEN_FIELDS = ['session', ...CARD_FIELDS.filter((f) => f !== 'number' && f !== 'cvv')];
const BANK_TOKEN_FIELDS = ['session', ...BANK_FIELDS.filter((f) => f !== 'routing_number' && f !== 'account_number')];
const HOSTED_NUMBERS = ['number', 'cvv', 'routing_number', 'account_number'];

type Method =
  | { type: 'card'; number: string; exp_month: number; exp_year: number; name?: string }
  | { type: 'bank'; routing_number: string; account_number: string; account_type: string; name?: string };

type Transaction = {
  id: string;
  type: 'CHARGE' | 'REFUND';
  created: string;
  account_id: string;
  status: 'AUTHORIZED' | 'COMPLETED' | 'PENDING' | 'VOIDED' | 'FAILED';
  amount: number;
  currency: 'USD';
  auto_capture: true;
  amount_refunded: number;
  authorization_code: string;
  reference?: string;
  charge_id?: string;
  method: Method;
  refunds: Transaction[];
};

export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
};

/** How the next POST /v1/charges misbehaves: answer late, drop the connection, or fail with a 5xx. */
export type ChargeTrouble =
  { delayMs: number } | { drop: 'before-charging' | 'after-charging' } | { status: 500 | 502 | 503; charged: boolean } | { garbage: true };

export class FakeLawPay {
  readonly requests: RecordedRequest[] = [];
  readonly violations: string[] = [];
  /** Applied to the next charge only. */
  nextCharge: ChargeTrouble | null = null;
  /** Added to every charge's answer (a slow gateway, for the concurrency tests). */
  chargeDelayMs = 0;
  /** Transaction searches answer 500. */
  searchFails = false;
  url = '';
  readonly #transactions = new Map<string, Transaction>();
  readonly #saved = new Map<string, { kind: 'card' | 'bank'; method: Method; failure: string | null; deleted: boolean }>();
  readonly #oneTimeTokens = new Map<string, { method: Method; failure: string | null }>();
  /** Every one-time token made, for tests to look at (no number beyond its last four digits). */
  readonly #issued: { id: string; type: 'card' | 'bank'; last4: string }[] = [];
  /** What each hosted-fields session's iframes sent, by field type. The CVV goes as soon as a token request reads it. */
  readonly #fieldValues = new Map<string, Partial<Record<HostedFieldType, string>>>();
  #server: http.Server | null = null;

  async start(): Promise<this> {
    const server = http.createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    this.#server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    this.#fieldValues.clear();
    if (!server) return;
    server.closeAllConnections();
    await closeWithin('The fake LawPay server', 10_000, () => new Promise<void>((resolve) => server.close(() => resolve())), 'a connection stayed open');
  }

  /** The fake fieldGen.js for a page's <script src> (the real one is cdn.affinipay.com/hostedfields/<version>/fieldGen_<version>.js). */
  get hostedFieldsScriptUrl(): string {
    return `${this.url}/hostedfields/fieldGen.js`;
  }

  /** What the hosted fields would make in the browser: a one-time token standing for a card or bank account. */
  oneTimeToken(method: Record<string, unknown>): string {
    const problems: string[] = [];
    const judged = judgeMethod(method, problems);
    if (!judged.method || problems.length > 0) throw new Error(`Not a method: ${problems.join('; ')}`);
    return this.#issue(judged.method, judged.failure);
  }

  /** The one-time tokens made (by oneTimeToken() or through the hosted fields), oldest first; `used` once charged or saved. */
  tokens(): { id: string; type: 'card' | 'bank'; last4: string; used: boolean }[] {
    return this.#issued.map((token) => ({ ...token, used: !this.#oneTimeTokens.has(token.id) }));
  }

  /** The charges made (what LawPay's dashboard would list). */
  charges(): Transaction[] {
    return [...this.#transactions.values()].filter((t) => t.type === 'CHARGE');
  }

  count(method: string, path: string | RegExp): number {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path))).length;
  }

  reset(): void {
    this.requests.length = 0;
    this.violations.length = 0;
    this.nextCharge = null;
    this.chargeDelayMs = 0;
    this.searchFails = false;
    // Typed numbers are dropped too (a page's getPaymentToken sends its fields' values again first).
    this.#fieldValues.clear();
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => resolve(text));
    });
    let body: unknown;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        this.violations.push(`${req.method} ${url.pathname}: the body is not JSON`);
        return send(res, 400, error('invalid_data'));
      }
    }
    const path = url.pathname;
    const hosted = path.startsWith('/hostedfields/') || path === '/v1/tokens';
    const request: RecordedRequest = {
      method: req.method ?? '',
      path,
      query: url.searchParams,
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      // A hosted field's value is a card or bank number: the record keeps only its last four digits.
      body: path === '/hostedfields/value' ? redactValue(body) : body,
    };
    this.requests.push(request);

    if (!hosted && req.headers.authorization !== basic(FAKE_SECRET_KEY)) return send(res, 401, NOT_AUTHORIZED);
    if (raw !== '' && !String(req.headers['content-type']).startsWith('application/json')) {
      this.violations.push(`${req.method} ${path}: Content-Type ${req.headers['content-type']}`);
      return send(res, 400, error('invalid_request'));
    }
    if (hosted) return this.#hostedFields(req, url, body, res);

    let match: RegExpMatchArray | null;
    if (req.method === 'POST' && path === '/v1/charges') return this.#charge(body, res);
    if (req.method === 'GET' && path === '/v1/transactions') return this.#search(url.searchParams, res);
    if (req.method === 'GET' && (match = path.match(/^\/v1\/transactions\/([^/]+)$/))) return this.#get(decodeURIComponent(match[1]), res);
    if (req.method === 'POST' && (match = path.match(/^\/v1\/charges\/([^/]+)\/refund$/))) return this.#refund(decodeURIComponent(match[1]), body, res);
    if (req.method === 'POST' && (match = path.match(/^\/v1\/transactions\/([^/]+)\/void$/))) return this.#void(decodeURIComponent(match[1]), body, res);
    if (req.method === 'POST' && (path === '/v1/cards' || path === '/v1/banks')) return this.#save(path === '/v1/cards' ? 'card' : 'bank', body, res);
    if (req.method === 'DELETE' && (match = path.match(/^\/v1\/(cards|banks)\/([^/]+)$/)))
      return this.#delete(match[1] === 'cards' ? 'card' : 'bank', decodeURIComponent(match[2]), res);
    this.violations.push(`${req.method} ${path}: no such API`);
    return send(res, 404, error('resource_not_found'));
  }

  async #charge(body: unknown, res: ServerResponse): Promise<void> {
    const trouble = this.nextCharge;
    this.nextCharge = null;
    const b = body as Record<string, unknown>;
    const problems = checkKeys(b, ['amount', 'currency', 'account_id', 'method', 'reference'], 'charge');
    if (!isCents(b?.amount)) problems.push(`charge: amount ${JSON.stringify(b?.amount)} is not integer cents`);
    if (b?.currency !== 'USD') problems.push(`charge: currency ${JSON.stringify(b?.currency)}`);
    if (typeof b?.reference !== 'string' || b.reference.length === 0 || b.reference.length > 128) problems.push('charge: reference missing or longer than 128');
    let method: Method | null = null;
    let failure: string | null = null;
    if (typeof b?.method === 'string') {
      // A saved card or bank, or a one-time token from the hosted fields (good for one use).
      const saved = this.#saved.get(b.method);
      const oneTime = this.#oneTimeTokens.get(b.method);
      this.#oneTimeTokens.delete(b.method);
      const found = saved && !saved.deleted ? saved : oneTime;
      if (!found) return this.#refuse(res, 422, 'resource_not_found', problems);
      method = found.method;
      failure = found.failure ?? expiredFailure(method);
    } else {
      const judged = judgeMethod(b?.method, problems);
      method = judged.method;
      failure = judged.failure;
    }
    if (method) {
      const expectedAccount = method.type === 'card' ? FAKE_CARD_ACCOUNT : FAKE_ACH_ACCOUNT;
      if (b.account_id !== expectedAccount) problems.push(`charge: ${method.type} charged to account ${JSON.stringify(b.account_id)}`);
    }
    if (problems.length > 0 || !method) return this.#refuse(res, 400, 'invalid_data', problems);
    if (trouble && 'drop' in trouble && trouble.drop === 'before-charging') return void res.socket?.destroy();
    if (failure) return this.#refuse(res, 422, failure, []);

    const charge: Transaction = {
      id: newId(),
      type: 'CHARGE',
      created: new Date().toISOString(),
      account_id: String(b.account_id),
      status: 'AUTHORIZED',
      amount: Number(b.amount),
      currency: 'USD',
      auto_capture: true,
      amount_refunded: 0,
      authorization_code: randomBytes(3).toString('hex').toUpperCase(),
      reference: String(b.reference),
      method,
      refunds: [],
    };
    this.#transactions.set(charge.id, charge);
    if (trouble && 'drop' in trouble) return void res.socket?.destroy();
    if (trouble && 'status' in trouble) {
      if (!trouble.charged) this.#transactions.delete(charge.id);
      return send(res, trouble.status, '<html>Bad Gateway</html>');
    }
    if (trouble && 'garbage' in trouble) return send(res, 200, '<html>not json</html>');
    const delay = this.chargeDelayMs + (trouble && 'delayMs' in trouble ? trouble.delayMs : 0);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (res.socket?.destroyed) return;
    send(res, 200, view(charge));
  }

  #search(query: URLSearchParams, res: ServerResponse): void {
    if (this.searchFails) return send(res, 500, '<html>Internal Server Error</html>');
    const terms = query.getAll('qf').map((term) => {
      const colon = term.indexOf(':');
      return [term.slice(0, colon), term.slice(colon + 1)] as const;
    });
    const pageSize = Number(query.get('page_size') ?? 20);
    // Like the gateway's search, a term matches a property that starts with the text.
    const results = [...this.#transactions.values()]
      .filter((t) => terms.every(([name, text]) => String((t as unknown as Record<string, unknown>)[name] ?? '').startsWith(text)))
      .sort((a, b) => (query.get('order_by') === '-created' ? b.created.localeCompare(a.created) : a.created.localeCompare(b.created)))
      .slice(0, pageSize);
    send(res, 200, { page: 1, page_size: pageSize, total_entries: results.length, results: results.map(view) });
  }

  #get(id: string, res: ServerResponse): void {
    const t = this.#transactions.get(id);
    if (!t)
      return send(res, 404, {
        messages: [{ context: `Transaction[${id}]`, code: 'resource_not_found', level: 'error', message: 'Requested resource not found', facility: 'gateway' }],
      });
    // Looking again finds it captured (a card) or settled (an eCheck), as the next day would.
    if (t.status === 'AUTHORIZED' || t.status === 'PENDING') t.status = 'COMPLETED';
    send(res, 200, view(t));
  }

  #refund(id: string, body: unknown, res: ServerResponse): void {
    const problems = checkKeys(body, ['amount', 'reference'], 'refund');
    const amount = (body as { amount?: unknown })?.amount;
    if (!isCents(amount)) problems.push(`refund: amount ${JSON.stringify(amount)} is not integer cents`);
    if (problems.length > 0) return this.#refuse(res, 400, 'invalid_data', problems);
    const charge = this.#transactions.get(id);
    if (!charge || charge.type !== 'CHARGE') return send(res, 404, error('resource_not_found'));
    if (charge.status !== 'AUTHORIZED' && charge.status !== 'COMPLETED') return send(res, 422, error('not_valid_for_transaction_status'));
    const cents = Number(amount);
    if (charge.amount_refunded + cents > charge.amount) return send(res, 422, error('refund_exceeds_transaction'));
    charge.amount_refunded += cents;
    const refund: Transaction = {
      ...charge,
      id: newId(),
      type: 'REFUND',
      created: new Date().toISOString(),
      amount: cents,
      amount_refunded: 0,
      charge_id: charge.id,
      reference: undefined,
      // An eCheck not settled yet is refunded once it settles.
      status: charge.method.type === 'bank' && charge.status !== 'COMPLETED' ? 'PENDING' : 'AUTHORIZED',
      refunds: [],
    };
    charge.refunds.push(refund);
    this.#transactions.set(refund.id, refund);
    send(res, 200, view(refund));
  }

  #void(id: string, body: unknown, res: ServerResponse): void {
    const problems = checkKeys(body ?? {}, ['reference'], 'void');
    if (problems.length > 0) return this.#refuse(res, 400, 'invalid_data', problems);
    const t = this.#transactions.get(id);
    if (!t) return send(res, 404, error('resource_not_found'));
    if (t.status !== 'AUTHORIZED' || t.refunds.length > 0) return send(res, 422, error('unavailable_for_current_status'));
    t.status = 'VOIDED';
    send(res, 200, view(t));
  }

  #save(kind: 'card' | 'bank', body: unknown, res: ServerResponse): void {
    const b = body as Record<string, unknown>;
    const problems: string[] = [];
    if (typeof b?.token_id === 'string') {
      problems.push(...checkKeys(b, ['token_id', 'reference', 'description'], kind));
      const oneTime = this.#oneTimeTokens.get(b.token_id);
      this.#oneTimeTokens.delete(b.token_id);
      if (!oneTime || oneTime.method.type !== kind) return this.#refuse(res, 422, 'resource_not_found', problems);
      if (problems.length > 0) return this.#refuse(res, 400, 'invalid_data', problems);
      const id = newId();
      this.#saved.set(id, { kind, method: oneTime.method, failure: oneTime.failure, deleted: false });
      return send(res, 200, { id, type: kind, reference: b.reference, ...masked(oneTime.method) });
    }
    const extra = ['reference', 'description'];
    const fields = kind === 'card' ? CARD_FIELDS : BANK_FIELDS;
    problems.push(
      ...checkKeys(
        b,
        [...fields, ...extra].filter((f) => f !== 'type'),
        kind,
      ),
    );
    if (typeof b?.reference === 'string' && b.reference.length > 64) problems.push(`${kind}: reference longer than 64`);
    const judged = judgeMethod({ ...b, type: kind, reference: undefined, description: undefined }, problems);
    if (problems.length > 0 || !judged.method) return this.#refuse(res, 400, 'invalid_data', problems);
    // Saving checks the number and the expiry; a test number's decline comes when it is charged.
    if (judged.failure && !isDecline(judged.failure)) return send(res, 422, error(judged.failure));
    const id = newId();
    this.#saved.set(id, { kind, method: judged.method, failure: judged.failure, deleted: false });
    send(res, 200, { id, type: kind, reference: b.reference, ...masked(judged.method) });
  }

  #delete(kind: 'card' | 'bank', id: string, res: ServerResponse): void {
    const saved = this.#saved.get(id);
    if (!saved || saved.deleted || saved.kind !== kind) return send(res, 404, error('resource_not_found'));
    saved.deleted = true;
    send(res, 200, { id, type: kind, ...masked(saved.method) });
  }

  /** The hosted fields' paths: the library, an iframe's page, an iframe's value, and the token request. */
  #hostedFields(req: IncomingMessage, url: URL, body: unknown, res: ServerResponse): void {
    const path = url.pathname;
    if (req.method === 'GET' && path === '/hostedfields/fieldGen.js') {
      // The iframes' origin is the one the page reached this fake by (127.0.0.1 or localhost).
      const origin = req.headers.host ? `http://${req.headers.host}` : this.url;
      // Served as a CDN serves it: readable by any page (CORS), which a script loaded with `integrity` needs.
      return sendText(res, 200, 'application/javascript; charset=utf-8', fieldGenScript(origin), { 'Access-Control-Allow-Origin': '*' });
    }
    if (req.method === 'GET' && path === '/hostedfields/field.html') {
      const type = url.searchParams.get('type');
      if (!isHostedFieldType(type)) return this.#refuse(res, 400, 'invalid_data', [`field.html: unknown field type ${JSON.stringify(type)}`]);
      return sendText(res, 200, 'text/html; charset=utf-8', fieldHtml(type));
    }
    if (req.method === 'POST' && path === '/hostedfields/value') return this.#keepValue(body, res);
    if (req.method === 'POST' && path === '/v1/tokens') return this.#token(req, body, res);
    this.violations.push(`${req.method} ${path}: no such API`);
    return send(res, 404, error('resource_not_found'));
  }

  /** An iframe's current value (what its input holds), kept for its session's token request. */
  #keepValue(body: unknown, res: ServerResponse): void {
    const b = body as Record<string, unknown>;
    if (b?.publicKey !== FAKE_PUBLIC_KEY) return send(res, 401, NOT_AUTHORIZED);
    const problems = checkKeys(b, ['session', 'type', 'value', 'publicKey'], 'hosted field value');
    if (typeof b.session !== 'string' || !/^[\w-]{8,64}$/.test(b.session)) problems.push('hosted field value: session');
    if (!isHostedFieldType(b.type)) problems.push(`hosted field value: type ${JSON.stringify(b.type)}`);
    if (typeof b.value !== 'string' || b.value.length > 32) problems.push('hosted field value: value is not a string of at most 32 characters');
    if (problems.length > 0) return this.#refuse(res, 400, 'invalid_data', problems);
    const values = this.#fieldValues.get(b.session as string) ?? {};
    values[b.type as HostedFieldType] = b.value as string;
    this.#fieldValues.set(b.session as string, values);
    send(res, 200, {});
  }

  /**
   * POST /v1/tokens from a hosted field's iframe: the page's details (expiry, name, address; account type)
   * and the session whose iframes sent the numbers. What the person typed wrong is answered 422 with a
   * message; what the page sent wrong is a violation as well.
   */
  #token(req: IncomingMessage, body: unknown, res: ServerResponse): void {
    if (req.headers.authorization !== basic(FAKE_PUBLIC_KEY)) return send(res, 401, NOT_AUTHORIZED);
    const b = body as Record<string, unknown>;
    const kind = b?.type;
    if (kind !== 'card' && kind !== 'bank') return this.#tokenRefusal(res, 'invalid_data', [`token: type ${JSON.stringify(kind)} is neither card nor bank`]);
    const problems = checkKeys(b, kind === 'card' ? CARD_TOKEN_FIELDS : BANK_TOKEN_FIELDS, 'token').map((problem) =>
      HOSTED_NUMBERS.some((name) => problem.endsWith(`unknown field ${name}`))
        ? `${problem} (the numbers come from the hosted fields, never from the page)`
        : problem,
    );
    const values = typeof b.session === 'string' ? this.#fieldValues.get(b.session) : undefined;
    if (!values) problems.push('token: no hosted field values for this session');
    if (problems.length > 0 || !values) return this.#tokenRefusal(res, 'invalid_data', problems);

    const details = { ...b };
    delete details.session;
    let candidate: Record<string, unknown>;
    if (kind === 'card') {
      const number = values.credit_card_number ?? '';
      // Read once: the CVV is kept only until a token request has it (LawPay keeps none either).
      const cvv = values.cvv;
      delete values.cvv;
      if (!/^\d{15,16}$/.test(number) || !luhn(number))
        return this.#userError(res, 'card_number_invalid', number === '' ? 'Card number is required' : 'Card number is invalid');
      if (cvv !== undefined && !/^\d{3,4}$/.test(cvv)) return this.#userError(res, 'cvv_invalid', cvv === '' ? 'CVV is required' : 'CVV is invalid');
      candidate = { ...details, type: 'card', number, cvv, exp_month: wholeNumber(b.exp_month), exp_year: wholeNumber(b.exp_year) };
    } else {
      const routing = values.routing_number ?? '';
      const account = values.bank_account_number ?? '';
      if (!/^\d{9}$/.test(routing)) return this.#userError(res, 'routing_number_invalid', 'Routing number must be 9 digits');
      if (!/^\d{4,17}$/.test(account)) return this.#userError(res, 'account_number_invalid', 'Account number must be 4 to 17 digits');
      // The hosted fields take 'checking' or 'savings'; the API's bank objects say CHECKING or SAVINGS.
      const accountType = typeof b.account_type === 'string' ? b.account_type.toUpperCase() : b.account_type;
      candidate = { ...details, type: 'bank', routing_number: routing, account_number: account, account_type: accountType };
    }
    const judged = judgeMethod(candidate, problems);
    if (problems.length > 0 || !judged.method) return this.#tokenRefusal(res, 'invalid_data', problems);
    // Like saving, a token checks the number and the expiry; a test number's decline comes when it is charged.
    if (judged.failure && !isDecline(judged.failure))
      return this.#userError(res, judged.failure, judged.failure === 'card_expired' ? 'Card is expired' : 'Card number is invalid');
    const id = this.#issue(judged.method, judged.failure);
    send(res, 200, { id, created: new Date().toISOString(), ...masked(judged.method) });
  }

  #issue(method: Method, failure: string | null): string {
    const id = newId();
    this.#oneTimeTokens.set(id, { method, failure });
    const digits = method.type === 'card' ? method.number : method.account_number;
    this.#issued.push({ id, type: method.type, last4: digits.slice(-4) });
    return id;
  }

  #userError(res: ServerResponse, code: string, message: string): void {
    send(res, 422, { messages: [{ code, level: 'error', message, facility: 'gateway' }] });
  }

  #tokenRefusal(res: ServerResponse, code: string, problems: string[]): void {
    this.violations.push(...problems);
    send(res, 422, { messages: problems.map((message) => ({ code, level: 'error', message, facility: 'gateway' })) });
  }

  #refuse(res: ServerResponse, status: number, code: string, problems: string[]): void {
    this.violations.push(...problems);
    send(res, status, error(code));
  }
}

function judgeMethod(value: unknown, problems: string[]): { method: Method | null; failure: string | null } {
  const m = value as Record<string, unknown> | undefined;
  if (m?.type === 'card') {
    problems.push(...checkKeys(m, CARD_FIELDS, 'card method'));
    const number = String(m.number ?? '');
    if (!/^\d{12,19}$/.test(number)) problems.push('card: number is not digits only');
    if (!Number.isInteger(m.exp_month) || (m.exp_month as number) < 1 || (m.exp_month as number) > 12) problems.push('card: exp_month');
    if (!Number.isInteger(m.exp_year) || String(m.exp_year).length !== 4) problems.push('card: exp_year is not four digits');
    if (m.cvv !== undefined && !/^\d{3,4}$/.test(String(m.cvv))) problems.push('card: cvv');
    const method: Method = { type: 'card', number, exp_month: Number(m.exp_month), exp_year: Number(m.exp_year), name: m.name as string | undefined };
    const failure = !luhn(number) ? 'card_number_invalid' : (expiredFailure(method) ?? CARD_FAILURES[number] ?? null);
    return { method, failure };
  }
  if (m?.type === 'bank') {
    problems.push(...checkKeys(m, BANK_FIELDS, 'bank method'));
    const routing = String(m.routing_number ?? '');
    const account = String(m.account_number ?? '');
    if (!/^\d{9}$/.test(routing)) problems.push('bank: routing_number is not 9 digits');
    if (!/^\d{4,17}$/.test(account)) problems.push('bank: account_number is not 4-17 digits');
    if (m.account_type !== 'CHECKING' && m.account_type !== 'SAVINGS') problems.push(`bank: account_type ${JSON.stringify(m.account_type)}`);
    if (m.account_holder_type !== undefined && m.account_holder_type !== 'individual' && m.account_holder_type !== 'business')
      problems.push('bank: account_holder_type');
    const method: Method = {
      type: 'bank',
      routing_number: routing,
      account_number: account,
      account_type: String(m.account_type),
      name: m.name as string | undefined,
    };
    const failure = routing === '000000001' ? 'ach_invalid_routing_number' : routing === '000000013' ? (ACH_FAILURES[account] ?? null) : null;
    return { method, failure };
  }
  problems.push(`method: ${JSON.stringify(m?.type)} is neither card nor bank`);
  return { method: null, failure: null };
}

function expiredFailure(method: Method): string | null {
  if (method.type !== 'card') return null;
  const now = new Date();
  return method.exp_year * 12 + method.exp_month - 1 < now.getFullYear() * 12 + now.getMonth() ? 'card_expired' : null;
}

function isDecline(code: string): boolean {
  return code.startsWith('card_declined') || code === 'card_type_not_accepted' || code.startsWith('ach_');
}

function masked(method: Method): Record<string, unknown> {
  if (method.type === 'card') {
    const brand = method.number.startsWith('4')
      ? 'VISA'
      : /^5[1-5]/.test(method.number)
        ? 'MASTERCARD'
        : /^3[47]/.test(method.number)
          ? 'AMERICAN_EXPRESS'
          : 'UNKNOWN';
    return {
      type: 'card',
      number: `${'*'.repeat(method.number.length - 4)}${method.number.slice(-4)}`,
      fingerprint: 'CmsP3lYV4akuOz12pFa8',
      card_type: brand,
      exp_month: method.exp_month,
      exp_year: method.exp_year,
      name: method.name,
    };
  }
  return {
    type: 'bank',
    routing_number: `******${method.routing_number.slice(-3)}`,
    account_number: `${'*'.repeat(method.account_number.length - 4)}${method.account_number.slice(-4)}`,
    account_type: method.account_type,
    fingerprint: '0R21SqvPDfkxagx8hkAE',
    bank_name: 'FIRST BANK OF TESTING',
    name: method.name,
  };
}

function view(t: Transaction): Record<string, unknown> {
  const { refunds, method, ...rest } = t;
  return { ...rest, method: masked(method), ...(t.type === 'CHARGE' ? { refunds: refunds.map(view) } : {}) };
}

function checkKeys(value: unknown, allowed: string[], what: string): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [`${what}: the body is not a JSON object`];
  return Object.keys(value)
    .filter((key) => !allowed.includes(key) && (value as Record<string, unknown>)[key] !== undefined)
    .map((key) => `${what}: unknown field ${key}`);
}

function isCents(value: unknown): boolean {
  return (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) || (typeof value === 'string' && /^[1-9]\d*$/.test(value));
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return number.length > 0 && sum % 10 === 0;
}

function error(code: string) {
  return { messages: [{ code, level: 'error', facility: code.startsWith('card_') || code.startsWith('ach_') ? 'payment_processor' : 'gateway' }] };
}

const NOT_AUTHORIZED = { messages: [{ code: 'not_authorized', level: 'error', message: 'Not authorized', facility: 'gateway' }] };

/** HTTP Basic with a key as the user name and an empty password, as LawPay takes its keys. */
function basic(key: string): string {
  return `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
}

/** A whole number from a page's detail: LawPay's examples send the expiry as digits in strings. */
function wholeNumber(value: unknown): unknown {
  return typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value;
}

function redactValue(body: unknown): unknown {
  const b = body as Record<string, unknown> | undefined;
  if (typeof b?.value !== 'string') return body;
  const keep = b.type === 'cvv' ? 0 : 4;
  return { ...b, value: '*'.repeat(Math.max(0, b.value.length - keep)) + b.value.slice(b.value.length - keep) };
}

function sendText(res: ServerResponse, status: number, contentType: string, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store', ...headers });
  res.end(text);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.socket?.destroyed) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': typeof body === 'string' ? 'text/html' : 'application/json' });
  res.end(text);
}

function newId(): string {
  return randomBytes(16).toString('base64url');
}

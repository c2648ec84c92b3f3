import { GatewayUnclearError, PaymentGatewayError } from '@/lib/payments/errors';
import { LawPayGateway } from '@/lib/payments/lawpay-gateway';
import { SANDBOX_LABEL, SandboxGateway } from '@/lib/payments/sandbox-gateway';
import type { BankInput, CardInput, PaymentGateway } from '@/lib/payments/types';
import { FAKE_ACH_ACCOUNT, FAKE_CARD_ACCOUNT, FAKE_PUBLIC_KEY, FAKE_SECRET_KEY, FakeLawPay } from '../helpers/fake-lawpay';

/*
 * One contract, two gateways: the same cases run against the sandbox and against the LawPay adapter talking
 * to a local fake LawPay (tests/helpers/fake-lawpay.ts), which checks every request against the documented
 * shapes and answers with the documented answer shapes.
 */

const fake = new FakeLawPay();
const YEAR = new Date().getFullYear() + 3;
let n = 0;
const ref = () => `tw${(++n).toString(16).padStart(8, '0')}${'0'.repeat(24)}`;

const card = (number: string, extra: Partial<CardInput> = {}): CardInput => ({
  type: 'card',
  number,
  expMonth: 12,
  expYear: YEAR,
  cvv: '123',
  name: 'Ada Client',
  postalCode: '62701',
  ...extra,
});
const bank = (accountNumber: string, routingNumber = '000000013', extra: Partial<BankInput> = {}): BankInput => ({
  type: 'bank',
  routingNumber,
  accountNumber,
  accountType: 'checking',
  name: 'Ada Client',
  ...extra,
});

beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  // Whatever the adapter sent had the documented shape.
  expect(fake.violations).toEqual([]);
  fake.reset();
});

const gateways: [string, () => PaymentGateway][] = [
  ['sandbox', () => new SandboxGateway()],
  [
    'LawPay (fake server)',
    () =>
      new LawPayGateway({
        publicKey: FAKE_PUBLIC_KEY,
        secretKey: FAKE_SECRET_KEY,
        cardAccountId: FAKE_CARD_ACCOUNT,
        achAccountId: FAKE_ACH_ACCOUNT,
        apiUrl: fake.url,
      }),
  ],
];

describe.each(gateways)('the payment gateway contract: %s', (_name, make) => {
  let gateway: PaymentGateway;
  beforeAll(() => {
    gateway = make();
  });

  it('approves the test card 4242 4242 4242 4242: authorized, then completed when looked at again', async () => {
    const reference = ref();
    const charged = await gateway.charge({ amountCents: 124450, method: card('4242 4242 4242 4242'), reference });
    expect(charged).toEqual({
      chargeId: expect.any(String),
      status: 'authorized',
      amountCents: 124450,
      amountRefundedCents: 0,
      reference,
      method: { kind: 'card', brand: 'Visa', last4: '4242', expMonth: 12, expYear: YEAR, bankAccountType: null },
      failure: null,
    });
    const later = await gateway.getCharge(charged.chargeId!);
    expect(later).toEqual({ ...charged, status: 'completed' });
  });

  it.each([
    ['4000000000000002', 'card_declined', 'Your card was declined. Nothing was charged.'],
    ['4000000000000069', 'card_expired', 'Card is expired'],
    ['4000000000000119', 'card_declined_processing_error', 'Your card could not be processed. Nothing was charged; please try again or use another card.'],
    ['4000000000000044', 'card_declined_insufficient_funds', 'Your card was declined for insufficient funds. Nothing was charged.'],
    ['4242424242424241', 'card_number_invalid', 'The card number is not valid.'],
  ])('refuses the test card %s with %s', async (number, code, message) => {
    const reference = ref();
    const charged = await gateway.charge({ amountCents: 1, method: card(number), reference });
    expect(charged).toMatchObject({ chargeId: null, status: 'failed', amountCents: 1, reference, failure: { code, message } });
    expect(charged.method).toMatchObject({ kind: 'card', last4: number.slice(-4) });
    expect(await gateway.findChargeByReference(reference)).toBeNull();
  });

  it('refuses an approving card whose expiry has passed: Card is expired', async () => {
    const charged = await gateway.charge({ amountCents: 100, method: card('4242424242424242', { expMonth: 1, expYear: 2020 }), reference: ref() });
    expect(charged).toMatchObject({ status: 'failed', failure: { code: 'card_expired', message: 'Card is expired' } });
  });

  it('returns the ACH declines of routing 000000013 with accounts 1000000001… in LawPay’s order, and 000000001 as an invalid routing number', async () => {
    const codes = [];
    for (let i = 1; i <= 9; i++) {
      const charged = await gateway.charge({ amountCents: 5000, method: bank(`100000000${i}`), reference: ref() });
      expect(charged).toMatchObject({ chargeId: null, status: 'failed' });
      codes.push(charged.failure!.code);
    }
    expect(codes).toEqual([
      'ach_declined',
      'ach_declined_hold',
      'ach_declined_duplicate',
      'ach_invalid_account_number',
      'ach_insufficient_funds',
      'ach_account_not_found',
      'ach_account_closed',
      'ach_account_frozen',
      'ach_limit_exceeded',
    ]);
    const badRouting = await gateway.charge({ amountCents: 5000, method: bank('123456789', '000000001'), reference: ref() });
    expect(badRouting.failure).toEqual({ code: 'ach_invalid_routing_number', message: 'The routing number is not valid.' });
  });

  it('keeps an eCheck pending, and settles it on a later look (getCharge)', async () => {
    const reference = ref();
    const charged = await gateway.charge({ amountCents: 39088, method: bank('1100000002', '000000013', { accountType: 'savings' }), reference });
    expect(charged).toEqual({
      chargeId: expect.any(String),
      status: 'pending',
      amountCents: 39088,
      amountRefundedCents: 0,
      reference,
      method: { kind: 'bank', brand: 'FIRST BANK OF TESTING', last4: '0002', expMonth: null, expYear: null, bankAccountType: 'savings' },
      failure: null,
    });
    expect((await gateway.getCharge(charged.chargeId!)).status).toBe('completed');
  });

  it('finds a charge by its reference, exactly (a reference sharing its beginning is another)', async () => {
    const reference = ref();
    const charged = await gateway.charge({ amountCents: 2500, method: card('5105105105105100'), reference });
    expect(await gateway.findChargeByReference(reference)).toMatchObject({ chargeId: charged.chargeId, reference, amountCents: 2500 });
    expect(await gateway.findChargeByReference(reference.slice(0, 20))).toBeNull();
    expect(await gateway.findChargeByReference(ref())).toBeNull();
  });

  it('refunds part of a charge, then the rest, and refuses more', async () => {
    const charged = await gateway.charge({ amountCents: 10000, method: card('4242424242424242'), reference: ref() });
    expect(await gateway.refund(charged.chargeId!, 2500)).toEqual({
      refundId: expect.any(String),
      chargeId: charged.chargeId,
      amountCents: 2500,
      status: 'authorized',
    });
    expect((await gateway.getCharge(charged.chargeId!)).amountRefundedCents).toBe(2500);
    expect(await gateway.refund(charged.chargeId!)).toMatchObject({ amountCents: 7500 });
    expect((await gateway.getCharge(charged.chargeId!)).amountRefundedCents).toBe(10000);
    await expect(gateway.refund(charged.chargeId!, 1)).rejects.toMatchObject({ code: 'refund_exceeds_transaction', unclear: false });
  });

  it('voids a charge not yet captured, and refuses to void one captured (refund it instead)', async () => {
    const fresh = await gateway.charge({ amountCents: 1, method: card('4242424242424242'), reference: ref() });
    expect(await gateway.void(fresh.chargeId!)).toMatchObject({ chargeId: fresh.chargeId, status: 'voided' });
    await expect(gateway.void(fresh.chargeId!)).rejects.toMatchObject({ code: 'unavailable_for_current_status' });

    const captured = await gateway.charge({ amountCents: 1, method: card('4242424242424242'), reference: ref() });
    await gateway.getCharge(captured.chargeId!);
    await expect(gateway.void(captured.chargeId!)).rejects.toBeInstanceOf(PaymentGatewayError);
    expect(await gateway.refund(captured.chargeId!)).toMatchObject({ amountCents: 1, status: 'authorized' });
  });

  it('stores a card, charges it, removes it (twice without complaint), and then cannot charge it', async () => {
    const stored = await gateway.storeMethod(card('4242424242424242', { expMonth: 10 }), { reference: 'advisor-7' });
    expect(stored).toEqual({
      token: expect.any(String),
      method: { kind: 'card', brand: 'Visa', last4: '4242', expMonth: 10, expYear: YEAR, bankAccountType: null },
    });
    const charged = await gateway.chargeStoredMethod({ amountCents: 99500, stored: { token: stored.token, kind: 'card' }, reference: ref() });
    expect(charged).toMatchObject({ status: 'authorized', amountCents: 99500, method: { last4: '4242', brand: 'Visa' } });
    await gateway.removeStoredMethod({ token: stored.token, kind: 'card' });
    await gateway.removeStoredMethod({ token: stored.token, kind: 'card' });
    const after = await gateway.chargeStoredMethod({ amountCents: 99500, stored: { token: stored.token, kind: 'card' }, reference: ref() });
    expect(after).toMatchObject({ chargeId: null, status: 'failed', failure: { code: 'resource_not_found' } });
  });

  it('stores a bank account; charging it is pending', async () => {
    const stored = await gateway.storeMethod(bank('10333257392394'));
    expect(stored.method).toEqual({ kind: 'bank', brand: 'FIRST BANK OF TESTING', last4: '2394', expMonth: null, expYear: null, bankAccountType: 'checking' });
    const charged = await gateway.chargeStoredMethod({ amountCents: 41099, stored: { token: stored.token, kind: 'bank' }, reference: ref() });
    expect(charged).toMatchObject({ status: 'pending', method: { kind: 'bank', last4: '2394' } });
  });

  it('stores a declining test card, which declines when charged; refuses to store a number that is not one', async () => {
    const stored = await gateway.storeMethod(card('4000000000000002'));
    const charged = await gateway.chargeStoredMethod({ amountCents: 100, stored: { token: stored.token, kind: 'card' }, reference: ref() });
    expect(charged.failure?.code).toBe('card_declined');
    await expect(gateway.storeMethod(card('4242424242424241'))).rejects.toMatchObject({
      code: 'card_number_invalid',
      userMessage: 'The card number is not valid.',
    });
    await expect(gateway.storeMethod(card('4242424242424242', { expYear: 2021 }))).rejects.toMatchObject({
      code: 'card_expired',
      userMessage: 'Card is expired',
    });
  });

  it('says when a charge does not exist', async () => {
    await expect(gateway.getCharge('no-such-charge')).rejects.toMatchObject({ code: 'resource_not_found', unclear: false });
  });
});

describe('the sandbox', () => {
  it('is labelled, and keeps its books in the database (a second instance, another server, sees the same charge)', async () => {
    expect(SANDBOX_LABEL).toBe('Sandbox — no real money moves');
    const first = new SandboxGateway();
    expect(first.label).toBe(SANDBOX_LABEL);
    const reference = ref();
    const charged = await first.charge({ amountCents: 995, method: card('4242424242424242'), reference });
    const stored = await first.storeMethod(bank('123456789012'));
    const second = new SandboxGateway();
    expect(await second.findChargeByReference(reference)).toMatchObject({ chargeId: charged.chargeId });
    expect(await second.chargeStoredMethod({ amountCents: 100, stored: { token: stored.token, kind: 'bank' }, reference: ref() })).toMatchObject({
      status: 'pending',
    });
  });

  it('settles after the configured delay, not before', async () => {
    const slow = new SandboxGateway({ settleSeconds: 3600 });
    const charged = await slow.charge({ amountCents: 100, method: bank('123456789012'), reference: ref() });
    expect((await slow.getCharge(charged.chargeId!)).status).toBe('pending');
  });
});

describe('the LawPay adapter', () => {
  const make = (overrides: Partial<ConstructorParameters<typeof LawPayGateway>[0]> = {}) =>
    new LawPayGateway({
      publicKey: FAKE_PUBLIC_KEY,
      secretKey: FAKE_SECRET_KEY,
      cardAccountId: FAKE_CARD_ACCOUNT,
      achAccountId: FAKE_ACH_ACCOUNT,
      apiUrl: fake.url,
      ...overrides,
    });

  it('sends the documented requests: Basic auth with the secret key, JSON, integer cents, cards to the card account and eCheck to the ACH account', async () => {
    const gateway = make();
    await gateway.charge({ amountCents: 124450, method: card('4242-4242-4242-4242', { expYear: YEAR % 100 }), reference: 'tw-card' });
    await gateway.charge({ amountCents: 1, method: bank('1100000002', '000000013', { accountHolderType: 'business' }), reference: 'tw-bank' });
    const [cardCharge, bankCharge] = fake.requests;
    const basic = `Basic ${Buffer.from(`${FAKE_SECRET_KEY}:`).toString('base64')}`;
    expect(cardCharge).toMatchObject({ method: 'POST', path: '/v1/charges', authorization: basic, contentType: 'application/json' });
    expect(cardCharge.body).toEqual({
      amount: 124450,
      currency: 'USD',
      account_id: FAKE_CARD_ACCOUNT,
      reference: 'tw-card',
      method: { type: 'card', number: '4242424242424242', exp_month: 12, exp_year: YEAR, cvv: '123', name: 'Ada Client', postal_code: '62701' },
    });
    expect(bankCharge.body).toEqual({
      amount: 1,
      currency: 'USD',
      account_id: FAKE_ACH_ACCOUNT,
      reference: 'tw-bank',
      method: {
        type: 'bank',
        routing_number: '000000013',
        account_number: '1100000002',
        account_type: 'CHECKING',
        account_holder_type: 'business',
        name: 'Ada Client',
      },
    });
  });

  it('charges and stores with a one-time token from the hosted fields (the number never reaches us)', async () => {
    const gateway = make();
    const token = fake.oneTimeToken({ type: 'card', number: '4242424242424242', exp_month: 4, exp_year: YEAR });
    const charged = await gateway.charge({ amountCents: 995, method: { type: 'token', kind: 'card', token }, reference: 'tw-ott' });
    expect(fake.requests[0].body).toEqual({ amount: 995, currency: 'USD', account_id: FAKE_CARD_ACCOUNT, method: token, reference: 'tw-ott' });
    expect(charged).toMatchObject({ status: 'authorized', method: { brand: 'Visa', last4: '4242', expMonth: 4 } });
    const bankToken = fake.oneTimeToken({ type: 'bank', routing_number: '000000013', account_number: '555566667777', account_type: 'SAVINGS' });
    const stored = await gateway.storeMethod({ type: 'token', kind: 'bank', token: bankToken });
    expect(fake.requests[1]).toMatchObject({ method: 'POST', path: '/v1/banks', body: { token_id: bankToken } });
    expect(stored.method).toMatchObject({ kind: 'bank', last4: '7777', bankAccountType: 'savings' });
  });

  it('voids at /v1/transactions/{id}/void, refunds at /v1/charges/{id}/refund, reads /v1/transactions/{id}, searches /v1/transactions', async () => {
    const gateway = make();
    const a = await gateway.charge({ amountCents: 300, method: card('4242424242424242'), reference: 'tw-paths-a' });
    await gateway.void(a.chargeId!);
    const b = await gateway.charge({ amountCents: 300, method: card('4242424242424242'), reference: 'tw-paths-b' });
    await gateway.refund(b.chargeId!, 100);
    await gateway.findChargeByReference('tw-paths-b');
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/charges',
      `POST /v1/transactions/${a.chargeId}/void`,
      'POST /v1/charges',
      `POST /v1/charges/${b.chargeId}/refund`,
      'GET /v1/transactions',
    ]);
    expect(fake.requests[3].body).toEqual({ amount: 100 });
    expect(fake.requests[4].query.getAll('qf')).toEqual(['reference:tw-paths-b', 'type:CHARGE']);
  });

  it('maps a refusal of its credentials to a failed charge, nothing charged', async () => {
    const before = fake.charges().length;
    const charged = await make({ secretKey: 'wrong' }).charge({ amountCents: 100, method: card('4242424242424242'), reference: 'tw-auth' });
    expect(charged).toMatchObject({
      chargeId: null,
      status: 'failed',
      failure: { code: 'not_authorized', message: 'Online payments are not available right now. Nothing was charged; please try again later.' },
    });
    expect(fake.charges()).toHaveLength(before);
  });

  it.each([
    ['an answer later than its deadline', { delayMs: 1_000 }],
    ['a dropped connection', { drop: 'after-charging' as const }],
    ['the gateway’s 502', { status: 502 as const, charged: true }],
    ['an answer that is not JSON', { garbage: true as const }],
  ])('calls %s unclear (the charge may exist)', async (_what, trouble) => {
    fake.nextCharge = trouble;
    const gateway = make({ timeoutMs: 300 });
    await expect(gateway.charge({ amountCents: 100, method: card('4242424242424242'), reference: 'tw-unclear' })).rejects.toBeInstanceOf(GatewayUnclearError);
  });

  it('calls a gateway that cannot be reached unclear', async () => {
    const gateway = make({ apiUrl: 'http://127.0.0.1:1' });
    await expect(gateway.charge({ amountCents: 100, method: card('4242424242424242'), reference: 'tw-down' })).rejects.toMatchObject({
      code: 'gateway_unclear',
      unclear: true,
    });
  });
});

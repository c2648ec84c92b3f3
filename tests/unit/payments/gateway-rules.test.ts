import { GATEWAY_MESSAGES, GatewayUnclearError, PaymentConfigError, PaymentGatewayError, gatewayMessage } from '@/lib/payments/errors';
import { LAWPAY_ENV, gatewayFromEnv } from '@/lib/payments/gateway';
import { LawPayGateway } from '@/lib/payments/lawpay-gateway';
import { cardBrand, isExpired, lastFour, passesLuhn } from '@/lib/payments/methods';
import { SANDBOX_ACH_FAILURES, SANDBOX_APPROVE_CARD, SANDBOX_CARD_FAILURES } from '@/lib/payments/sandbox-numbers';
import { SANDBOX_LABEL, SandboxGateway } from '@/lib/payments/sandbox-gateway';

const LAWPAY = {
  LAWPAY_PUBLIC_KEY: 'pk',
  LAWPAY_SECRET_KEY: 'sk',
  LAWPAY_CARD_ACCOUNT_ID: 'card-account',
  LAWPAY_ACH_ACCOUNT_ID: 'ach-account',
};

describe('choosing the gateway (one place, from the environment)', () => {
  it('is the labelled sandbox without LawPay’s variables', () => {
    const gateway = gatewayFromEnv({});
    expect(gateway).toBeInstanceOf(SandboxGateway);
    expect(gateway.name).toBe('sandbox');
    expect(gateway.label).toBe('Sandbox — no real money moves');
    // The sandbox's form is the app's own inputs, with the label.
    expect(gateway.form).toEqual({ kind: 'fields', label: 'Sandbox — no real money moves' });
    expect(SANDBOX_LABEL).toBe('Sandbox — no real money moves');
  });

  it('is LawPay when all four are set, unlabelled, with its public key for the hosted fields', () => {
    const gateway = gatewayFromEnv(LAWPAY);
    expect(gateway).toBeInstanceOf(LawPayGateway);
    expect(gateway.name).toBe('lawpay');
    expect(gateway.label).toBeNull();
    // The forms use AffiniPay's hosted fields, version-pinned with the published SHA-384 digest.
    expect(gateway.form).toEqual({
      kind: 'hosted',
      publicKey: 'pk',
      script: {
        src: 'https://cdn.affinipay.com/hostedfields/1.5.3/fieldGen_1.5.3.js',
        integrity: 'sha384-OInNoiApwwsc6xI2N+o4KHZ522+EmLGDTJFLwDEmuUum73mVEuytiQgy1/xpoEJO',
      },
    });
  });

  it('loads the hosted fields from LAWPAY_HOSTED_FIELDS_URL when set (a stand-in), with its own integrity or none', () => {
    const src = 'http://127.0.0.1:4555/hostedfields/fieldGen.js';
    expect(gatewayFromEnv({ ...LAWPAY, LAWPAY_HOSTED_FIELDS_URL: src }).form).toEqual({ kind: 'hosted', publicKey: 'pk', script: { src, integrity: null } });
    expect(gatewayFromEnv({ ...LAWPAY, LAWPAY_HOSTED_FIELDS_URL: src, LAWPAY_HOSTED_FIELDS_INTEGRITY: 'sha384-x' }).form).toMatchObject({
      script: { src, integrity: 'sha384-x' },
    });
    expect(() => gatewayFromEnv({ ...LAWPAY, LAWPAY_HOSTED_FIELDS_URL: 'nope' })).toThrow(/LAWPAY_HOSTED_FIELDS_URL is not a URL/);
    // Anywhere but loopback: https and a digest, or the server refuses to start.
    const remote = 'https://cdn.example.com/fieldGen.js';
    expect(() => gatewayFromEnv({ ...LAWPAY, LAWPAY_HOSTED_FIELDS_URL: remote })).toThrow(/https URL with LAWPAY_HOSTED_FIELDS_INTEGRITY/);
    expect(() => gatewayFromEnv({ ...LAWPAY, LAWPAY_HOSTED_FIELDS_URL: 'http://cdn.example.com/f.js', LAWPAY_HOSTED_FIELDS_INTEGRITY: 'sha384-x' })).toThrow(
      /https URL/,
    );
    expect(gatewayFromEnv({ ...LAWPAY, LAWPAY_HOSTED_FIELDS_URL: remote, LAWPAY_HOSTED_FIELDS_INTEGRITY: 'sha384-y' }).form).toMatchObject({
      script: { src: remote, integrity: 'sha384-y' },
    });
  });

  it.each(LAWPAY_ENV.map((name) => [name]))('refuses a LawPay configuration without %s rather than fall back to the sandbox', (name) => {
    const env: Record<string, string> = { ...LAWPAY };
    env[name] = ' ';
    expect(() => gatewayFromEnv(env)).toThrow(
      new PaymentConfigError(`LawPay is partly configured: set ${name} too, or none of ${LAWPAY_ENV.join(', ')} for the sandbox.`),
    );
  });

  it('refuses the old LAWPAY_ACCOUNT_ID, naming its two replacements', () => {
    expect(() => gatewayFromEnv({ LAWPAY_ACCOUNT_ID: 'x' })).toThrow(/LAWPAY_CARD_ACCOUNT_ID .* LAWPAY_ACH_ACCOUNT_ID/);
  });

  it('refuses a LAWPAY_API_URL that is no URL, and a sandbox settle delay that is no number', () => {
    expect(() => gatewayFromEnv({ ...LAWPAY, LAWPAY_API_URL: 'not a url' })).toThrow(PaymentConfigError);
    expect(() => gatewayFromEnv({ PAYMENT_SANDBOX_SETTLE_SECONDS: 'soon' })).toThrow(PaymentConfigError);
    expect(gatewayFromEnv({ PAYMENT_SANDBOX_SETTLE_SECONDS: '30' })).toBeInstanceOf(SandboxGateway);
  });
});

describe('the gateway’s refusal codes, for the person paying', () => {
  it.each([
    ['card_expired', 'Card is expired'],
    ['card_declined', 'Your card was declined. Nothing was charged.'],
    ['card_declined_insufficient_funds', 'Your card was declined for insufficient funds. Nothing was charged.'],
    ['card_number_invalid', 'The card number is not valid.'],
    ['ach_declined', 'Your bank declined the payment. Nothing was charged.'],
    ['ach_invalid_routing_number', 'The routing number is not valid.'],
    ['not_authorized', 'Online payments are not available right now. Nothing was charged; please try again later.'],
  ])('%s → %s', (code, message) => {
    expect(gatewayMessage(code)).toBe(message);
  });

  it.each([
    ['card_declined_something_new', 'Your card was declined. Nothing was charged.'],
    ['card_something_new', 'Your card could not be charged. Nothing was charged; please check it or use another card.'],
    ['ach_something_new', 'The bank payment could not be made. Nothing was charged; please check the account or use another payment method.'],
    ['who_knows', 'The payment could not be made. Nothing was charged.'],
  ])('an unknown code falls back by family: %s', (code, message) => {
    expect(gatewayMessage(code)).toBe(message);
  });

  it('has a message for every test number’s code', () => {
    for (const code of [...Object.values(SANDBOX_CARD_FAILURES), ...Object.values(SANDBOX_ACH_FAILURES), 'card_number_invalid', 'ach_invalid_routing_number']) {
      expect(GATEWAY_MESSAGES[code]).toEqual(expect.any(String));
    }
  });

  it('carries the code and the message in its errors, never more', () => {
    const refused = new PaymentGatewayError('card_declined', { httpStatus: 422 });
    expect(refused).toMatchObject({ code: 'card_declined', userMessage: 'Your card was declined. Nothing was charged.', httpStatus: 422, unclear: false });
    expect(refused.message).toBe('Payment gateway refused the request (card_declined)');
    const unclear = new GatewayUnclearError('timeout');
    expect(unclear).toBeInstanceOf(PaymentGatewayError);
    expect(unclear).toMatchObject({ code: 'gateway_unclear', unclear: true });
  });
});

describe('card facts', () => {
  it('every LawPay test card number passes the Luhn check, except the one meant to fail it', () => {
    for (const number of [SANDBOX_APPROVE_CARD, ...Object.keys(SANDBOX_CARD_FAILURES), '378282246310005', '5105105105105100', '6011111111111117']) {
      expect([number, passesLuhn(number)]).toEqual([number, true]);
    }
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242')).toBe(false);
    expect(passesLuhn('4242x24242424242')).toBe(false);
  });

  it.each([
    ['4242424242424242', 'Visa'],
    ['5105105105105100', 'Mastercard'],
    ['2221000000000009', 'Mastercard'],
    ['378282246310005', 'American Express'],
    ['6011111111111117', 'Discover'],
    ['30569309025904', 'Diners Club'],
    ['3530111333300000', 'JCB'],
    ['9999999999999995', null],
  ])('the brand of %s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });

  it('a card is good through the last day of its expiry month', () => {
    const now = new Date(2026, 4, 31); // 31 May 2026
    expect(isExpired(5, 2026, now)).toBe(false);
    expect(isExpired(5, 26, now)).toBe(false);
    expect(isExpired(4, 2026, now)).toBe(true);
    expect(isExpired(12, 25, now)).toBe(true);
    expect(isExpired(1, 2027, now)).toBe(false);
  });

  it('keeps the last four of a number or a mask, nothing else', () => {
    expect(lastFour('4242 4242 4242 4242')).toBe('4242');
    expect(lastFour('************0057')).toBe('0057');
    expect(lastFour('12')).toBeNull();
    expect(lastFour(null)).toBeNull();
  });
});

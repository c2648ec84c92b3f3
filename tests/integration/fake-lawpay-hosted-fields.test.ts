import { FAKE_CARD_ACCOUNT, FAKE_PUBLIC_KEY, FAKE_SECRET_KEY, FakeLawPay } from '../helpers/fake-lawpay';

/*
 * The fake LawPay's hosted fields, HTTP side: what the fake fieldGen.js and its iframes ask of the fake
 * (the iframe's page, each field's value, the token) and that the token then charges once with the secret
 * key. The browser side (the iframes and postMessage) is exercised by the e2e tests in Chromium.
 */

const fake = new FakeLawPay();
const YEAR = new Date().getFullYear() + 3;
const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  expect(fake.violations).toEqual([]);
  fake.reset();
});

/** What an iframe sends as its input changes. */
function sendValue(session: string, type: string, value: string, publicKey = FAKE_PUBLIC_KEY) {
  return fetch(`${fake.url}/hostedfields/value`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ session, type, value, publicKey }),
  });
}

/** What an iframe sends for getPaymentToken(extra). */
function requestToken(body: Record<string, unknown>, key = FAKE_PUBLIC_KEY) {
  return fetch(`${fake.url}/v1/tokens`, {
    method: 'POST',
    headers: { Authorization: basic(key), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function charge(method: string, key = FAKE_SECRET_KEY) {
  return fetch(`${fake.url}/v1/charges`, {
    method: 'POST',
    headers: { Authorization: basic(key), 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: 995, currency: 'USD', account_id: FAKE_CARD_ACCOUNT, method, reference: 'tw-hosted' }),
  });
}

const cardDetails = {
  exp_month: '04',
  exp_year: String(YEAR),
  name: 'Ada Client',
  address1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postal_code: '62701',
};

async function cardSession(session: string, number = '4242424242424242', cvv = '987') {
  expect((await sendValue(session, 'credit_card_number', number)).status).toBe(200);
  expect((await sendValue(session, 'cvv', cvv)).status).toBe(200);
}

it('serves the library and the iframe page without a key', async () => {
  const script = await fetch(fake.hostedFieldsScriptUrl);
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toMatch(/^application\/javascript/);
  const text = await script.text();
  expect(text).toContain('initializeFields');
  expect(text).toContain(JSON.stringify(fake.url));

  const page = await fetch(`${fake.url}/hostedfields/field.html?type=credit_card_number&session=s1234567&publicKey=${FAKE_PUBLIC_KEY}&parent=x`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(await page.text()).toContain('aria-label="Card number"');
  const routing = await fetch(`${fake.url}/hostedfields/field.html?type=routing_number`);
  expect(await routing.text()).toContain('aria-label="Routing number"');

  expect((await fetch(`${fake.url}/hostedfields/field.html?type=ssn`)).status).toBe(400);
  expect(fake.violations).toEqual(['field.html: unknown field type "ssn"']);
  fake.violations.length = 0;
});

it('makes a card token from the iframes’ values and the page’s details, which charges once with the secret key', async () => {
  await cardSession('card-session-1');
  const answer = await requestToken({ session: 'card-session-1', type: 'card', ...cardDetails });
  expect(answer.status).toBe(200);
  const token = await answer.json();
  expect(token).toMatchObject({ type: 'card', card_type: 'VISA', number: '************4242', exp_month: 4, exp_year: YEAR, name: 'Ada Client' });
  expect(typeof token.id).toBe('string');
  expect(JSON.stringify(token)).not.toContain('987');
  expect(fake.tokens()).toEqual([{ id: token.id, type: 'card', last4: '4242', used: false }]);

  const charged = await charge(token.id);
  expect(charged.status).toBe(200);
  expect(await charged.json()).toMatchObject({ amount: 995, status: 'AUTHORIZED', method: { number: '************4242' } });
  expect(fake.tokens()[0].used).toBe(true);
  expect((await charge(token.id)).status).toBe(422);

  // The record of requests never holds a whole number or the CVV.
  const values = fake.requests.filter((r) => r.path === '/hostedfields/value').map((r) => (r.body as { value: string }).value);
  expect(values).toEqual(['************4242', '***']);
  expect(JSON.stringify(fake.requests.map((r) => r.body))).not.toMatch(/4242424242424242|987/);
});

it('makes a bank token, which saves once as a bank', async () => {
  await sendValue('bank-session-1', 'routing_number', '000000013');
  await sendValue('bank-session-1', 'bank_account_number', '555566667777');
  const answer = await requestToken({
    session: 'bank-session-1',
    type: 'bank',
    name: 'Ada Client',
    account_type: 'savings',
    account_holder_type: 'individual',
  });
  expect(answer.status).toBe(200);
  const token = await answer.json();
  expect(token).toMatchObject({ type: 'bank', account_number: '********7777', account_type: 'SAVINGS', bank_name: 'FIRST BANK OF TESTING' });
  const save = () =>
    fetch(`${fake.url}/v1/banks`, {
      method: 'POST',
      headers: { Authorization: basic(FAKE_SECRET_KEY), 'Content-Type': 'application/json' },
      body: JSON.stringify({ token_id: token.id }),
    });
  expect((await save()).status).toBe(200);
  expect((await save()).status).toBe(422);
  expect(fake.tokens().find((t) => t.id === token.id)).toEqual({ id: token.id, type: 'bank', last4: '7777', used: true });
});

it('takes only the public key on the hosted fields’ paths and only the secret key on the rest', async () => {
  expect((await sendValue('key-session-1', 'credit_card_number', '4242424242424242', FAKE_SECRET_KEY)).status).toBe(401);
  await cardSession('key-session-1');
  expect((await requestToken({ session: 'key-session-1', type: 'card', ...cardDetails }, FAKE_SECRET_KEY)).status).toBe(401);
  const token = await (await requestToken({ session: 'key-session-1', type: 'card', ...cardDetails })).json();
  expect((await charge(token.id, FAKE_PUBLIC_KEY)).status).toBe(401);
  expect((await charge(token.id)).status).toBe(200);
});

it('answers 422 with a message for what was typed wrong, and records what the page sent wrong', async () => {
  const tokensBefore = fake.tokens().length;
  await cardSession('typo-session-1', '4242424242424241');
  const typo = await requestToken({ session: 'typo-session-1', type: 'card', ...cardDetails });
  expect(typo.status).toBe(422);
  expect(await typo.json()).toEqual({ messages: [{ code: 'card_number_invalid', level: 'error', message: 'Card number is invalid', facility: 'gateway' }] });

  await cardSession('expired-session-1');
  const expired = await requestToken({ session: 'expired-session-1', type: 'card', ...cardDetails, exp_year: 2001 });
  expect(expired.status).toBe(422);
  expect((await expired.json()).messages[0]).toMatchObject({ code: 'card_expired', message: 'Card is expired' });
  expect(fake.violations).toEqual([]);

  // A page never sends the numbers: the fake says so, and the request is not a token.
  await cardSession('leak-session-1');
  const leak = await requestToken({ session: 'leak-session-1', type: 'card', ...cardDetails, number: '4242424242424242' });
  expect(leak.status).toBe(422);
  expect(fake.violations).toEqual(['token: unknown field number (the numbers come from the hosted fields, never from the page)']);
  const unknown = await requestToken({ session: 'no-such-session', type: 'card', ...cardDetails });
  expect(unknown.status).toBe(422);
  expect(fake.violations.slice(1)).toEqual(['token: no hosted field values for this session']);
  fake.violations.length = 0;
  expect(fake.tokens()).toHaveLength(tokensBefore);
});

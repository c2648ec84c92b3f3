import { sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import * as t from '@/db/schema';
import { POST as createAndPay } from '@/app/api/estatePlan/createAndPay/route';
import { POST as processPayment } from '@/app/api/billing/processLawpayPayment/route';
import { POST as removeMethod } from '@/app/api/billing/removeStoredPaymentMethod/route';
import { PEER_HEADER } from '@/lib/http/request';
import { resetDatabase } from '../helpers/db';
import { signInAs } from '../helpers/session';
import { answerRequiredQuestions, makeCouple } from './helpers/intake';
import { db } from '@/db';
import { chargeOnce, subjectKey } from '@/lib/payments/attempts';
import { LawPayGateway } from '@/lib/payments/lawpay-gateway';
import { SandboxGateway } from '@/lib/payments/sandbox-gateway';
import type { PaymentGateway } from '@/lib/payments/types';
import { FAKE_ACH_ACCOUNT, FAKE_CARD_ACCOUNT, FAKE_PUBLIC_KEY, FAKE_SECRET_KEY, FakeLawPay } from '../helpers/fake-lawpay';

/*
 * No card number, CVV or full bank account number is stored or logged: after paying, storing and failing
 * with each through both gateways, the whole database (every row of every table, the job queue's
 * included) and everything written to the console hold none of them, only last fours.
 */

const CARDS = ['4242424242424242', '4000000000000002', '5105105105105100', '4242424242424241'];
const CVV = '8437';
const ACCOUNTS = ['987654321012', '10333257392394', '1000000005'];
const YEAR = new Date().getFullYear() + 1;

const fake = new FakeLawPay();
beforeAll(() => fake.start());
afterAll(() => fake.stop());

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** Every row of every table, as JSON text. */
async function dumpDatabase(): Promise<string> {
  const tables = rowsOf<{ schemaname: string; tablename: string }>(
    await db.execute(sql`select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`),
  );
  const parts: string[] = [];
  for (const { schemaname, tablename } of tables) {
    const rows = rowsOf<{ row: string }>(await db.execute(sql.raw(`select row_to_json(t)::text as row from "${schemaname}"."${tablename}" t`)));
    parts.push(`${schemaname}.${tablename}:\n${rows.map((r) => r.row).join('\n')}`);
  }
  return parts.join('\n');
}

/** Runs `fn` with everything written to the console and to stdout/stderr captured. */
async function capturingOutput(fn: () => Promise<void>): Promise<string> {
  const captured: string[] = [];
  const keep = (...args: unknown[]) =>
    void captured.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  const spies = [
    ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => jest.spyOn(console, method).mockImplementation(keep)),
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (keep(String(chunk)), true)),
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (keep(String(chunk)), true)),
  ];
  try {
    await fn();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return captured.join('\n');
}

async function payEveryWay(gateway: PaymentGateway, tag: string, errors: string[]): Promise<void> {
  const card = (number: string) => ({ type: 'card' as const, number, expMonth: 3, expYear: YEAR, cvv: CVV, name: 'Ada Client' });
  const bank = (accountNumber: string) => ({ type: 'bank' as const, routingNumber: '000000013', accountNumber, accountType: 'checking' as const });
  const subject = (n: number) => subjectKey({ plan: n, gateway: tag });
  await chargeOnce({ purpose: 'trust_fee', subject: subject(1) }, '995.00', card(CARDS[0]), { gateway });
  await chargeOnce({ purpose: 'trust_fee', subject: subject(2) }, '995.00', card(CARDS[1]), { gateway });
  await chargeOnce({ purpose: 'trust_fee', subject: subject(3) }, '995.00', card(CARDS[3]), { gateway });
  await chargeOnce({ purpose: 'advisor_balance', subject: subject(4) }, '1244.50', bank(ACCOUNTS[0]), { gateway });
  await chargeOnce({ purpose: 'advisor_balance', subject: subject(5) }, '1244.50', bank(ACCOUNTS[2]), { gateway });
  await gateway.storeMethod(card(CARDS[2]));
  await gateway.storeMethod(bank(ACCOUNTS[1]));
  for (const attempt of [() => gateway.storeMethod(card(CARDS[3])), () => gateway.refund('no-such-charge', 100)]) {
    await attempt().catch((error: Error) => errors.push(`${error.message} ${JSON.stringify(error)}`));
  }
}

it('keeps no card number, CVV or full account number in the database, the console or its errors', async () => {
  const errors: string[] = [];
  const output = await capturingOutput(async () => {
    await payEveryWay(new SandboxGateway(), 's', errors);
    const lawpay = new LawPayGateway({
      publicKey: FAKE_PUBLIC_KEY,
      secretKey: FAKE_SECRET_KEY,
      cardAccountId: FAKE_CARD_ACCOUNT,
      achAccountId: FAKE_ACH_ACCOUNT,
      apiUrl: fake.url,
    });
    await payEveryWay(lawpay, 'l', errors);
    // An unclear answer (and its look-up) too.
    fake.nextCharge = { drop: 'before-charging' };
    await chargeOnce(
      { purpose: 'trust_fee', subject: subjectKey({ plan: 9 }) },
      '995.00',
      { type: 'card', number: CARDS[0], expMonth: 3, expYear: YEAR, cvv: CVV },
      { gateway: lawpay },
    );
    // The wrong key: a refusal of the whole request.
    const wrong = new LawPayGateway({
      publicKey: 'pk',
      secretKey: 'wrong',
      cardAccountId: FAKE_CARD_ACCOUNT,
      achAccountId: FAKE_ACH_ACCOUNT,
      apiUrl: fake.url,
    });
    await chargeOnce(
      { purpose: 'trust_fee', subject: subjectKey({ plan: 10 }) },
      '995.00',
      { type: 'card', number: CARDS[0], expMonth: 3, expYear: YEAR, cvv: CVV },
      { gateway: wrong },
    );
  });
  // The gateway was really sent them (so their absence below means something).
  expect(JSON.stringify(fake.requests.map((r) => r.body))).toContain(CARDS[0]);

  const dump = await dumpDatabase();
  expect(dump).toContain('payment_attempts');
  expect(dump).toContain('"last4":"4242"');
  expect(dump).toContain('"last4":"1012"');
  const texts = { dump, output, errors: errors.join('\n') };
  for (const [where, text] of Object.entries(texts)) {
    for (const number of [...CARDS, ...ACCOUNTS]) {
      const grouped = number.replace(/(\d{4})(?=\d)/g, '$1 ');
      expect([where, number, text.includes(number) || text.includes(grouped)]).toEqual([where, number, false]);
    }
    // The CVV as a value of its own (not four digits inside some random id).
    expect([where, 'cvv', new RegExp(`(^|[^A-Za-z0-9_-])${CVV}([^A-Za-z0-9_-]|$)`).test(text)]).toEqual([where, 'cvv', false]);
    expect([where, 'cvv field', /"cvv"/i.test(text)]).toEqual([where, 'cvv field', false]);
  }
});

/** Calls a compatibility route as the signed-in user, from the app's own origin; answers the status and the body text. */
async function call(handler: (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>, path: string, body: object) {
  const request = new NextRequest(`http://localhost:3000${path}`, {
    method: 'POST',
    headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'content-type': 'application/json', [PEER_HEADER]: '198.51.100.7' },
    body: JSON.stringify(body),
  });
  const response = await handler(request, { params: Promise.resolve({}) });
  return { status: response.status, text: await response.text() };
}

it('the product flows (client fee, advisor balance, auto-pay, removal) keep no number in the database, the outbox, the answers or the log', async () => {
  await resetDatabase();
  const couple = await makeCouple();
  await db.insert(t.estatePlans).values({ clientId: couple.owner1.id });
  await answerRequiredQuestions([couple.owner1.id, couple.owner2!.id]);
  await db.insert(t.invoices).values({ advisorId: couple.advisor.advisor.id, description: 'Secret test invoice', amount: '995.00' });
  const card = (number: string) => ({
    charge_type: 'card',
    name: 'Ada Client',
    card_number: number,
    exp_month: '03',
    exp_year: String(YEAR),
    cvv: CVV,
    street: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  });
  const answers: string[] = [];
  const output = await capturingOutput(async () => {
    await signInAs(couple.household.user);
    const clientPay = { user_type: 'client', client_id: couple.owner1.hash, type: 'trust', processor: 'lawpay', is_saving: 1 };
    const declined = await call(createAndPay, '/api/estatePlan/createAndPay', { ...clientPay, ...card(CARDS[1]) });
    expect(declined.status).toBe(402);
    const paid = await call(createAndPay, '/api/estatePlan/createAndPay', { ...clientPay, ...card(CARDS[0]) });
    expect(paid.status).toBe(200);
    await signInAs(couple.advisor.user);
    const advisorPay = {
      user_type: 'advisor',
      advisor_id: couple.advisor.advisor.hash,
      is_saving: 1,
      charge_type: 'bank',
      name: 'Ada Advisor',
      routing_number: '000000013',
      account_type: 'checking',
    };
    const bankPaid = await call(processPayment, '/api/billing/processLawpayPayment', { ...advisorPay, account_number: ACCOUNTS[0] });
    expect(bankPaid.status).toBe(200);
    const removed = await call(removeMethod, '/api/billing/removeStoredPaymentMethod', { advisor_id: couple.advisor.advisor.hash });
    expect(removed.status).toBe(200);
    answers.push(declined.text, paid.text, bankPaid.text, removed.text);
  });
  const dump = await dumpDatabase();
  expect(dump).toContain('mail_outbox');
  expect(dump).toContain('receipt');
  const texts = { dump, output, answers: answers.join('\n') };
  for (const [where, text] of Object.entries(texts)) {
    for (const number of [CARDS[0], CARDS[1], ACCOUNTS[0]]) {
      const grouped = number.replace(/(\d{4})(?=\d)/g, '$1 ');
      expect([where, number, text.includes(number) || text.includes(grouped)]).toEqual([where, number, false]);
    }
    expect([where, 'cvv', new RegExp(`(^|[^A-Za-z0-9_-])${CVV}([^A-Za-z0-9_-]|$)`).test(text)]).toEqual([where, 'cvv', false]);
  }
});

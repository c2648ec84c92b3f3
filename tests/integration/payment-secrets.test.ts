import { sql } from 'drizzle-orm';
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

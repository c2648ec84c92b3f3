import { eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import { paymentAttempts, sandboxCharges } from '@/db/schema';
import { chargeOnce, findAttempt, nextAttemptNumber, refreshAttempt, subjectKey } from '@/lib/payments/attempts';
import { LawPayGateway } from '@/lib/payments/lawpay-gateway';
import { SandboxGateway } from '@/lib/payments/sandbox-gateway';
import type { BankInput, CardInput } from '@/lib/payments/types';
import { FAKE_ACH_ACCOUNT, FAKE_CARD_ACCOUNT, FAKE_PUBLIC_KEY, FAKE_SECRET_KEY, FakeLawPay } from '../helpers/fake-lawpay';

/*
 * chargeOnce on the database in use (PGlite, or PostgreSQL with DATABASE_URL): one row before the gateway is
 * called, one charge per key however many calls arrive together, and after an unclear answer a look-up by
 * reference before anything else.
 */

const fake = new FakeLawPay();
const YEAR = new Date().getFullYear() + 2;
const card = (number = '4242424242424242'): CardInput => ({ type: 'card', number, expMonth: 6, expYear: YEAR, cvv: '321' });
const bank = (accountNumber = '123456789012'): BankInput => ({ type: 'bank', routingNumber: '000000013', accountNumber, accountType: 'checking' });
const sandbox = new SandboxGateway();
const lawpay = (timeoutMs = 20_000) =>
  new LawPayGateway({
    publicKey: FAKE_PUBLIC_KEY,
    secretKey: FAKE_SECRET_KEY,
    cardAccountId: FAKE_CARD_ACCOUNT,
    achAccountId: FAKE_ACH_ACCOUNT,
    apiUrl: fake.url,
    timeoutMs,
  });
let subjects = 0;
const plan = () => subjectKey({ plan: ++subjects });
const sandboxChargeCount = async (reference?: string) =>
  (
    await db
      .select({ id: sandboxCharges.id })
      .from(sandboxCharges)
      .where(reference ? eq(sandboxCharges.reference, reference) : undefined)
  ).length;

beforeAll(() => fake.start());
afterAll(() => fake.stop());
afterEach(() => {
  expect(fake.violations).toEqual([]);
  fake.reset();
});

describe('subjectKey', () => {
  it('is canonical: names and ids sorted, ids numerically, duplicates once', () => {
    expect(subjectKey({ plan: 12 })).toBe('plan:12');
    expect(subjectKey({ invoices: [9, 3, 10, 5, 3] })).toBe('invoices:3,5,9,10');
    expect(subjectKey({ plan: 4, period: '2027' })).toBe('period:2027;plan:4');
    expect(() => subjectKey({})).toThrow(RangeError);
    expect(() => subjectKey({ plan: 'a;b' })).toThrow(RangeError);
  });
});

describe('chargeOnce', () => {
  it('writes the attempt, charges, and keeps only the method’s summary', async () => {
    const subject = plan();
    const outcome = await chargeOnce({ purpose: 'trust_fee', subject }, '1,244.50', card(), { gateway: sandbox });
    expect(outcome).toEqual({
      reference: expect.stringMatching(/^tw[0-9a-f]{32}$/),
      purpose: 'trust_fee',
      subject,
      attempt: 1,
      state: 'succeeded',
      amount: '1244.50',
      chargeId: expect.any(String),
      method: { kind: 'card', brand: 'Visa', last4: '4242', expMonth: 6, expYear: YEAR, bankAccountType: null },
      error: null,
      duplicate: false,
      gateway: 'sandbox',
      payerUserId: null,
      paymentMethodId: null,
    });
    const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.reference, outcome.reference));
    expect(row).toMatchObject({ gateway: 'sandbox', state: 'succeeded', amount: '1244.50', chargeId: outcome.chargeId, resolvedAt: expect.any(Date) });
    const [charge] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, outcome.reference));
    expect(charge).toMatchObject({ amount: '1244.50', id: outcome.chargeId });
  });

  it('the $0.01 set-up charge is one cent', async () => {
    const outcome = await chargeOnce({ purpose: 'setup_charge', subject: plan() }, '0.01', card(), { gateway: lawpay() });
    expect(outcome).toMatchObject({ state: 'succeeded', amount: '0.01' });
    expect(fake.requests[0].body).toMatchObject({ amount: 1 });
  });

  it('refuses amounts that are not a positive whole number of cents, writing nothing', async () => {
    const subject = plan();
    await expect(chargeOnce({ purpose: 'trust_fee', subject }, '0', card(), { gateway: sandbox })).rejects.toThrow(RangeError);
    await expect(chargeOnce({ purpose: 'trust_fee', subject }, '10.005', card(), { gateway: sandbox })).rejects.toThrow(RangeError);
    expect(await db.select().from(paymentAttempts).where(eq(paymentAttempts.subject, subject))).toEqual([]);
  });

  it.each([
    ['the sandbox', () => sandbox],
    ['LawPay', () => lawpay()],
  ])('with %s: 10 parallel calls for one key make 1 gateway charge, and all get its outcome', async (name, gateway) => {
    fake.chargeDelayMs = 300;
    const subject = subjectKey({ invoices: [3, 5, 9] });
    const before = await sandboxChargeCount();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        chargeOnce({ purpose: 'advisor_balance', subject: `${subject};${name === 'LawPay' ? 'g:l' : 'g:s'}` }, '1244.50', card(), {
          gateway: gateway(),
          timing: { pollMs: 20 },
        }),
      ),
    );
    expect(new Set(outcomes.map((o) => o.reference)).size).toBe(1);
    expect(outcomes.every((o) => o.state === 'succeeded' && o.chargeId === outcomes[0].chargeId)).toBe(true);
    expect(outcomes.filter((o) => !o.duplicate)).toHaveLength(1);
    if (name === 'LawPay') expect(fake.count('POST', '/v1/charges')).toBe(1);
    else expect(await sandboxChargeCount()).toBe(before + 1);
  });

  it('a repeat after success charges nothing more; after a refusal the next attempt charges', async () => {
    const subject = plan();
    const declined = await chargeOnce({ purpose: 'trust_fee', subject }, '995.00', card('4000000000000002'), { gateway: sandbox });
    expect(declined).toMatchObject({
      state: 'failed',
      attempt: 1,
      chargeId: null,
      error: { code: 'card_declined', message: 'Your card was declined. Nothing was charged.' },
    });
    expect(await nextAttemptNumber('trust_fee', subject)).toBe(2);
    const paid = await chargeOnce({ purpose: 'trust_fee', subject }, '995.00', card(), { gateway: sandbox });
    expect(paid).toMatchObject({ state: 'succeeded', attempt: 2, duplicate: false });
    const again = await chargeOnce({ purpose: 'trust_fee', subject }, '995.00', card(), { gateway: sandbox });
    expect(again).toMatchObject({ state: 'succeeded', attempt: 2, reference: paid.reference, duplicate: true });
    expect(await sandboxChargeCount(paid.reference)).toBe(1);
    // A given attempt number names that attempt: its outcome, whatever it was.
    expect(await chargeOnce({ purpose: 'trust_fee', subject, attempt: 1 }, '995.00', card(), { gateway: sandbox })).toMatchObject({
      state: 'failed',
      duplicate: true,
    });
  });

  it('an eCheck is pending, and refreshAttempt records its settlement', async () => {
    for (const gateway of [sandbox, lawpay()]) {
      const outcome = await chargeOnce({ purpose: 'advisor_balance', subject: plan() }, '390.88', bank(), { gateway });
      expect(outcome).toMatchObject({ state: 'pending', method: { kind: 'bank', brand: 'FIRST BANK OF TESTING', last4: '9012', bankAccountType: 'checking' } });
      expect(await refreshAttempt(outcome.reference, { gateway })).toMatchObject({ state: 'succeeded', chargeId: outcome.chargeId });
    }
    const declined = await chargeOnce({ purpose: 'advisor_balance', subject: plan() }, '390.88', bank('1000000005'), { gateway: sandbox });
    expect(declined).toMatchObject({ state: 'failed', error: { code: 'ach_insufficient_funds' } });
  });

  describe('after an unclear answer', () => {
    it('finds the charge by its reference (the answer came too late) and records it, charging once', async () => {
      fake.nextCharge = { delayMs: 800 };
      const subject = plan();
      const outcome = await chargeOnce({ purpose: 'trust_fee', subject }, '995.00', card(), { gateway: lawpay(200) });
      expect(outcome).toMatchObject({ state: 'succeeded', chargeId: expect.any(String), duplicate: false, error: null });
      expect(fake.count('POST', '/v1/charges')).toBe(1);
      expect(fake.count('GET', '/v1/transactions')).toBe(1);
      expect(fake.charges().find((c) => c.reference === outcome.reference)?.id).toBe(outcome.chargeId);
      // The next call for the same plan is the same attempt: no new charge.
      expect(await chargeOnce({ purpose: 'trust_fee', subject }, '995.00', card(), { gateway: lawpay(200) })).toMatchObject({
        state: 'succeeded',
        duplicate: true,
      });
      expect(fake.count('POST', '/v1/charges')).toBe(1);
    });

    it('looks the charge up after the gateway’s 502 too', async () => {
      fake.nextCharge = { status: 502, charged: true };
      const outcome = await chargeOnce({ purpose: 'trust_fee', subject: plan() }, '12.00', card(), { gateway: lawpay() });
      expect(outcome).toMatchObject({ state: 'succeeded' });
      expect(fake.count('GET', '/v1/transactions')).toBe(1);
    });

    it('stays unclear while the charge is not found, charging nothing more; later it is recorded never made, and a new attempt may charge', async () => {
      fake.nextCharge = { drop: 'before-charging' };
      const subject = plan();
      const first = await chargeOnce({ purpose: 'trust_fee', subject }, '995.00', card(), { gateway: lawpay() });
      expect(first).toMatchObject({ state: 'unclear', chargeId: null, error: { code: 'gateway_unclear' } });
      expect(fake.count('POST', '/v1/charges')).toBe(1);

      const retry = await chargeOnce({ purpose: 'trust_fee', subject }, '995.00', card(), { gateway: lawpay() });
      expect(retry).toMatchObject({ state: 'unclear', reference: first.reference, duplicate: true });
      expect(fake.count('POST', '/v1/charges')).toBe(1);
      expect(fake.count('GET', '/v1/transactions')).toBe(2);

      const settled = await chargeOnce({ purpose: 'trust_fee', subject }, '995.00', card(), { gateway: lawpay(), timing: { notFoundFinalMs: 0 } });
      expect(settled).toMatchObject({ state: 'failed', attempt: 1, error: { code: 'not_charged' } });
      expect(fake.count('POST', '/v1/charges')).toBe(1);

      const next = await chargeOnce({ purpose: 'trust_fee', subject }, '995.00', card(), { gateway: lawpay() });
      expect(next).toMatchObject({ state: 'succeeded', attempt: 2 });
      expect(fake.count('POST', '/v1/charges')).toBe(2);
    });

    it('stays unclear when the look-up itself fails', async () => {
      fake.nextCharge = { drop: 'after-charging' };
      fake.searchFails = true;
      const subject = plan();
      const outcome = await chargeOnce({ purpose: 'trust_fee', subject }, '995.00', card(), { gateway: lawpay(), timing: { notFoundFinalMs: 0 } });
      expect(outcome).toMatchObject({ state: 'unclear' });
      fake.searchFails = false;
      expect(await refreshAttempt(outcome.reference, { gateway: lawpay() })).toMatchObject({ state: 'succeeded', chargeId: expect.any(String) });
      expect(fake.count('POST', '/v1/charges')).toBe(1);
    });
  });

  describe('an attempt whose server stopped mid-charge (still created, past staleMs)', () => {
    async function crashedAttempt(subject: string, reference: string) {
      await db.insert(paymentAttempts).values({
        reference,
        purpose: 'trust_fee',
        subject,
        attempt: 1,
        gateway: 'sandbox',
        amount: '995.00',
        methodKind: 'card',
        last4: '4242',
        createdAt: sql`now() - interval '10 minutes'`,
      });
    }

    it('is looked up by reference: the charge it made is found and recorded, nothing charged again', async () => {
      const subject = plan();
      const reference = `tw${'a'.repeat(31)}${subjects}`.slice(0, 34);
      await crashedAttempt(subject, reference);
      const charged = await sandbox.charge({ amountCents: 99500, method: card(), reference });
      const outcome = await chargeOnce({ purpose: 'trust_fee', subject }, '995.00', card(), { gateway: sandbox });
      expect(outcome).toMatchObject({ state: 'succeeded', reference, chargeId: charged.chargeId, duplicate: true });
      expect(await sandboxChargeCount(reference)).toBe(1);
    });

    it('is recorded never made when its charge is not found long after', async () => {
      const subject = plan();
      const reference = `tw${'b'.repeat(31)}${subjects}`.slice(0, 34);
      await crashedAttempt(subject, reference);
      const outcome = await chargeOnce({ purpose: 'trust_fee', subject }, '995.00', card(), { gateway: sandbox });
      expect(outcome).toMatchObject({ state: 'failed', reference, error: { code: 'not_charged' } });
      expect(await sandboxChargeCount(reference)).toBe(0);
      expect(await findAttempt(reference)).toMatchObject({ state: 'failed' });
    });
  });
});

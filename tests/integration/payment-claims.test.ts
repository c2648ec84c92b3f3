import { and, asc, eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { autoPayInvoice } from '@/lib/billing/auto-pay';
import { chargeWithBooks } from '@/lib/billing/charge';
import { settleOpenPayments } from '@/lib/billing/settle-payments';
import { acknowledgePayment, PAYMENT_BEING_PROCESSED_MESSAGE } from '@/lib/checkout/acknowledge-payment';
import { disableAutoPay, payBalance } from '@/lib/checkout/pay-balance';
import { payTrustFee } from '@/lib/checkout/pay-trust-fee';
import { IMPERSONATING_SETTINGS_MESSAGE } from '@/lib/billing/stored-methods';
import { rowsOf } from '@/lib/kernel/rows';
import { systemContext } from '@/lib/kernel/system-context';
import { subjectKey } from '@/lib/payments/attempts';
import { DECLINE_LIMIT, DECLINE_LIMIT_MESSAGE } from '@/lib/payments/decline-limit';
import { SandboxGateway } from '@/lib/payments/sandbox-gateway';
import type { ChargeRequest, PaymentGateway } from '@/lib/payments/types';
import { BALANCE_PAID_AUTOPAY_MESSAGE, BALANCE_PAID_MESSAGE, payBalanceSchema, payTrustFeeSchema } from '@/lib/validation/payments';
import { resetDatabase } from '../helpers/db';
import { approveCard, caught, declineCard } from '../helpers/payment-fixtures';
import { actorOf, ctxOf } from '../helpers/context';
import { makeUser } from '../helpers/factories';
import { answerRequiredQuestions, makeCouple, type Couple } from './helpers/intake';

/*
 * Issue 26: each invoice and each trust fee is charged at most once, whatever happens. Faults are injected
 * at the gateway seam: a gateway that charges and then never answers is a server stopped between the
 * gateway's charge and the commit (nothing after the charge runs, exactly as after kill -9); a gateway that
 * answers slowly is LawPay taking seconds, which opens the races. The sandbox's own books
 * (sandbox_charges) are the money that moved. tests/e2e/payment-crash.e2e.ts does the same with a real
 * kill -9 of one of two servers over PostgreSQL.
 */

const sandbox = new SandboxGateway();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The sandbox with its charge replaced: everything else (look-ups by reference included) is the sandbox's own. */
function gatewayWith(charge: (request: ChargeRequest) => ReturnType<PaymentGateway['charge']>): PaymentGateway {
  return Object.assign(Object.create(sandbox) as PaymentGateway, { charge });
}

/** Charges at the gateway, then never answers: the server stopped after the charge, before anything was recorded. */
function crashingAfterCharge() {
  let charged!: () => void;
  const done = new Promise<void>((resolve) => (charged = resolve));
  const gateway = gatewayWith(async (request) => {
    await sandbox.charge(request);
    charged();
    return new Promise(() => undefined);
  });
  return { gateway, charged: done };
}

/** Waits `ms` before charging (the gateway is slow to take the request) and counts the charges it was asked for. */
function slowGateway(ms: number) {
  const calls: ChargeRequest[] = [];
  const gateway = gatewayWith(async (request) => {
    calls.push(request);
    await sleep(ms);
    return sandbox.charge(request);
  });
  return { gateway, calls };
}

let couple: Couple;
let plan: t.EstatePlan;

beforeEach(async () => {
  await resetDatabase();
  couple = await makeCouple();
  [plan] = await db.insert(t.estatePlans).values({ clientId: couple.owner1.id }).returning();
  await answerRequiredQuestions([couple.owner1.id, couple.owner2!.id]);
});

const balanceInput = (method: object = approveCard, enableAutoPay = false) =>
  payBalanceSchema.parse({ advisor_id: couple.advisor.advisor.hash, enable_auto_pay: enableAutoPay, method });
const acks = () => [couple.owner1, couple.owner2!].map((o) => ({ client_hash: o.hash, statements: [1, 2, 3] }));
const feeInput = (method: object = approveCard) => payTrustFeeSchema.parse({ client_hash: couple.owner1.hash, acknowledgements: acks(), method });

async function addInvoice(amount: string): Promise<number> {
  const [row] = await db
    .insert(t.invoices)
    .values({ advisorId: couple.advisor.advisor.id, description: `Invoice ${amount}`, amount })
    .returning({ id: t.invoices.id });
  return row.id;
}

/** The money that moved: the sandbox's approved charges, in cents order. */
async function charged(): Promise<string[]> {
  const rows = await db.select({ amount: t.sandboxCharges.amount, status: t.sandboxCharges.status }).from(t.sandboxCharges);
  return rows
    .filter((r) => r.status !== 'failed')
    .map((r) => r.amount)
    .sort((a, b) => Number(a) - Number(b));
}

/** How many charges that took money name each invoice: exactly one each when it is paid. */
async function chargesPerInvoice(): Promise<Record<number, number>> {
  const attempts = await db
    .select({ subject: t.paymentAttempts.subject })
    .from(t.paymentAttempts)
    .where(sql`${t.paymentAttempts.state} in ('succeeded', 'pending')`);
  const counts: Record<number, number> = {};
  for (const { subject } of attempts) {
    for (const id of /invoices:([\d,]+)/.exec(subject)?.[1].split(',') ?? []) counts[Number(id)] = (counts[Number(id)] ?? 0) + 1;
  }
  return counts;
}

const openInvoices = async () => db.select().from(t.invoices).where(eq(t.invoices.status, 'open'));

/** Auto-pay on, with a stored card (an earlier balance paid with 'enable auto-pay'). */
async function withAutoPay(): Promise<void> {
  await addInvoice('10.00');
  await payBalance(couple.advisorCtx, balanceInput(approveCard, true), { gateway: sandbox });
}

describe('an invoice is charged at most once', () => {
  it('a crash between the charge and the commit, then a new invoice: the next payment records the first charge and charges only the new invoice', async () => {
    const first = await addInvoice('200.00');
    const crash = crashingAfterCharge();
    void payBalance(couple.advisorCtx, balanceInput(), { gateway: crash.gateway });
    await crash.charged;
    expect((await openInvoices()).map((i) => i.id)).toEqual([first]);

    const second = await addInvoice('50.00');
    const paid = await payBalance(couple.advisorCtx, balanceInput(), { gateway: sandbox });
    expect(paid.message).toBe(BALANCE_PAID_MESSAGE);
    expect(paid.advisor).toMatchObject({ outstanding_balance: '0.00', invoices_count: 0 });
    expect(await charged()).toEqual(['50.00', '200.00']);
    expect(await chargesPerInvoice()).toEqual({ [first]: 1, [second]: 1 });
    const recorded = await db.select({ amount: t.payments.amount }).from(t.payments).orderBy(asc(t.payments.amount));
    expect(recorded.map((p) => p.amount).sort()).toEqual(['200.00', '50.00']);
  });

  it('the settlement job repairs a crash on its own: the invoice closed and the payment recorded once, with its receipt', async () => {
    await addInvoice('200.00');
    const crash = crashingAfterCharge();
    void payBalance(couple.advisorCtx, balanceInput(), { gateway: crash.gateway });
    await crash.charged;
    // Minutes later: the stopped server's attempt is stale.
    await db.update(t.paymentAttempts).set({ createdAt: sql`now() - interval '5 minutes'` });

    const ctx = systemContext('test');
    expect(await settleOpenPayments(ctx, sandbox)).toMatchObject({ open: 0 });
    expect(await openInvoices()).toEqual([]);
    expect(await settleOpenPayments(ctx, sandbox)).toMatchObject({ open: 0, repaired: 0 });
    expect(await db.select({ amount: t.payments.amount }).from(t.payments)).toEqual([{ amount: '200.00' }]);
    expect(await charged()).toEqual(['200.00']);
    expect(await db.select().from(t.paymentClaims)).toEqual([]);
    const receipts = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, couple.advisor.user.email));
    expect(receipts.filter((m) => m.subject === 'Your Trustwell payment receipt')).toHaveLength(1);
  });

  it('a charge recorded without its books before this fix (the invoice left open) is repaired by the settlement job, once', async () => {
    const id = await addInvoice('120.00');
    const reference = 'tw' + 'c'.repeat(32);
    const made = await sandbox.charge({ amountCents: 12000, method: { type: 'card', number: '4242424242424242', expMonth: 12, expYear: 2039 }, reference });
    await db.insert(t.paymentAttempts).values({
      reference,
      purpose: 'advisor_balance',
      subject: subjectKey({ invoices: [id] }),
      attempt: 1,
      state: 'succeeded',
      gateway: 'sandbox',
      amount: '120.00',
      methodKind: 'card',
      last4: '4242',
      chargeId: made.chargeId,
    });
    const ctx = systemContext('test');
    expect(await settleOpenPayments(ctx, sandbox)).toMatchObject({ repaired: 1 });
    expect(await settleOpenPayments(ctx, sandbox)).toMatchObject({ repaired: 0 });
    expect(await openInvoices()).toEqual([]);
    expect(await db.select({ reference: t.payments.gatewayReference }).from(t.payments)).toEqual([{ reference }]);
  });

  it('auto-pay racing Pay Balance, auto-pay first, with a slow gateway: the balance follows it and pays the rest; each invoice once', async () => {
    await withAutoPay();
    const ids = [await addInvoice('100.00'), await addInvoice('200.00'), await addInvoice('300.00')];
    const slow = slowGateway(800);
    const auto = autoPayInvoice(systemContext('test'), ids[2], slow.gateway);
    await sleep(100);
    const [autoResult, balance] = await Promise.all([auto, payBalance(couple.advisorCtx, balanceInput(), { gateway: slow.gateway })]);
    expect(autoResult).toBe('paid');
    expect(balance.advisor).toMatchObject({ outstanding_balance: '0.00' });
    expect(await openInvoices()).toEqual([]);
    expect(await charged()).toEqual(['10.00', '300.00', '300.00']);
    expect(slow.calls.map((c) => c.amountCents).sort()).toEqual([30000, 30000]);
    const counts = await chargesPerInvoice();
    for (const id of ids) expect(counts[id]).toBe(1);
  });

  it('a refused auto-pay tells the advisor once: its mail, and a notice in the bell that is not mailed again', async () => {
    await withAutoPay();
    const id = await addInvoice('75.00');
    const refusing = gatewayWith(async (request) => ({
      chargeId: null,
      status: 'failed',
      amountCents: request.amountCents,
      amountRefundedCents: 0,
      reference: request.reference ?? null,
      method: null,
      failure: { code: 'card_declined', message: 'The card was declined.' },
    }));
    expect(await autoPayInvoice(systemContext('test'), id, refusing)).toBe('failed');
    const mails = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.subject, 'Auto-pay could not pay an invoice'));
    expect(mails.map((m) => m.to)).toEqual([couple.advisor.user.email]);
    const notices = await db.select().from(t.notifications).where(eq(t.notifications.kind, 'autopay-failed'));
    expect(notices).toEqual([expect.objectContaining({ userId: couple.advisor.user.id, link: '/dashboard', emailSkipped: 'mailed-directly' })]);
    const [jobs] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from pgboss.job where name = 'notifications.mail'`));
    expect(jobs.n).toBe(0);
  });

  it('Pay Balance racing auto-pay, the balance first: auto-pay finds the invoice held and leaves it; each invoice once', async () => {
    await withAutoPay();
    const ids = [await addInvoice('100.00'), await addInvoice('200.00'), await addInvoice('300.00')];
    const slow = slowGateway(800);
    const balance = payBalance(couple.advisorCtx, balanceInput(), { gateway: slow.gateway });
    await sleep(150);
    expect(await autoPayInvoice(systemContext('test'), ids[2], slow.gateway)).toBe('skipped');
    await balance;
    expect(slow.calls.map((c) => c.amountCents)).toEqual([60000]);
    expect(await charged()).toEqual(['10.00', '600.00']);
    const counts = await chargesPerInvoice();
    for (const id of ids) expect(counts[id]).toBe(1);
  });

  it('five balance payments at once (tabs, retries) charge once', async () => {
    await addInvoice('75.00');
    const slow = slowGateway(300);
    const answers = await Promise.allSettled(Array.from({ length: 5 }, () => payBalance(couple.advisorCtx, balanceInput(), { gateway: slow.gateway })));
    expect(slow.calls).toHaveLength(1);
    expect(await charged()).toEqual(['75.00']);
    expect(answers.filter((a) => a.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
  });

  it('duplicate balance payments with auto-pay say auto-pay is on only when it is: one method stored', async () => {
    await addInvoice('75.00');
    const slow = slowGateway(300);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => payBalance(couple.advisorCtx, balanceInput(approveCard, true), { gateway: slow.gateway }).catch((e: Error) => e)),
    );
    for (const answer of answers) {
      if (answer instanceof Error) continue;
      expect(answer.message).toBe(answer.advisor.is_auto_pay ? BALANCE_PAID_AUTOPAY_MESSAGE : BALANCE_PAID_MESSAGE);
    }
    expect(await db.select().from(t.paymentMethods).where(eq(t.paymentMethods.advisorId, couple.advisor.advisor.id))).toHaveLength(1);
    expect(slow.calls).toHaveLength(1);
  });
});

describe('a trust fee is charged at most once', () => {
  it('a crash between the charge and the commit: the retry records the first charge and submits, charging nothing more', async () => {
    const crash = crashingAfterCharge();
    void payTrustFee(couple.clientCtx, feeInput(), { gateway: crash.gateway });
    await crash.charged;
    const result = await payTrustFee(couple.clientCtx, feeInput(), { gateway: sandbox });
    expect(result.estate_plan.status).toBe('sent');
    expect(await charged()).toEqual(['995.00']);
    expect(await db.select({ amount: t.payments.amount, status: t.payments.status }).from(t.payments)).toEqual([{ amount: '995.00', status: 'succeeded' }]);
  });

  it('the client and the spouse paying at once (a slow gateway): one charge, both told it is paid', async () => {
    const slow = slowGateway(600);
    const spouseInput = payTrustFeeSchema.parse({ client_hash: couple.owner2!.hash, acknowledgements: acks(), method: approveCard });
    const [a, b] = await Promise.all([
      payTrustFee(couple.clientCtx, feeInput(), { gateway: slow.gateway }),
      payTrustFee(couple.spouseCtx!, spouseInput, { gateway: slow.gateway }),
    ]);
    expect(slow.calls).toHaveLength(1);
    expect(await charged()).toEqual(['995.00']);
    expect([a.estate_plan.status, b.estate_plan.status]).toEqual(['sent', 'sent']);
  });

  it('an attorney cannot acknowledge a payment made elsewhere while a card payment of the fee is in flight', async () => {
    const crash = crashingAfterCharge();
    void payTrustFee(couple.clientCtx, feeInput(), { gateway: crash.gateway });
    await crash.charged;
    const attorney = (await makeUser({ isLegal: true })).user;
    const error = await caught(acknowledgePayment(ctxOf(await actorOf(attorney)), plan.hash));
    expect(error).toMatchObject({ status: 409, message: PAYMENT_BEING_PROCESSED_MESSAGE });
  });
});

describe('declined payments are limited', () => {
  it(`after ${DECLINE_LIMIT} declines in an hour the payer is refused (429) before the gateway is asked`, async () => {
    const slow = slowGateway(0);
    for (let i = 0; i < DECLINE_LIMIT; i++) {
      expect(await caught(payTrustFee(couple.clientCtx, feeInput(declineCard), { gateway: slow.gateway }))).toMatchObject({ status: 402 });
    }
    const error = await caught(payTrustFee(couple.clientCtx, feeInput(approveCard), { gateway: slow.gateway }));
    expect(error).toMatchObject({ status: 429, message: DECLINE_LIMIT_MESSAGE });
    expect(slow.calls).toHaveLength(DECLINE_LIMIT);
    // The spouse pays for the same household: limited too.
    const spouseInput = payTrustFeeSchema.parse({ client_hash: couple.owner2!.hash, acknowledgements: acks(), method: approveCard });
    expect(await caught(payTrustFee(couple.spouseCtx!, spouseInput, { gateway: slow.gateway }))).toMatchObject({ status: 429 });
    expect(slow.calls).toHaveLength(DECLINE_LIMIT);
  });

  it('an hour later the payer may try again; approved payments never count', async () => {
    for (let i = 0; i < DECLINE_LIMIT; i++) await caught(payTrustFee(couple.clientCtx, feeInput(declineCard), { gateway: sandbox }));
    await db.update(t.paymentAttempts).set({ createdAt: sql`now() - interval '61 minutes'` });
    const paid = await payTrustFee(couple.clientCtx, feeInput(approveCard), { gateway: sandbox });
    expect(paid.payment.status).toBe('succeeded');
  });

  it('forty parallel declined cards from one address, each for another account, reach the gateway at most five times', async () => {
    const slow = slowGateway(200);
    const payer = { userId: null, ip: '198.51.100.7', account: null };
    const answers = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        chargeWithBooks(
          systemContext('test'),
          { purpose: 'trust_fee', subject: subjectKey({ plan: 1000 + i }) },
          '995.00',
          { type: 'card', number: '4000000000000002', expMonth: 12, expYear: 2039, cvv: '123' },
          { gateway: slow.gateway, payer: { ...payer, account: `client:${i}` } },
        ),
      ),
    );
    expect(slow.calls.length).toBeLessThanOrEqual(DECLINE_LIMIT);
    const refused = answers.filter((a) => a.status === 'rejected').map((a) => (a as PromiseRejectedResult).reason);
    expect(refused.length).toBeGreaterThanOrEqual(40 - DECLINE_LIMIT);
    for (const reason of refused) expect(reason).toMatchObject({ status: 429, message: DECLINE_LIMIT_MESSAGE });
    expect(await db.select().from(t.paymentAttempts).where(eq(t.paymentAttempts.payerIp, payer.ip))).toHaveLength(slow.calls.length);
  });
});

describe('money settings belong to their owner', () => {
  it('an admin acting as the advisor cannot turn auto-pay off', async () => {
    await withAutoPay();
    const admin = (await makeUser({ isAdmin: true })).user;
    const acting = ctxOf(await actorOf(couple.advisor.user, admin));
    expect(await caught(disableAutoPay(acting, { advisor_id: couple.advisor.advisor.hash }))).toMatchObject({
      status: 403,
      message: IMPERSONATING_SETTINGS_MESSAGE,
    });
    const [advisor] = await db
      .select()
      .from(t.advisors)
      .where(and(eq(t.advisors.id, couple.advisor.advisor.id)));
    expect(advisor.isAutoPay).toBe(true);
  });
});

import { and, eq } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { chargeDueAnnualCharges } from '@/lib/billing/annual-charge';
import { runAutoPay } from '@/lib/billing/auto-pay';
import { settleOpenPayments } from '@/lib/billing/settle-payments';
import { getAmountDue } from '@/lib/billing/trust-fee';
import { acknowledgePayment, ALREADY_PAID_MESSAGE } from '@/lib/checkout/acknowledge-payment';
import { disableAutoPay, payBalance, removeStoredPaymentMethod } from '@/lib/checkout/pay-balance';
import { payTrustFee } from '@/lib/checkout/pay-trust-fee';
import { IMPERSONATING_METHOD_MESSAGE } from '@/lib/billing/stored-methods';
import { FEE_DUE_MESSAGE, submitTrust } from '@/lib/intake/submit-trust';
import { systemContext } from '@/lib/kernel/system-context';
import { PaymentGatewayError } from '@/lib/payments/errors';
import { LawPayGateway } from '@/lib/payments/lawpay-gateway';
import type { PaymentGateway } from '@/lib/payments/types';
import { SandboxGateway } from '@/lib/payments/sandbox-gateway';
import { oneYearFrom } from '@/lib/format/card';
import { ANNUAL_CONSENT_MESSAGE, payBalanceSchema, payTrustFeeSchema } from '@/lib/validation/payments';
import { resetDatabase } from '../helpers/db';
import { approveCard, caught, declineCard } from '../helpers/payment-fixtures';
import { FAKE_ACH_ACCOUNT, FAKE_CARD_ACCOUNT, FAKE_PUBLIC_KEY, FAKE_SECRET_KEY, FakeLawPay } from '../helpers/fake-lawpay';
import { actorOf, ctxOf } from '../helpers/context';
import { makeUser } from '../helpers/factories';
import { answerRequiredQuestions, makeCouple, payFeeFor, type Couple } from './helpers/intake';

const gateway = new SandboxGateway();
const bank = { charge_type: 'bank', name: 'Pat Payer', routing_number: '000000013', account_number: '123456789012', account_type: 'checking' };

let couple: Couple;
let plan: t.EstatePlan;

beforeEach(async () => {
  await resetDatabase();
  couple = await makeCouple();
  [plan] = await db.insert(t.estatePlans).values({ clientId: couple.owner1.id }).returning();
  await answerRequiredQuestions([couple.owner1.id, couple.owner2!.id]);
});

const acks = (c: Couple) => [c.owner1, c.owner2!].map((o) => ({ client_hash: o.hash, statements: [1, 2, 3] }));
const payInput = (method: object, extra: object = {}) =>
  payTrustFeeSchema.parse({ client_hash: couple.owner1.hash, acknowledgements: acks(couple), method, ...extra });
const planRow = async () => (await db.select().from(t.estatePlans).where(eq(t.estatePlans.id, plan.id)))[0];

describe("the client's trust fee", () => {
  it('GET amountDue: the discounted price for a client linked to an advisor, the annual charge one year from today', async () => {
    const due = await getAmountDue(couple.clientCtx, plan.hash);
    expect(due).toMatchObject({
      amountFull: '1495.00',
      amountWaived: '500.00',
      amountDue: '995.00',
      amountRecurring: '95.00',
      setupCharge: false,
      waived: false,
    });
  });

  it('a submission without paying is refused while a fee is due (402), nothing written', async () => {
    const error = await caught(submitTrust(couple.clientCtx, { client_hash: couple.owner1.hash, acknowledgements: acks(couple) as never }));
    expect(error).toMatchObject({ status: 402, message: FEE_DUE_MESSAGE });
    expect((await planRow()).submittedAt).toBeNull();
  });

  it('the approve card pays and submits: payment row, Paid in Full then Sent for Review, receipt, audit', async () => {
    const result = await payTrustFee(couple.clientCtx, payInput(approveCard), { gateway });
    expect(result.message).toMatch(/^Payment Successful!/);
    expect(result.estate_plan).toMatchObject({ status: 'sent', status_full: 'Sent for Review' });
    const stored = await planRow();
    expect(stored.submittedAt).toBeInstanceOf(Date);
    const history = await db
      .select()
      .from(t.estatePlanStatusChanges)
      .where(eq(t.estatePlanStatusChanges.estatePlanId, plan.id))
      .orderBy(t.estatePlanStatusChanges.id);
    expect(history.map((h) => h.toStatus)).toEqual(['unpaid', 'paid', 'sent']);
    const pays = await db.select().from(t.payments);
    expect(pays).toEqual([
      expect.objectContaining({ amount: '995.00', status: 'succeeded', chargeType: 'trust_fee', last4: '4242', brand: 'Visa', estatePlanId: plan.id }),
    ]);
    const mails = await db.select().from(t.mailOutbox);
    expect(mails.some((m) => m.subject.includes('receipt') && m.text.includes('$995.00'))).toBe(true);
    const audits = await db.select({ action: t.auditLog.action }).from(t.auditLog);
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['payment.succeeded', 'plan.submit']));
    expect((await getAmountDue(couple.clientCtx, plan.hash)).amountDue).toBe('0.00');
  });

  it('the decline card says why, submits nothing, and leaves the plan Ready for Payment', async () => {
    const error = await caught(payTrustFee(couple.clientCtx, payInput(declineCard), { gateway }));
    expect(error.status).toBe(402);
    expect(error.message).toMatch(/declined/i);
    const stored = await planRow();
    expect(stored).toMatchObject({ status: 'unpaid', submittedAt: null });
    expect(await db.select().from(t.payments)).toEqual([]);
    const audits = await db.select({ action: t.auditLog.action }).from(t.auditLog);
    expect(audits.map((a) => a.action)).toContain('payment.refused');
    // Paying again with the approve card is a new attempt and succeeds.
    await payTrustFee(couple.clientCtx, payInput(approveCard), { gateway });
    expect((await planRow()).status).toBe('sent');
  });

  it('10 parallel payments charge once', async () => {
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => payTrustFee(couple.clientCtx, payInput(approveCard), { gateway })));
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(t.sandboxCharges)).toHaveLength(1);
    expect(await db.select().from(t.payments)).toHaveLength(1);
    expect((await planRow()).status).toBe('sent');
  }, 60_000);

  it('a fee already paid (an earlier call recorded it, its submission did not follow): no new charge, only the submission', async () => {
    await payFeeFor(plan.id);
    const result = await payTrustFee(couple.clientCtx, payInput(approveCard), { gateway });
    expect(result.estate_plan.status).toBe('sent');
    expect(await db.select().from(t.sandboxCharges)).toEqual([]);
    // And a late double click after the submission answers the submitted trust, charging nothing.
    await expect(payTrustFee(couple.clientCtx, payInput(approveCard), { gateway })).rejects.toMatchObject({ status: 409 });
    expect(await db.select().from(t.sandboxCharges)).toEqual([]);
  });

  it('a waived fee without the consent to the annual charge: refused (422) before anything is charged or kept', async () => {
    await db.update(t.advisors).set({ isWaivingFee: true }).where(eq(t.advisors.id, couple.advisor.advisor.id));
    const error = await caught(payTrustFee(couple.clientCtx, payInput(approveCard), { gateway }));
    expect(error).toMatchObject({ status: 422, message: ANNUAL_CONSENT_MESSAGE, fieldErrors: { save_method: ANNUAL_CONSENT_MESSAGE } });
    expect(await db.select().from(t.sandboxCharges)).toEqual([]);
    expect(await db.select().from(t.paymentMethods)).toEqual([]);
  });

  it('the consent to the annual charge is kept (audit with its terms) and confirmed by mail with how to cancel', async () => {
    await db.update(t.advisors).set({ isWaivingFee: true }).where(eq(t.advisors.id, couple.advisor.advisor.id));
    await payTrustFee(couple.clientCtx, payInput(approveCard, { save_method: true }), { gateway });
    const [consent] = await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'annual_charge.consent'));
    expect(consent.meta).toMatchObject({ amount: '95.00', method: 'Visa ending in 4242' });
    const [mail] = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.subject, 'Your annual charge for amendments and revisions'));
    expect(mail.to).toBe(couple.clientCtx.actor.email);
    expect(mail.text).toContain('$95.00');
    expect(mail.text).toContain('open Settings and choose Payments');
  });

  it('a waived fee: $0.01 verifies the method and is voided, the method is kept for the annual charge, the advisor is invoiced', async () => {
    await db.update(t.advisors).set({ isWaivingFee: true }).where(eq(t.advisors.id, couple.advisor.advisor.id));
    expect(await getAmountDue(couple.clientCtx, plan.hash)).toMatchObject({ amountDue: '0.00', setupCharge: true, waived: true });
    const result = await payTrustFee(couple.clientCtx, payInput(approveCard, { save_method: true }), { gateway });
    expect(result.payment.status).toBe('verified');
    const charges = await db.select().from(t.sandboxCharges);
    expect(charges).toEqual([expect.objectContaining({ amount: '0.01', status: 'voided' })]);
    const [method] = await db.select().from(t.paymentMethods);
    expect(method).toMatchObject({ clientId: couple.owner1.id, last4: '4242', kind: 'card' });
    const [recurring] = await db.select().from(t.recurringCharges);
    expect(recurring).toMatchObject({ estatePlanId: plan.id, amount: '95.00', paymentMethodId: method.id });
    expect(recurring.nextChargeOn.toISOString().slice(0, 10)).toBe(oneYearFrom(new Date()).toISOString().slice(0, 10));
    const invoices = await db.select().from(t.invoices);
    expect(invoices).toEqual([expect.objectContaining({ advisorId: couple.advisor.advisor.id, estatePlanId: plan.id, amount: '995.00', status: 'open' })]);
    expect((await planRow()).status).toBe('sent');
  });

  it('the annual charge runs once per period and moves a year on', async () => {
    await db.update(t.advisors).set({ isWaivingFee: true }).where(eq(t.advisors.id, couple.advisor.advisor.id));
    await payTrustFee(couple.clientCtx, payInput(approveCard, { save_method: true }), { gateway });
    const [recurring] = await db.select().from(t.recurringCharges);
    const later = new Date(recurring.nextChargeOn.getTime() + 60_000);
    const ctx = systemContext('test', later);
    expect(await chargeDueAnnualCharges(ctx, gateway)).toMatchObject({ charged: 1 });
    expect(await chargeDueAnnualCharges(ctx, gateway)).toMatchObject({ charged: 0 });
    const annual = await db.select().from(t.payments).where(eq(t.payments.chargeType, 'annual_charge'));
    expect(annual).toEqual([expect.objectContaining({ amount: '95.00', status: 'succeeded' })]);
    const [moved] = await db.select().from(t.recurringCharges);
    expect(moved.nextChargeOn.toISOString().slice(0, 10)).toBe(oneYearFrom(recurring.nextChargeOn).toISOString().slice(0, 10));
  });

  it('an attorney acknowledges a payment made outside the app; the client then submits without paying', async () => {
    const legal = ctxOf(await actorOf((await makeUser({ isLegal: true })).user));
    const result = await acknowledgePayment(legal, plan.hash);
    expect(result).toMatchObject({ message: 'Payment Acknowledged', estate_plan: { status: 'paid' } });
    expect((await caught(acknowledgePayment(legal, plan.hash))).message).toBe(ALREADY_PAID_MESSAGE);
    const view = await submitTrust(couple.clientCtx, { client_hash: couple.owner1.hash, acknowledgements: acks(couple) as never });
    expect(view.latestPlan?.status).toBe('sent');
  });

  it('nothing while impersonating can keep a method', async () => {
    const admin = (await makeUser({ isAdmin: true })).user;
    const acting = ctxOf(await actorOf(couple.household.user, admin));
    const error = await caught(payTrustFee(acting, payInput(approveCard, { save_method: true }), { gateway }));
    expect(error).toMatchObject({ status: 403, message: IMPERSONATING_METHOD_MESSAGE });
    expect(await db.select().from(t.sandboxCharges)).toEqual([]);
  });
});

describe("the advisor's balance", () => {
  const addInvoices = async (amounts: string[]) => {
    for (const amount of amounts) await db.insert(t.invoices).values({ advisorId: couple.advisor.advisor.id, description: `Invoice ${amount}`, amount });
  };

  it('pays every open invoice by bank with auto-pay (sum with big.js), lifts the lock, then disables auto-pay and removes the method', async () => {
    await addInvoices(['0.10', '0.20', '1244.20']);
    const input = payBalanceSchema.parse({ advisor_id: couple.advisor.advisor.hash, enable_auto_pay: true, method: bank });
    const paid = await payBalance(couple.advisorCtx, input, { gateway });
    expect(paid.message).toBe('Payment Successful! Your balance is paid in full and auto-pay enabled');
    expect(paid.advisor).toMatchObject({ outstanding_balance: '0.00', invoices_count: 0, is_auto_pay: true, vault_id: true });
    const [charge] = await db.select().from(t.sandboxCharges);
    expect(charge).toMatchObject({ amount: '1244.50', account: 'ach', status: 'pending' });
    const [payment] = await db.select().from(t.payments);
    expect(payment).toMatchObject({ status: 'pending', chargeType: 'advisor_balance', methodKind: 'bank', last4: '9012' });

    // The polling job settles the eCheck.
    expect(await settleOpenPayments(systemContext('test'), gateway)).toMatchObject({ settled: 1 });
    expect((await db.select().from(t.payments))[0].status).toBe('succeeded');

    const disabled = await disableAutoPay(couple.advisorCtx, { advisor_id: couple.advisor.advisor.hash });
    expect(disabled.advisor).toMatchObject({ is_auto_pay: false, vault_id: true });
    const removed = await removeStoredPaymentMethod(couple.advisorCtx, { advisor_id: couple.advisor.advisor.hash }, { gateway });
    expect(removed).toMatchObject({ message: 'Your stored payment method has been removed', advisor: { is_auto_pay: false, vault_id: false } });
    const actions = (await db.select({ action: t.auditLog.action }).from(t.auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['payment.pending', 'payment_method.add', 'autopay.enable', 'autopay.disable', 'payment_method.remove']));
  });

  it('auto-pay charges a new invoice with the stored method, once', async () => {
    await addInvoices(['100.00']);
    await payBalance(couple.advisorCtx, payBalanceSchema.parse({ advisor_id: couple.advisor.advisor.hash, enable_auto_pay: true, method: approveCard }), {
      gateway,
    });
    await addInvoices(['995.00']);
    const ctx = systemContext('test');
    expect(await runAutoPay(ctx)).toMatchObject({ paid: 1 });
    expect(await runAutoPay(ctx)).toMatchObject({ paid: 0 });
    const open = await db
      .select()
      .from(t.invoices)
      .where(and(eq(t.invoices.advisorId, couple.advisor.advisor.id), eq(t.invoices.status, 'open')));
    expect(open).toEqual([]);
    expect(await db.select().from(t.payments).where(eq(t.payments.chargeType, 'auto_pay'))).toEqual([expect.objectContaining({ amount: '995.00' })]);
  });

  it('the money taken but the method refused by the gateway: the balance is still recorded paid, auto-pay stays off, the refusal audited', async () => {
    await addInvoices(['100.00']);
    const refusingStore: PaymentGateway = {
      name: gateway.name,
      label: gateway.label,
      form: gateway.form,
      charge: (request) => gateway.charge(request),
      chargeStoredMethod: (request) => gateway.chargeStoredMethod(request),
      storeMethod: async () => {
        throw new PaymentGatewayError('card_declined', { httpStatus: 402 });
      },
      removeStoredMethod: (stored) => gateway.removeStoredMethod(stored),
      refund: (id, cents) => gateway.refund(id, cents),
      void: (id) => gateway.void(id),
      getCharge: (id) => gateway.getCharge(id),
      findChargeByReference: (reference) => gateway.findChargeByReference(reference),
    };
    const input = payBalanceSchema.parse({ advisor_id: couple.advisor.advisor.hash, enable_auto_pay: true, method: approveCard });
    const paid = await payBalance(couple.advisorCtx, input, { gateway: refusingStore });
    expect(paid.advisor).toMatchObject({ outstanding_balance: '0.00', is_auto_pay: false, vault_id: false });
    expect(await db.select().from(t.payments)).toEqual([expect.objectContaining({ amount: '100.00', chargeType: 'advisor_balance' })]);
    const actions = (await db.select({ action: t.auditLog.action }).from(t.auditLog)).map((a) => a.action);
    expect(actions).toContain('payment_method.store_failed');
  });

  it('a decline leaves the invoices open and says why; removing a method while impersonating is refused', async () => {
    await addInvoices(['50.00']);
    const error = await caught(
      payBalance(couple.advisorCtx, payBalanceSchema.parse({ advisor_id: couple.advisor.advisor.hash, method: declineCard }), { gateway }),
    );
    expect(error.status).toBe(402);
    expect(await db.select().from(t.invoices).where(eq(t.invoices.status, 'open'))).toHaveLength(1);
    const admin = (await makeUser({ isAdmin: true })).user;
    const acting = ctxOf(await actorOf(couple.advisor.user, admin));
    expect(await caught(removeStoredPaymentMethod(acting, { advisor_id: couple.advisor.advisor.hash }, { gateway }))).toMatchObject({ status: 403 });
  });
});

/*
 * LawPay's hosted fields hand the app a one-time token instead of the numbers (tests/helpers/fake-lawpay.ts
 * makes them as the frames would). A token is good for one use: to keep the method (the annual charge,
 * auto-pay) it is stored first and the stored card or bank is charged.
 */
describe('through LawPay with a one-time token from the hosted fields', () => {
  const fake = new FakeLawPay();
  let lawpay: LawPayGateway;
  beforeAll(async () => {
    await fake.start();
    lawpay = new LawPayGateway({
      publicKey: FAKE_PUBLIC_KEY,
      secretKey: FAKE_SECRET_KEY,
      cardAccountId: FAKE_CARD_ACCOUNT,
      achAccountId: FAKE_ACH_ACCOUNT,
      apiUrl: fake.url,
    });
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  const holder = { charge_type: 'card', name: 'Pat Payer', expiry: '12/39', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' };
  const cardToken = (number: string) => fake.oneTimeToken({ type: 'card', number, exp_month: 12, exp_year: 2039, cvv: '123', name: 'Pat Payer' });
  const bodiesOf = (method: string, path: string) =>
    fake.requests.filter((r) => r.method === method && r.path === path).map((r) => r.body as Record<string, unknown>);

  it('the trust fee with "save this method": the token is stored first, the stored card charged once and kept for the annual charge', async () => {
    const token = cardToken('4242424242424242');
    const paid = await payTrustFee(couple.clientCtx, payInput({ ...holder, token }, { save_method: true }), { gateway: lawpay });
    expect(paid.payment).toMatchObject({ status: 'succeeded', method: 'Visa ending in 4242' });
    const [saved] = bodiesOf('POST', '/v1/cards');
    expect(saved).toMatchObject({ token_id: token });
    const [method] = await db.select().from(t.paymentMethods);
    expect(method).toMatchObject({ gateway: 'lawpay', kind: 'card', last4: '4242', clientId: couple.owner1.id });
    expect(method.token).not.toBe(token);
    expect(bodiesOf('POST', '/v1/charges')).toEqual([expect.objectContaining({ amount: 99500, method: method.token, account_id: FAKE_CARD_ACCOUNT })]);
    expect(await db.select().from(t.recurringCharges)).toEqual([expect.objectContaining({ paymentMethodId: method.id, amount: '95.00' })]);
    expect(fake.tokens()).toEqual([expect.objectContaining({ id: token, used: true })]);
    expect(fake.violations).toEqual([]);
  });

  it('without saving, the token itself is charged; nothing is stored', async () => {
    const token = cardToken('4242424242424242');
    await payTrustFee(couple.clientCtx, payInput({ ...holder, token }), { gateway: lawpay });
    expect(bodiesOf('POST', '/v1/charges')).toEqual([expect.objectContaining({ method: token })]);
    expect(bodiesOf('POST', '/v1/cards')).toEqual([]);
    expect(await db.select().from(t.paymentMethods)).toEqual([]);
  });

  it('a declined card stored first is removed again at the gateway and kept nowhere; the plan stays unpaid', async () => {
    const token = cardToken('4000000000000002');
    const refused = await caught(payTrustFee(couple.clientCtx, payInput({ ...holder, token }, { save_method: true }), { gateway: lawpay }));
    expect(refused).toMatchObject({ code: 'PAYMENT_FAILED' });
    expect(refused.message).toMatch(/declined/i);
    expect(fake.count('DELETE', /^\/v1\/cards\//)).toBe(1);
    expect(await db.select().from(t.paymentMethods)).toEqual([]);
    expect((await planRow()).status).not.toBe('sent');
  });

  it('a charge left unclear after storing first (a 502, nothing found by reference) removes what it stored; nothing is kept', async () => {
    fake.nextCharge = { status: 502, charged: false };
    const token = cardToken('4242424242424242');
    const unclear = await caught(payTrustFee(couple.clientCtx, payInput({ ...holder, token }, { save_method: true }), { gateway: lawpay }));
    expect(unclear).toMatchObject({ code: 'CONFLICT' });
    expect(fake.count('DELETE', /^\/v1\/cards\//)).toBe(1);
    expect(await db.select().from(t.paymentMethods)).toEqual([]);
    const actions = (await db.select({ action: t.auditLog.action }).from(t.auditLog)).map((a) => a.action);
    expect(actions).toContain('payment_method.discarded');
  });

  it('the sandbox takes no token (it has none to give; its stored ids are not a payer’s to name)', async () => {
    const refused = await caught(payTrustFee(couple.clientCtx, payInput({ ...holder, token: 'sbx_pm_someone_elses' }), { gateway }));
    expect(refused).toMatchObject({ code: 'VALIDATION', message: 'Payment tokens are not accepted here: please enter the payment details.' });
    expect(await db.select().from(t.sandboxCharges)).toEqual([]);
    expect((await planRow()).status).not.toBe('sent');
  });

  it("an advisor's balance by bank with auto-pay: the bank is stored from the token and charged once", async () => {
    await db.insert(t.invoices).values({ advisorId: couple.advisor.advisor.id, description: 'Invoice', amount: '1244.50' });
    const token = fake.oneTimeToken({ type: 'bank', routing_number: '021000021', account_number: '123456789012', account_type: 'CHECKING', name: 'Pat Payer' });
    const input = payBalanceSchema.parse({
      advisor_id: couple.advisor.advisor.hash,
      enable_auto_pay: true,
      method: { charge_type: 'bank', name: 'Pat Payer', account_type: 'checking', token },
    });
    const paid = await payBalance(couple.advisorCtx, input, { gateway: lawpay });
    expect(paid.advisor).toMatchObject({ outstanding_balance: '0.00', is_auto_pay: true, vault_id: true });
    const [method] = await db.select().from(t.paymentMethods);
    expect(method).toMatchObject({ kind: 'bank', last4: '9012', advisorId: couple.advisor.advisor.id });
    expect(bodiesOf('POST', '/v1/banks')).toEqual([expect.objectContaining({ token_id: token })]);
    expect(bodiesOf('POST', '/v1/charges')).toEqual([expect.objectContaining({ amount: 124450, method: method.token, account_id: FAKE_ACH_ACCOUNT })]);
    expect(fake.violations).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import type { World } from '../../../helpers/world';
import { acknowledgements, advisorHash, advisorTeam, answered, every, intakeWrite, legalOnly, owner1, type Entry, type Expectation, type Prepared } from '.';

// ---- Payments (issue 22): the Payment Due modal, the acknowledgement, the advisor's balance and method ------

const approveCard = {
  charge_type: 'card',
  name: 'Matrix Payer',
  card_number: '4242424242424242',
  expiry: '12/39',
  cvv: '123',
  street: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};
const legacyCard = {
  charge_type: 'card',
  name: 'Matrix Payer',
  card_number: '4242424242424242',
  exp_month: '12',
  exp_year: '2039',
  cvv: '123',
  street: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
};
/** Paying: the household and its advisory team (an admin acting as the advisor too: it keeps no method); attorneys 403. */
const payExpect: Expectation = { ...intakeWrite, legal: 403 };
/** An open invoice for the world's advisor, so there is a balance to pay. */
const withInvoice = async (w: World): Promise<Prepared> => {
  await db.insert(t.invoices).values({ advisorId: w.advisor.advisor.id, description: 'Matrix invoice', amount: '995.00' });
  return {};
};
/** A stored method for the world's advisor (the sandbox's, so its removal there works too). */
const withStoredMethod = async (w: World): Promise<Prepared> => {
  await db.insert(t.sandboxPaymentMethods).values({ id: 'sbx_pm_matrix', kind: 'card', brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2039 });
  await db
    .insert(t.paymentMethods)
    .values({ advisorId: w.advisor.advisor.id, gateway: 'sandbox', token: 'sbx_pm_matrix', kind: 'card', brand: 'Visa', last4: '4242' });
  await db.update(t.advisors).set({ isAutoPay: true }).where(eq(t.advisors.id, w.advisor.advisor.id));
  return {};
};
/** The household's annual charge (a client's saved card, the plan's recurring charge). */
const withAnnualCharge = async (w: World): Promise<Prepared> => {
  const [method] = await db
    .insert(t.paymentMethods)
    .values({ clientId: w.household.client.id, gateway: 'sandbox', token: 'sbx_pm_annual', kind: 'card', brand: 'Visa', last4: '4242' })
    .returning();
  const [charge] = await db
    .insert(t.recurringCharges)
    .values({ estatePlanId: w.plan.id, paymentMethodId: method.id, amount: '95.00', nextChargeOn: new Date(Date.now() + 365 * 86_400_000) })
    .returning();
  return { annualCharge: charge.hash };
};
/** A household's own money setting: its client and spouse; no one else finds it (404); never while impersonating (403). */
const householdOwn: Expectation = { ...every(404), guest: 401, client: 200, spouse: 200, adminImpersonating: 403 };
/** Money settings (removing a method, turning auto-pay off): the advisor's team, never while impersonating (403). */
const methodRemoval: Expectation = { ...advisorTeam, adminImpersonating: 403 };

export const PAYMENTS: Record<string, Entry> = {
  'action lib/actions/payments.ts#amountDueAction': { permission: 'intake.read', args: (w) => ({ input: { plan_hash: w.plan.hash } }), expect: intakeWrite },
  'GET /api/estatePlan/[hash]/amountDue': {
    permission: 'intake.read',
    args: (w) => ({ path: `/api/estatePlan/${w.plan.hash}/amountDue`, params: { hash: w.plan.hash } }),
    expect: intakeWrite,
  },
  'action lib/actions/payments.ts#payTrustFeeAction': {
    permission: 'plan.pay',
    prepare: answered,
    args: (w) => ({ input: { client_hash: owner1(w), acknowledgements: acknowledgements(w), save_method: false, method: approveCard } }),
    expect: payExpect,
  },
  'POST /api/estatePlan/createAndPay': {
    permission: 'plan.pay',
    prepare: answered,
    args: (w) => ({ body: { user_type: 'client', client_id: owner1(w), type: 'trust', processor: 'lawpay', ...legacyCard } }),
    expect: payExpect,
  },
  'action lib/actions/payments.ts#acknowledgePaymentAction': {
    permission: 'plan.payment.acknowledge',
    args: (w) => ({ input: { plan_hash: w.plan.hash } }),
    expect: legalOnly,
  },
  'POST /api/estatePlan/[hash]/acknowledgePayment': {
    permission: 'plan.payment.acknowledge',
    args: (w) => ({ path: `/api/estatePlan/${w.plan.hash}/acknowledgePayment`, params: { hash: w.plan.hash }, body: {} }),
    expect: legalOnly,
  },
  'action lib/actions/payments.ts#payBalanceAction': {
    permission: 'advisor.pay',
    prepare: withInvoice,
    args: (w) => ({ input: { advisor_id: advisorHash(w), enable_auto_pay: false, method: approveCard } }),
    expect: advisorTeam,
  },
  'POST /api/billing/processLawpayPayment': {
    permission: 'advisor.pay',
    prepare: withInvoice,
    args: (w) => ({ body: { user_type: 'advisor', advisor_id: advisorHash(w), is_saving: 0, ...legacyCard } }),
    expect: advisorTeam,
  },
  'action lib/actions/payments.ts#disableAutoPayAction': {
    permission: 'advisor.pay',
    prepare: withStoredMethod,
    args: (w) => ({ input: { advisor_id: advisorHash(w) } }),
    expect: methodRemoval,
  },
  'action lib/actions/payments.ts#removeStoredPaymentMethodAction': {
    permission: 'advisor.pay',
    prepare: withStoredMethod,
    args: (w) => ({ input: { advisor_id: advisorHash(w) } }),
    expect: methodRemoval,
  },
  'action lib/actions/payments.ts#cancelAnnualChargeAction': {
    permission: 'own',
    prepare: withAnnualCharge,
    args: (_w, _r, p) => ({ input: { charge_hash: p.annualCharge } }),
    expect: householdOwn,
  },
  'POST /api/billing/removeStoredPaymentMethod': {
    permission: 'advisor.pay',
    prepare: withStoredMethod,
    args: (w) => ({ body: { advisor_id: advisorHash(w) } }),
    expect: methodRemoval,
  },
};

// ---- Servers that are not browsers: the payment gateway's webhook ----------------------------------------

const WEBHOOK_SECRET = 'matrix-webhook-secret-0123456789abcdef';
const withWebhookSecret = async (): Promise<Prepared> => {
  process.env.LAWPAY_WEBHOOK_SECRET = WEBHOOK_SECRET;
  return {};
};

export const GATEWAY_DOORS: Record<string, Entry> = {
  // The secret in the path is the credential: with it anyone (the gateway holds no session) queues a
  // settlement poll; the session, if any, is not read. Its refusals (404) are in lawpay-webhook.test.ts.
  'POST /api/webhooks/lawpay/[secret]': {
    permission: 'public',
    prepare: withWebhookSecret,
    args: () => ({
      path: `/api/webhooks/lawpay/${WEBHOOK_SECRET}`,
      params: { secret: WEBHOOK_SECRET },
      body: { type: 'transaction.completed', data: { status: 'COMPLETED' } },
    }),
    expect: every(202),
  },
};

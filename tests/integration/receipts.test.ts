import { eq } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { loadDashboard } from '@/lib/advisors/dashboard';
import { DEFAULT_LIST_STATE } from '@/lib/advisors/rules';
import { settleOpenPayments } from '@/lib/billing/settle-payments';
import { getReceipt, ownPayments } from '@/lib/billing/receipts';
import { payBalance } from '@/lib/checkout/pay-balance';
import { payTrustFee } from '@/lib/checkout/pay-trust-fee';
import { formatChargeDate } from '@/lib/format/card';
import { systemContext } from '@/lib/kernel/system-context';
import { SandboxGateway } from '@/lib/payments/sandbox-gateway';
import { payBalanceSchema, payTrustFeeSchema } from '@/lib/validation/payments';
import { actorOf, ctxOf } from '../helpers/context';
import { resetDatabase } from '../helpers/db';
import { makeStaff, makeUser } from '../helpers/factories';
import { approveCard, caught } from '../helpers/payment-fixtures';
import { answerRequiredQuestions, makeCouple, type Couple } from './helpers/intake';

/*
 * Issue 27: paid invoices no longer vanish. Every recorded payment has a receipt, reached within the scope
 * of its household or advisor; an advisor's paid invoices stay in the dashboard's history, each linked to
 * the payment that paid it.
 */

const gateway = new SandboxGateway();
let couple: Couple;

beforeEach(async () => {
  await resetDatabase();
  couple = await makeCouple();
});

async function addInvoice(description: string, amount: string) {
  await db.insert(t.invoices).values({ advisorId: couple.advisor.advisor.id, description, amount });
}
const payAll = (method: object = approveCard) =>
  payBalance(couple.advisorCtx, payBalanceSchema.parse({ advisor_id: couple.advisor.advisor.hash, method }), { gateway });

describe('receipts', () => {
  it("an advisor's balance payment: the receipt lists the invoices it paid, and the dashboard keeps them in its history", async () => {
    await addInvoice('Trust fee for the Chen household', '995.00');
    await addInvoice('Attorney support', '249.50');
    await payAll();
    const [payment] = await db.select().from(t.payments);
    const receipt = await getReceipt(couple.advisorCtx, payment.hash);
    expect(receipt).toMatchObject({
      hash: payment.hash,
      amount: '1244.50',
      status: 'paid',
      method: 'Visa ending in 4242',
      reference: payment.gatewayReference,
      paidOn: formatChargeDate(new Date()),
      lines: [
        { description: 'Trust fee for the Chen household', amount: '995.00' },
        { description: 'Attorney support', amount: '249.50' },
      ],
    });
    expect(receipt.payer).toBe(`${couple.advisor.person.firstName} ${couple.advisor.person.lastName}`);

    const dashboard = await loadDashboard(couple.advisorCtx, { ...DEFAULT_LIST_STATE });
    expect(dashboard.billing?.invoices).toEqual([]);
    expect(dashboard.billing?.paidInvoices.map((i) => [i.description, i.amount, i.receiptHash])).toEqual(
      expect.arrayContaining([
        ['Trust fee for the Chen household', '995.00', payment.hash],
        ['Attorney support', '249.50', payment.hash],
      ]),
    );
  });

  it("the advisor's team reads it; a client, another advisor and another firm do not find it (404)", async () => {
    await addInvoice('Invoice', '100.00');
    await payAll();
    const [payment] = await db.select().from(t.payments);
    const staff = await makeStaff([couple.advisor.advisor.id]);
    await expect(getReceipt(ctxOf(await actorOf(staff.user)), payment.hash)).resolves.toMatchObject({ amount: '100.00' });
    await expect(getReceipt(ctxOf(await actorOf((await makeUser({ isAdmin: true })).user)), payment.hash)).resolves.toMatchObject({ amount: '100.00' });
    const other = await makeCouple();
    expect(await caught(getReceipt(other.advisorCtx, payment.hash))).toMatchObject({ status: 404 });
    expect(await caught(getReceipt(couple.clientCtx, payment.hash))).toMatchObject({ status: 404 });
    expect(await caught(getReceipt(couple.advisorCtx, 'not-a-receipt-hash'))).toMatchObject({ status: 404 });
  });

  it("a household's trust fee: the client and the spouse list it in Settings and read its receipt; the advisor's team too", async () => {
    const [plan] = await db.insert(t.estatePlans).values({ clientId: couple.owner1.id }).returning();
    await answerRequiredQuestions([couple.owner1.id, couple.owner2!.id]);
    const acks = [couple.owner1, couple.owner2!].map((o) => ({ client_hash: o.hash, statements: [1, 2, 3] }));
    await payTrustFee(couple.clientCtx, payTrustFeeSchema.parse({ client_hash: couple.owner1.hash, acknowledgements: acks, method: approveCard }), { gateway });
    const [payment] = await db.select().from(t.payments).where(eq(t.payments.estatePlanId, plan.id));
    const listed = await ownPayments(couple.spouseCtx!.actor);
    expect(listed).toEqual([{ hash: payment.hash, paidOn: formatChargeDate(new Date()), amount: '995.00', description: 'Trust fee', status: 'paid' }]);
    expect(await getReceipt(couple.spouseCtx!, payment.hash)).toMatchObject({ lines: [{ description: 'Trust fee', amount: '995.00' }] });
    await expect(getReceipt(couple.advisorCtx, payment.hash)).resolves.toMatchObject({ amount: '995.00' });
    const other = await makeCouple();
    expect(await caught(getReceipt(other.clientCtx, payment.hash))).toMatchObject({ status: 404 });
    expect(await ownPayments(other.clientCtx.actor)).toEqual([]);
  });

  it('a returned bank payment: its receipt says so, and its invoice is open again without a receipt', async () => {
    await addInvoice('Invoice', '100.00');
    await payAll({ charge_type: 'bank', name: 'Pat Payer', routing_number: '000000013', account_number: '123456789012', account_type: 'checking' });
    const [payment] = await db.select().from(t.payments);
    expect((await getReceipt(couple.advisorCtx, payment.hash)).status).toBe('pending');
    // The bank returns the eCheck (the gateway's books say failed): the settlement job records the return.
    await db.update(t.sandboxCharges).set({ status: 'failed' });
    expect(await settleOpenPayments(systemContext('test'), gateway)).toMatchObject({ returned: 1 });
    expect((await getReceipt(couple.advisorCtx, payment.hash)).status).toBe('returned');
    const [invoice] = await db.select().from(t.invoices);
    expect(invoice).toMatchObject({ status: 'open', paymentId: null });
    expect((await loadDashboard(couple.advisorCtx, { ...DEFAULT_LIST_STATE })).billing?.paidInvoices).toEqual([]);
  });
});

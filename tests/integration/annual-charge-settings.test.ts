import { eq } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { chargeDueAnnualCharges } from '@/lib/billing/annual-charge';
import { ANNUAL_CHARGE_ALREADY_CANCELED_MESSAGE, ANNUAL_CHARGE_CANCELED_MESSAGE, cancelAnnualCharge } from '@/lib/billing/cancel-annual-charge';
import { ownAnnualCharges } from '@/lib/billing/queries';
import { IMPERSONATING_SETTINGS_MESSAGE } from '@/lib/billing/stored-methods';
import { formatChargeDate } from '@/lib/format/card';
import { systemContext } from '@/lib/kernel/system-context';
import { SandboxGateway } from '@/lib/payments/sandbox-gateway';
import { resetDatabase } from '../helpers/db';
import { actorOf, ctxOf } from '../helpers/context';
import { makeUser } from '../helpers/factories';
import { caught } from '../helpers/payment-fixtures';
import { makeCouple, type Couple } from './helpers/intake';

/*
 * Issue 27: the annual charge that Payment Due announces can be canceled where it says, in Settings,
 * Payments: by the household (client or spouse), never by anyone else or while an admin acts as them; once
 * canceled the annual job charges it no more.
 */

let couple: Couple;
let plan: t.EstatePlan;
const nextYear = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 1));

async function annualCharge(planId: number, clientId: number, last4 = '4242') {
  const [method] = await db
    .insert(t.paymentMethods)
    .values({ clientId, gateway: 'sandbox', token: `sbx_pm_${last4}`, kind: 'card', brand: 'Visa', last4 })
    .returning();
  const [charge] = await db
    .insert(t.recurringCharges)
    .values({ estatePlanId: planId, paymentMethodId: method.id, amount: '95.00', nextChargeOn: nextYear })
    .returning();
  return charge;
}

beforeEach(async () => {
  await resetDatabase();
  couple = await makeCouple();
  [plan] = await db.insert(t.estatePlans).values({ clientId: couple.owner1.id }).returning();
});

describe('Settings, Payments', () => {
  it('lists the household’s annual charge (the latest of each plan) to the client and the spouse, and nobody else’s', async () => {
    const replaced = await annualCharge(plan.id, couple.owner1.id, '1111');
    await db.update(t.recurringCharges).set({ canceledAt: new Date() }).where(eq(t.recurringCharges.id, replaced.id));
    const charge = await annualCharge(plan.id, couple.owner1.id, '4242');
    const other = await makeCouple({ spouse: false });
    const [otherPlan] = await db.insert(t.estatePlans).values({ clientId: other.owner1.id }).returning();
    await annualCharge(otherPlan.id, other.owner1.id, '9999');

    const expected = [{ hash: charge.hash, amount: '95.00', nextChargeOn: formatChargeDate(nextYear), canceledOn: null, method: 'Visa ending in 4242' }];
    expect(await ownAnnualCharges(couple.clientCtx.actor)).toEqual(expected);
    expect(await ownAnnualCharges(couple.spouseCtx!.actor)).toEqual(expected);
    expect(await ownAnnualCharges(couple.advisorCtx.actor)).toEqual([]);
  });

  it('the spouse cancels it: kept with its date, audited, confirmed by mail; the annual job charges it no more', async () => {
    const charge = await annualCharge(plan.id, couple.owner1.id);
    const result = await cancelAnnualCharge(couple.spouseCtx!, { charge_hash: charge.hash });
    expect(result.message).toBe(ANNUAL_CHARGE_CANCELED_MESSAGE);
    expect(result.charges).toEqual([expect.objectContaining({ hash: charge.hash, canceledOn: formatChargeDate(new Date()) })]);
    const [audit] = await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'annual_charge.cancel'));
    expect(audit).toMatchObject({ targetType: 'recurring_charge', targetId: charge.id });
    const mails = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.subject, 'Your annual charge is canceled'));
    expect(mails.map((m) => m.to)).toEqual([couple.spouseCtx!.actor.email]);

    const later = new Date(nextYear.getTime() + 86_400_000);
    expect(await chargeDueAnnualCharges(systemContext('test', later), new SandboxGateway())).toEqual({ charged: 0, failed: 0, skipped: 0 });
    expect(await caught(cancelAnnualCharge(couple.clientCtx, { charge_hash: charge.hash }))).toMatchObject({
      status: 409,
      message: ANNUAL_CHARGE_ALREADY_CANCELED_MESSAGE,
    });
  });

  it('another household, the advisor and an admin acting as the client cannot cancel it; nothing changes', async () => {
    const charge = await annualCharge(plan.id, couple.owner1.id);
    const other = await makeCouple({ spouse: false });
    expect(await caught(cancelAnnualCharge(other.clientCtx, { charge_hash: charge.hash }))).toMatchObject({ status: 404 });
    expect(await caught(cancelAnnualCharge(couple.advisorCtx, { charge_hash: charge.hash }))).toMatchObject({ status: 404 });
    const admin = (await makeUser({ isAdmin: true })).user;
    const acting = ctxOf(await actorOf(couple.household.user, admin));
    expect(await caught(cancelAnnualCharge(acting, { charge_hash: charge.hash }))).toMatchObject({ status: 403, message: IMPERSONATING_SETTINGS_MESSAGE });
    const [row] = await db.select().from(t.recurringCharges).where(eq(t.recurringCharges.id, charge.id));
    expect(row.canceledAt).toBeNull();
  });
});

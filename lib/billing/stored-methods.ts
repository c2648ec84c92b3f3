import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { advisors, paymentMethods, recurringCharges, type PaymentMethod } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { AnyContext, PublicContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { PaymentGatewayError } from '@/lib/payments/errors';
import type { MethodInput, PaymentGateway, StoredMethod } from '@/lib/payments/types';

/*
 * Stored payment methods (the gateway's token and the summary: brand or bank name, last four, expiry),
 * for auto-pay and the annual charge. An advisor keeps at most one: storing a new one replaces the old
 * (removed at the gateway too). Nothing done while impersonating adds or removes a method.
 */

export const IMPERSONATING_METHOD_MESSAGE = 'A payment method cannot be added or removed while acting as another user.';

/** Refuses a method change made while an admin acts as someone else (403). */
export function assertNotImpersonating(ctx: PublicContext): void {
  if (ctx.actor?.impersonator) throw new AppError('FORBIDDEN', IMPERSONATING_METHOD_MESSAGE);
}

/** Stores a method at the gateway (outside any transaction); a refusal is a 402 with the gateway's reason. */
export async function storeAtGateway(gateway: PaymentGateway, method: MethodInput): Promise<StoredMethod> {
  try {
    return await gateway.storeMethod(method);
  } catch (error) {
    if (error instanceof PaymentGatewayError) throw new AppError('PAYMENT_FAILED', error.userMessage);
    throw error;
  }
}

/**
 * The method to charge, and the method already stored when it had to be stored first. A one-time token
 * from LawPay's hosted fields is good for one use: a method to keep is stored with it first and the stored
 * method is charged. Raw fields (the sandbox's form, the earlier front end's calls) are charged first and
 * stored after the payment (`keepAfterCharge`), so a refused card is never kept.
 */
export async function methodToCharge(
  gateway: PaymentGateway,
  method: MethodInput,
  keep: boolean,
): Promise<{ charge: MethodInput; storedFirst: StoredMethod | null }> {
  if (!keep || method.type !== 'token') return { charge: method, storedFirst: null };
  const storedFirst = await storeAtGateway(gateway, method);
  return { charge: { type: 'token', kind: storedFirst.method.kind, token: storedFirst.token }, storedFirst };
}

/** Removes a method stored first (methodToCharge) that the payment did not end up keeping. */
export async function discardStoredFirst(gateway: PaymentGateway, stored: StoredMethod | null): Promise<void> {
  if (stored) await gateway.removeStoredMethod({ token: stored.token, kind: stored.method.kind }).catch(() => undefined);
}

/** Writes a stored method's row (and audits it) inside the caller's transaction. */
export async function insertStoredMethod(
  q: Queryable,
  ctx: AnyContext,
  owner: { advisorId: number } | { clientId: number },
  gateway: PaymentGateway,
  stored: StoredMethod,
): Promise<PaymentMethod> {
  const [row] = await q
    .insert(paymentMethods)
    .values({
      advisorId: 'advisorId' in owner ? owner.advisorId : null,
      clientId: 'clientId' in owner ? owner.clientId : null,
      gateway: gateway.name,
      token: stored.token,
      kind: stored.method.kind,
      bankAccountType: stored.method.kind === 'bank' ? (stored.method.bankAccountType ?? 'checking') : null,
      brand: stored.method.brand,
      last4: stored.method.last4 ?? '0000',
      expMonth: stored.method.expMonth,
      expYear: stored.method.expYear,
    })
    .returning();
  await audit(q, ctx, 'payment_method.add', { type: 'payment_method', id: row.id }, { kind: row.kind, brand: row.brand, last4: row.last4 });
  return row;
}

/** The advisor's stored methods, newest first. */
export async function advisorMethods(q: Queryable, advisorId: number): Promise<PaymentMethod[]> {
  return q.select().from(paymentMethods).where(eq(paymentMethods.advisorId, advisorId)).orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id));
}

/** The method auto-pay charges: the advisor's newest, when it belongs to the gateway in use. */
export async function autoPayMethod(advisorId: number, gatewayName: string): Promise<PaymentMethod | null> {
  const [row] = await advisorMethods(db, advisorId);
  return row && row.gateway === gatewayName ? row : null;
}

/**
 * Deletes the given method rows and turns auto-pay off (an advisor without a method cannot auto-pay),
 * audited, in the caller's transaction. The gateway removal happens after the commit (removeAtGateway).
 */
export async function deleteStoredMethods(q: Queryable, ctx: AnyContext, rows: PaymentMethod[], advisorId: number | null): Promise<void> {
  for (const row of rows) {
    await q.delete(paymentMethods).where(eq(paymentMethods.id, row.id));
    await audit(q, ctx, 'payment_method.remove', { type: 'payment_method', id: row.id }, { kind: row.kind, brand: row.brand, last4: row.last4 });
  }
  if (advisorId !== null)
    await q
      .update(advisors)
      .set({ isAutoPay: false, updatedAt: new Date() })
      .where(and(eq(advisors.id, advisorId), eq(advisors.isAutoPay, true)));
}

/** Removes methods at the gateway; one already gone there is fine, and a failure leaves only an unused token behind. */
export async function removeAtGateway(gateway: PaymentGateway, rows: PaymentMethod[]): Promise<void> {
  for (const row of rows) {
    if (row.gateway !== gateway.name) continue;
    await gateway.removeStoredMethod({ token: row.token, kind: row.kind }).catch(() => undefined);
  }
}

/** Schedules the annual charge of a plan with a stored method, starting `startsOn` (once per plan: an earlier one is canceled). */
export async function scheduleAnnualCharge(q: Queryable, planId: number, methodId: number, amount: string, startsOn: Date): Promise<void> {
  await q
    .update(recurringCharges)
    .set({ canceledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(recurringCharges.estatePlanId, planId), isNull(recurringCharges.canceledAt)));
  await q.insert(recurringCharges).values({ estatePlanId: planId, paymentMethodId: methodId, amount, nextChargeOn: startsOn });
}

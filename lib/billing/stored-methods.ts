import 'server-only';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { advisors, paymentMethods, recurringCharges, type PaymentMethod } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { AnyContext, PublicContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { PaymentGatewayError } from '@/lib/payments/errors';
import type { AttemptOutcome } from '@/lib/payments/attempts';
import type { MethodInput, PaymentGateway, StoredMethod } from '@/lib/payments/types';

/*
 * Stored payment methods (the gateway's token and the summary: brand or bank name, last four, expiry),
 * for auto-pay and the annual charge. An advisor keeps at most one: storing a new one replaces the old
 * (removed at the gateway too). Nothing done while impersonating adds or removes a method.
 */

export const IMPERSONATING_METHOD_MESSAGE = 'A payment method cannot be added or removed while acting as another user.';
export const IMPERSONATING_SETTINGS_MESSAGE = 'Payment settings cannot be changed while acting as another user.';

/** Refuses a method or money-setting change made while an admin acts as someone else (403). */
export function assertNotImpersonating(ctx: PublicContext, message = IMPERSONATING_METHOD_MESSAGE): void {
  if (ctx.actor?.impersonator) throw new AppError('FORBIDDEN', message);
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

export const TOKEN_NOT_ACCEPTED_MESSAGE = 'Payment tokens are not accepted here: please enter the payment details.';

/**
 * Charges a method once (`charge` makes the payment attempt) and, when `keep` is asked, stores it at the
 * gateway for later charges; returns the outcome and the stored method (the caller writes its row in the
 * transaction that records the payment). The one place the order is decided:
 * - A one-time token (LawPay's hosted fields) is good for one use, so a method to keep is stored with it
 *   first and the stored card or bank is charged. Unless this call's own charge went through (refused,
 *   unclear, a duplicate of another call's attempt, or an error), what it stored is removed again.
 * - Raw fields (the sandbox's form, the spec's calls) are charged first and stored after, so a refused card
 *   is never kept. The money being taken, a store the gateway refuses is audited, not thrown.
 * - A token is accepted only from the hosted fields' gateway: the sandbox has none to give, and taking its
 *   stored ids here would let a payer name someone else's method.
 */
export async function chargeKeepingMethod(
  ctx: AnyContext,
  gateway: PaymentGateway,
  method: MethodInput,
  options: { keep: boolean; auditTarget: { type: string; id: number }; charge: (method: MethodInput) => Promise<AttemptOutcome> },
): Promise<{ outcome: AttemptOutcome; stored: StoredMethod | null }> {
  if (method.type === 'token' && gateway.form.kind !== 'hosted') throw new AppError('VALIDATION', TOKEN_NOT_ACCEPTED_MESSAGE);
  const storedFirst = options.keep && method.type === 'token' ? await storeAtGateway(gateway, method) : null;
  let outcome: AttemptOutcome | null = null;
  try {
    outcome = await options.charge(storedFirst ? { type: 'token', kind: storedFirst.method.kind, token: storedFirst.token } : method);
  } finally {
    if (storedFirst && !(outcome && tookMoney(outcome))) await discard(ctx, gateway, storedFirst, options.auditTarget);
  }
  if (!options.keep || !tookMoney(outcome)) return { outcome, stored: null };
  if (storedFirst) return { outcome, stored: storedFirst };
  try {
    return { outcome, stored: await storeAtGateway(gateway, method) };
  } catch {
    // The money is taken: a method the gateway would not keep must not stop the payment's record.
    await db.transaction((tx) => audit(tx, ctx, 'payment_method.store_failed', options.auditTarget));
    return { outcome, stored: null };
  }
}

/** This call's own charge went through (not a duplicate following another call's attempt). */
function tookMoney(outcome: AttemptOutcome): boolean {
  return !outcome.duplicate && (outcome.state === 'succeeded' || outcome.state === 'pending');
}

/** Removes a method stored first that the payment did not end up keeping, and audits it (summary only). */
async function discard(ctx: AnyContext, gateway: PaymentGateway, stored: StoredMethod, target: { type: string; id: number }): Promise<void> {
  const removed = await gateway.removeStoredMethod({ token: stored.token, kind: stored.method.kind }).then(
    () => true,
    () => false,
  );
  const meta = { kind: stored.method.kind, brand: stored.method.brand, last4: stored.method.last4 };
  await db.transaction((tx) => audit(tx, ctx, removed ? 'payment_method.discarded' : 'payment_method.discard_failed', target, meta));
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
    // Audited first, while the row still says whose it is (the audit row's household).
    await audit(q, ctx, 'payment_method.remove', { type: 'payment_method', id: row.id }, { kind: row.kind, brand: row.brand, last4: row.last4 });
    await q.delete(paymentMethods).where(eq(paymentMethods.id, row.id));
  }
  if (advisorId !== null)
    await q
      .update(advisors)
      .set({ isAutoPay: false, updatedAt: ctx.now })
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
export async function scheduleAnnualCharge(q: Queryable, planId: number, methodId: number, amount: string, startsOn: Date, now: Date): Promise<void> {
  await q
    .update(recurringCharges)
    .set({ canceledAt: now, updatedAt: now })
    .where(and(eq(recurringCharges.estatePlanId, planId), isNull(recurringCharges.canceledAt)));
  await q.insert(recurringCharges).values({ estatePlanId: planId, paymentMethodId: methodId, amount, nextChargeOn: startsOn });
}

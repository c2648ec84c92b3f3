import 'server-only';
import { desc, eq, inArray } from 'drizzle-orm';
import { db } from '@/db';
import { estatePlans, paymentMethods, recurringCharges } from '@/db/schema';
import type { Actor } from '@/lib/kernel/actor';
import { formatChargeDate } from '@/lib/format/card';
import { describeMethod } from './method-input';

/** An annual charge as its payer sees it in Settings, Payments. */
export type AnnualChargeView = {
  hash: string;
  /** '95.00' a year. */
  amount: string;
  /** MM/DD/YYYY of the next charge (of the last one planned, once canceled). */
  nextChargeOn: string;
  /** MM/DD/YYYY it was canceled, or null while it runs. */
  canceledOn: string | null;
  /** 'Visa ending in 4242'. */
  method: string;
};

/**
 * The annual charges of the actor's own household (a client and spouse share them): the latest one of each
 * plan, since saving a new method for a plan replaces the earlier charge. Nobody else's: there is no id
 * parameter, the household comes from the session.
 */
export async function ownAnnualCharges(actor: Actor): Promise<AnnualChargeView[]> {
  if (!actor.householdClientIds.length) return [];
  const rows = await db
    .selectDistinctOn([recurringCharges.estatePlanId], {
      hash: recurringCharges.hash,
      amount: recurringCharges.amount,
      nextChargeOn: recurringCharges.nextChargeOn,
      canceledAt: recurringCharges.canceledAt,
      kind: paymentMethods.kind,
      brand: paymentMethods.brand,
      last4: paymentMethods.last4,
      bankAccountType: paymentMethods.bankAccountType,
    })
    .from(recurringCharges)
    .innerJoin(estatePlans, eq(estatePlans.id, recurringCharges.estatePlanId))
    .innerJoin(paymentMethods, eq(paymentMethods.id, recurringCharges.paymentMethodId))
    .where(inArray(estatePlans.clientId, actor.householdClientIds))
    .orderBy(recurringCharges.estatePlanId, desc(recurringCharges.id));
  return rows
    .sort((a, b) => Number(a.canceledAt !== null) - Number(b.canceledAt !== null) || a.nextChargeOn.getTime() - b.nextChargeOn.getTime())
    .map((row) => ({
      hash: row.hash,
      amount: row.amount,
      nextChargeOn: formatChargeDate(row.nextChargeOn),
      canceledOn: row.canceledAt ? formatChargeDate(row.canceledAt) : null,
      method: describeMethod(row),
    }));
}

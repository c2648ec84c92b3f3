import 'server-only';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '@/db';
import { paymentAttempts, paymentClaims } from '@/db/schema';

/*
 * Claims: what makes "each invoice and each fee is charged at most once" hold across payers. The unique
 * attempt key (purpose, subject, attempt) only joins calls that name the same set of records; Pay Balance
 * (all open invoices), auto-pay (one invoice) and a later balance payment (the old invoices plus a new one)
 * name different sets of the same invoices. So every attempt also claims each thing it pays for, in the
 * transaction that writes it, committed before the gateway is called:
 *
 * - A thing is 'invoice:<id>' for each invoice of the subject, otherwise the subject itself ('plan:12' for a
 *   plan's trust fee or its set-up charge, an annual charge's 'period:…;recurring:…').
 * - A claim lasts while its attempt's outcome is unknown ('created', 'unclear'). The transaction that
 *   records the outcome also drops the claim and writes the books (an invoice paid, a payment recorded), so
 *   from then on the thing's own state (the invoice is paid, the plan's fee has its payment) is what stops a
 *   second charge: the payer re-checks it under its own claim (`verify`), never from an earlier read.
 * - A second payer (a retry, auto-pay, the other button, another server) meets the claim and follows that
 *   attempt to its outcome (lib/payments/attempts.ts), or says a payment is in progress; a crashed attempt
 *   is settled by asking the gateway about its reference before its things can be claimed again.
 * - Things are claimed in sorted order, so two payers of overlapping sets never wait on each other in a
 *   circle.
 */

/** The things an attempt for `subject` claims. */
export function thingsOf(subject: string): string[] {
  const invoices = /(?:^|;)invoices:([\d,]+)(?:;|$)/.exec(subject)?.[1];
  if (invoices) return [...new Set(invoices.split(','))].map((id) => `invoice:${id}`).sort();
  return [subject];
}

/** The invoice ids a subject pays ('invoices:3,5,9' → [3, 5, 9]); none for other subjects. */
export function invoiceIdsOf(subject: string): number[] {
  return (/(?:^|;)invoices:([\d,]+)(?:;|$)/.exec(subject)?.[1]?.split(',') ?? []).map(Number);
}

/** The id that a subject names under `name` ('plan:12' → 12), or null. */
export function subjectId(subject: string, name: string): number | null {
  const value = new RegExp(`(?:^|;)${name}:(\\d+)(?:;|$)`).exec(subject)?.[1];
  return value === undefined ? null : Number(value);
}

/**
 * Claims `things` for the attempt `attemptId`, inside the transaction that wrote the attempt. Answers the
 * attempt holding the first thing that is taken (the caller rolls its transaction back and follows it), or
 * null when all are now this attempt's. A claim left behind by an attempt whose outcome is known (none is,
 * unless written by hand) is taken over.
 */
export async function claimThings(tx: Queryable, attemptId: number, things: string[]): Promise<number | null> {
  for (const thing of [...things].sort()) {
    const [claimed] = await tx
      .insert(paymentClaims)
      .values({ thing, attemptId })
      .onConflictDoUpdate({
        target: paymentClaims.thing,
        set: { attemptId, claimedAt: sql`now()` },
        setWhere: sql`${paymentClaims.attemptId} in (select ${paymentAttempts.id} from ${paymentAttempts} where ${paymentAttempts.state} not in ('created', 'unclear'))`,
      })
      .returning({ attemptId: paymentClaims.attemptId });
    if (!claimed) {
      const [holder] = await tx.select({ attemptId: paymentClaims.attemptId }).from(paymentClaims).where(eq(paymentClaims.thing, thing));
      if (holder) return holder.attemptId;
    }
  }
  return null;
}

/** Drops the claims of an attempt whose outcome is now known (in the transaction that records it). */
export async function releaseClaims(tx: Queryable, attemptId: number): Promise<void> {
  await tx.delete(paymentClaims).where(eq(paymentClaims.attemptId, attemptId));
}

/** The things still claimed by attempts whose outcome is unknown, among `things` (for tests and the admin's view). */
export async function heldThings(tx: Queryable, things: string[]): Promise<string[]> {
  if (!things.length) return [];
  const rows = await tx
    .select({ thing: paymentClaims.thing })
    .from(paymentClaims)
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, paymentClaims.attemptId))
    .where(and(inArray(paymentClaims.thing, things), notInArray(paymentAttempts.state, ['succeeded', 'failed', 'pending'])));
  return rows.map((r) => r.thing);
}

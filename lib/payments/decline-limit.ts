import 'server-only';
import { sql } from 'drizzle-orm';
import type { Queryable } from '@/db';
import { paymentAttempts } from '@/db/schema';
import { AppError } from '@/lib/kernel/errors';

/*
 * The brake on card testing: a payer whose methods keep being declined is stopped before the gateway is
 * asked again. Counted in the database (every server sees the same counts, a restart forgets nothing), over
 * the last hour, separately for the signed-in payer, the account paid for (a household's plan, an advisor's
 * invoices) and the address the request came from. In-flight attempts count too, so a burst of parallel
 * requests cannot all pass the check before the first decline is written; a transaction-scoped advisory
 * lock per key makes the count and the new attempt one step for everyone using that key.
 */

export const DECLINE_LIMIT = 5;
export const DECLINE_WINDOW_MINUTES = 60;
export const DECLINE_LIMIT_MESSAGE =
  'Too many payments were declined. For your security, payments are paused for an hour; please try again later with a card or bank account that is yours.';

/** Who is paying: any of these reaching the limit stops the payment. Jobs (auto-pay, the annual charge) have none. */
export type Payer = { userId: number | null; ip: string | null; account: string | null };

/**
 * Refusal codes about the payer's method (a decline): the card or bank refused, not the gateway being
 * unavailable (processor down, merchant set-up) and not an unclear or never-made charge.
 */
const DECLINE_CODES_SQL = sql.raw(`(error_code like 'card\\_%' or error_code like 'ach\\_%' or error_code = 'payment_method_expired')
  and error_code not like '%\\_processor\\_not\\_available' and error_code <> 'ach_invalid_merchant_configuration'`);

/**
 * Throws RATE_LIMITED (429) when the payer, the account or the address has `DECLINE_LIMIT` declined or
 * in-flight attempts in the window, besides the attempt `ownAttemptId` being written. Call inside the
 * transaction that writes the attempt.
 */
export async function assertUnderDeclineLimit(tx: Queryable, payer: Payer, ownAttemptId: number): Promise<void> {
  const keys = [
    payer.userId !== null ? `user:${payer.userId}` : null,
    payer.account ? `account:${payer.account}` : null,
    payer.ip ? `ip:${payer.ip}` : null,
  ].filter((k): k is string => k !== null);
  if (!keys.length) return;
  // Sorted, so two payers sharing keys take their locks in the same order.
  for (const key of keys.sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment-limit:${key}`}))`);
  const byUser = payer.userId !== null ? sql`${paymentAttempts.payerUserId} = ${payer.userId}` : sql`false`;
  const byAccount = payer.account ? sql`${paymentAttempts.payerAccount} = ${payer.account}` : sql`false`;
  const byIp = payer.ip ? sql`${paymentAttempts.payerIp} = ${payer.ip}` : sql`false`;
  const counted = sql`${paymentAttempts.createdAt} > now() - make_interval(mins => ${DECLINE_WINDOW_MINUTES})
    and ${paymentAttempts.id} <> ${ownAttemptId}
    and (${byUser} or ${byAccount} or ${byIp})
    and (${paymentAttempts.state} in ('created', 'unclear') or (${paymentAttempts.state} = 'failed' and ${DECLINE_CODES_SQL}))`;
  const [counts] = await tx
    .select({
      user: sql<number>`count(*) filter (where ${byUser})::int`,
      account: sql<number>`count(*) filter (where ${byAccount})::int`,
      ip: sql<number>`count(*) filter (where ${byIp})::int`,
    })
    .from(paymentAttempts)
    .where(counted);
  if (Math.max(counts.user, counts.account, counts.ip) >= DECLINE_LIMIT) throw new AppError('RATE_LIMITED', DECLINE_LIMIT_MESSAGE);
}

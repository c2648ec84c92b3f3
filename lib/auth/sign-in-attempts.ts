import 'server-only';
import { and, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { db } from '@/db';
import { loginAttempts } from '@/db/schema';
import { AppError } from '@/lib/kernel/errors';
import { ACCOUNT_BRAKE, ACCOUNT_SLOWED, ADDRESS_BRAKE, ADDRESS_SLOWED, DEVICE_WINDOW_MS, deviceTrusted, waitLeftMs } from './sign-in-brake';

/*
 * Password checks (sign-in and the settings saves' current password) go through here, so every one of
 * them counts toward the brakes (lib/auth/sign-in-brake.ts for the numbers).
 *
 * An attempt is checked and recorded in one short transaction, under a per-email advisory lock, before
 * the password is verified; it is recorded as a failure and turned into a success once the password
 * proves right. So parallel guesses at one account take turns at the brake and each sees the others:
 * sending a hundred at once does not get a hundred checks. The slow password hash stays outside the
 * transaction. A crash between the two steps leaves a failure, which errs on the safe side.
 */

export type Attempt = {
  /** Normalised (trimmed, lower-cased). */
  email: string;
  ip: string;
  /** The nonce of a valid device cookie for this account, or null. */
  deviceNonce: string | null;
};

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Failures since `since` or the last success after it, whichever is later, among the rows `who` picks. */
function failuresSince(who: SQL, since: Date): SQL {
  const lastSuccess = sql`(select max(s.created_at) from ${loginAttempts} s where ${who} and s.succeeded)`;
  return sql`not ${loginAttempts.succeeded} and ${loginAttempts.createdAt} > greatest(${at(since)}, coalesce(${lastSuccess}, ${at(since)}))`;
}

/** The failures each brake counts for this attempt, in one statement. */
async function brakeCounts(q: Pick<typeof db, 'select'>, attempt: Attempt, now: Date) {
  const accountSince = new Date(now.getTime() - ACCOUNT_BRAKE.windowMs);
  const addressSince = new Date(now.getTime() - ADDRESS_BRAKE.windowMs);
  const deviceSince = new Date(now.getTime() - DEVICE_WINDOW_MS);
  const account = sql`${loginAttempts.email} = ${attempt.email} and ${failuresSince(sql`s.email = ${attempt.email}`, accountSince)}`;
  const address = sql`${loginAttempts.ip} = ${attempt.ip} and not ${loginAttempts.succeeded} and ${loginAttempts.createdAt} > ${at(addressSince)}`;
  const device =
    attempt.deviceNonce === null
      ? sql`false`
      : sql`${loginAttempts.device} = ${attempt.deviceNonce} and ${failuresSince(sql`s.device = ${attempt.deviceNonce}`, deviceSince)}`;
  const [row] = await q
    .select({
      accountFailures: sql<number>`count(*) filter (where ${account})`.mapWith(Number),
      accountLast: sql<Date | null>`max(${loginAttempts.createdAt}) filter (where ${account})`.mapWith(loginAttempts.createdAt),
      addressFailures: sql<number>`count(*) filter (where ${address})`.mapWith(Number),
      addressLast: sql<Date | null>`max(${loginAttempts.createdAt}) filter (where ${address})`.mapWith(loginAttempts.createdAt),
      deviceFailures: sql<number>`count(*) filter (where ${device})`.mapWith(Number),
    })
    .from(loginAttempts)
    .where(
      or(
        and(eq(loginAttempts.email, attempt.email), gt(loginAttempts.createdAt, accountSince)),
        and(eq(loginAttempts.ip, attempt.ip), gt(loginAttempts.createdAt, addressSince)),
        attempt.deviceNonce === null ? undefined : and(eq(loginAttempts.device, attempt.deviceNonce), gt(loginAttempts.createdAt, deviceSince)),
      ),
    );
  return row;
}

/**
 * Checks the brakes for a password check and records it (as a failure until settled). Refuses with 429
 * while the attempt must wait: a browser vouched for by its device cookie only on the device's own
 * failures; any other on the address's and then the account's. Returns the attempt's id for settleAttempt.
 */
export async function reserveAttempt(attempt: Attempt, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in:${attempt.email}`}, 0))`);
    const counts = await brakeCounts(tx, attempt, now);
    const vouched = attempt.deviceNonce !== null && deviceTrusted(counts.deviceFailures);
    if (!vouched) {
      if (waitLeftMs(counts.addressFailures, counts.addressLast, ADDRESS_BRAKE, now) > 0) throw new AppError('RATE_LIMITED', ADDRESS_SLOWED);
      if (waitLeftMs(counts.accountFailures, counts.accountLast, ACCOUNT_BRAKE, now) > 0) throw new AppError('RATE_LIMITED', ACCOUNT_SLOWED);
    }
    const [row] = await tx
      .insert(loginAttempts)
      .values({ email: attempt.email, ip: attempt.ip, device: attempt.deviceNonce, succeeded: false, createdAt: now })
      .returning({ id: loginAttempts.id });
    return row.id;
  });
}

/** Records that the reserved attempt's password was right (it stays a failure otherwise). */
export async function settleAttempt(id: number, succeeded: boolean): Promise<void> {
  if (succeeded) await db.update(loginAttempts).set({ succeeded: true }).where(eq(loginAttempts.id, id));
}

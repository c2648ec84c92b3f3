import 'server-only';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { recoveryCodes, totpFactors, users } from '@/db/schema';
import { decrypt, encrypt } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { rowsOf } from '@/lib/kernel/rows';
import { acceptedStep, newRecoveryCodes, recoveryCodeHash } from './totp';

/*
 * The stored side of the second factor (issue 31): a user's authenticator app (one, `totp_factors`) and
 * recovery codes. The secret is decrypted only here, to check a code; it never leaves the server after the
 * enrolment's QR code.
 */

const secretPlace = (hash: string) => placeOf(totpFactors.secretCipher, hash);

export function sealTotpSecret(secret: string, factorHash: string): string {
  return encrypt(secret, secretPlace(factorHash));
}

/**
 * Whether the user has a second factor: a confirmed authenticator app or a passkey (issue 31). A password
 * sign-in then needs its second step; the rules for admins and attorneys count either.
 */
export async function hasSecondFactor(userId: number, q: Queryable = db): Promise<boolean> {
  const [row] = rowsOf<{ has: boolean }>(
    await q.execute(sql`select (
      exists (select 1 from totp_factors tf where tf.user_id = ${userId} and tf.confirmed_at is not null)
      or exists (select 1 from passkeys pk where pk.user_id = ${userId})
    ) as has`),
  );
  return Boolean(row?.has);
}

/** Whether the user has a confirmed authenticator app (Settings' set-up, its codes). */
export async function hasAuthenticatorApp(userId: number, q: Queryable = db): Promise<boolean> {
  const [row] = await q
    .select({ id: totpFactors.id })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), sql`${totpFactors.confirmedAt} is not null`))
    .limit(1);
  return Boolean(row);
}

export type SecondFactorStatus = { enrolled: boolean; since: Date | null; recoveryCodesLeft: number };

/** What Settings → Security shows about the user's second factor. */
export async function secondFactorStatus(userId: number): Promise<SecondFactorStatus> {
  const [[factor], [codes]] = await Promise.all([
    db
      .select({ confirmedAt: totpFactors.confirmedAt })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), sql`${totpFactors.confirmedAt} is not null`))
      .limit(1),
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  return { enrolled: Boolean(factor), since: factor?.confirmedAt ?? null, recoveryCodesLeft: factor ? Number(codes?.n ?? 0) : 0 };
}

/** Replaces the user's recovery codes with ten new ones and answers them (shown once). */
export async function replaceRecoveryCodes(q: Queryable, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await q.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await q.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(code)! })));
  return codes;
}

/**
 * Checks a second-step code for a user: an authenticator code (accepted once: its step is recorded in the
 * same transaction, under a row lock, so two servers given the same code accept it once) or, failing that,
 * an unused recovery code (spent). `pending: true` checks the enrolment not yet confirmed instead.
 */
export function checkSecondStep(userId: number, typed: string, now: Date, options: { pending?: boolean } = {}): Promise<'totp' | 'recovery' | null> {
  return db.transaction((tx) => checkSecondStepIn(tx, userId, typed, now, options));
}

/** checkSecondStep inside the caller's transaction (a confirmed enrolment writes its recovery codes with it). */
export async function checkSecondStepIn(
  tx: Queryable,
  userId: number,
  typed: string,
  now: Date,
  options: { pending?: boolean } = {},
): Promise<'totp' | 'recovery' | null> {
  {
    const [factor] = await tx
      .select({ id: totpFactors.id, hash: totpFactors.hash, secretCipher: totpFactors.secretCipher, lastStep: totpFactors.lastStep })
      .from(totpFactors)
      .where(and(eq(totpFactors.userId, userId), options.pending ? isNull(totpFactors.confirmedAt) : sql`${totpFactors.confirmedAt} is not null`))
      .for('update')
      .limit(1);
    if (!factor) return null;
    const step = acceptedStep(decrypt(factor.secretCipher, secretPlace(factor.hash)), typed, factor.lastStep, now);
    if (step !== null) {
      await tx
        .update(totpFactors)
        .set({ lastStep: step, ...(options.pending ? { confirmedAt: now } : {}) })
        .where(eq(totpFactors.id, factor.id));
      return 'totp';
    }
    if (options.pending) return null;
    const hash = recoveryCodeHash(typed);
    if (!hash) return null;
    const spent = await tx
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hash), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return spent.length ? 'recovery' : null;
  }
}

/** Removes the user's authenticator app and recovery codes (they turned it off, or an admin reset it). */
export async function removeSecondFactor(q: Queryable, userId: number): Promise<boolean> {
  const removed = await q.delete(totpFactors).where(eq(totpFactors.userId, userId)).returning({ id: totpFactors.id });
  await q.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return removed.length > 0;
}

/** The account's e-mail, the label an authenticator app shows beside the codes. */
export async function accountLabel(userId: number): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? '';
}

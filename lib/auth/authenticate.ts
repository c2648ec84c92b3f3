import 'server-only';
import { and, count, desc, eq, gt, max } from 'drizzle-orm';
import { db } from '@/db';
import { loginAttempts, users } from '@/db/schema';
import { AppError } from '@/lib/errors';
import type { SessionClaims } from './actor';
import { verifyPassword } from './password';
import { sessionEndFromNow } from './session';
import { openSession, pruneEndedSessions } from './session-rows';

/*
 * Brute-force brakes (docs/decisions.md): 5 failures for one email within 15 minutes lock that email for
 * 10 minutes from the last failure. Refused attempts are not recorded, so an attacker can't extend a lock
 * by hammering it. A client address gets a much larger allowance because offices share one.
 */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ACCOUNT_WINDOW_MS = 15 * 60 * 1000;
export const ACCOUNT_LOCK_MS = 10 * 60 * 1000;
export const ADDRESS_FAILURE_LIMIT = 100;
export const ADDRESS_WINDOW_MS = 15 * 60 * 1000;

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const ACCOUNT_LOCKED = 'Too many failed sign-in attempts. Please wait 10 minutes and try again.';
export const ADDRESS_LOCKED = 'Too many failed sign-in attempts from your network. Please try again later.';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Refuses a password check while the email or the address is locked (see the limits above). */
export async function assertNotThrottled(email: string, ip: string, now = new Date()) {
  const since = new Date(now.getTime() - ACCOUNT_WINDOW_MS);
  // Failures since the last success only: signing in correctly clears the slate.
  const [lastSuccess] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, true)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const from = lastSuccess && lastSuccess.at > since ? lastSuccess.at : since;
  const [account] = await db
    .select({ failures: count(), last: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, from)));
  if (account.failures >= ACCOUNT_FAILURE_LIMIT && account.last && now.getTime() - account.last.getTime() < ACCOUNT_LOCK_MS) {
    throw new AppError('RATE_LIMITED', ACCOUNT_LOCKED);
  }
  const [address] = await db
    .select({ failures: count() })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.ip, ip),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, new Date(now.getTime() - ADDRESS_WINDOW_MS)),
      ),
    );
  if (address.failures >= ADDRESS_FAILURE_LIMIT) throw new AppError('RATE_LIMITED', ADDRESS_LOCKED);
}

/** Records the outcome of a password check for the brakes. */
export async function recordPasswordAttempt(email: string, ip: string, succeeded: boolean, now = new Date()) {
  await db.insert(loginAttempts).values({ email, ip, succeeded, createdAt: now });
}

/**
 * Checks an email and password, records the new session and returns its claims. The error never says
 * whether the email exists.
 */
export async function authenticate(input: { email: string; password: string; ip: string; userAgent?: string | null }): Promise<SessionClaims> {
  const email = normaliseEmail(input.email);
  const now = new Date();
  if (!email || !input.password) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  await assertNotThrottled(email, input.ip, now);

  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = (await verifyPassword(user?.passwordHash, input.password)) && Boolean(user) && !user.disabledAt;
  await recordPasswordAttempt(email, input.ip, ok, now);
  if (!ok) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);

  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  const abs = sessionEndFromNow(now.getTime());
  await pruneEndedSessions();
  const sid = await openSession({ userId: user.id, abs, ip: input.ip, userAgent: input.userAgent });
  return { uid: user.hash, sv: user.sessionVersion, sid, abs };
}

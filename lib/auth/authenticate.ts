import 'server-only';
import { eq, sql, type SQL } from 'drizzle-orm';
import { db } from '@/db';
import { users } from '@/db/schema';
import { AppError } from '@/lib/kernel/errors';
import type { SessionClaims } from './session';
import { deviceTokenFor, issueDeviceToken } from './device-cookie';
import { verifyPassword } from './password';
import { sessionEndFromNow } from './session';
import { openSession, pruneEndedSessions } from './session-rows';
import { hasSecondFactor } from './second-factor/factors';
import { firmRequiresSql } from './second-factor/firm-rule';
import { secondFactorConfig } from './second-factor/rules';
import { tellNewSignIn } from './security-notices';
import { reserveAttempt, settleAttempt } from './sign-in-attempts';
import { INVALID_CREDENTIALS } from './sign-in-brake';

export { ACCOUNT_SLOWED, ADDRESS_SLOWED, INVALID_CREDENTIALS } from './sign-in-brake';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type SignInInput = {
  email: string;
  password: string;
  ip: string;
  userAgent?: string | null;
  /** The approximate place a trusted proxy tells (lib/http/request.ts clientPlace). */
  place?: string | null;
  /** The browser's device cookie (lib/auth/device-cookie.ts), as it came. */
  deviceCookie?: string;
};

/** A successful sign-in: the new session's claims, and the device token the browser keeps for this account. */
export type SignedIn = { claims: SessionClaims; deviceToken: string };

export const PASSWORD_CHANGE_REQUIRED = 'Your password was reset: please sign in on the sign-in page to choose a new one.';

/**
 * The password was right, but it is a temporary one an admin had mailed (users.must_change_password): no
 * session opens. The login form exchanges it for a set-password link (lib/auth/password-tokens.ts); other
 * doors refuse the sign-in and leave it usable.
 */
export class PasswordChangeRequired extends AppError {
  constructor(readonly userId: number) {
    super('FORBIDDEN', PASSWORD_CHANGE_REQUIRED);
  }
}

export const SECOND_STEP_ELSEWHERE = 'This account signs in with a second step (an authenticator app or a passkey): please sign in on the sign-in page.';

/**
 * The password was right and the account has a second factor (issue 31): no session opens yet. The login
 * form asks for the code (lib/auth/second-step.ts); other doors refuse the sign-in.
 */
export class SecondStepRequired extends AppError {
  constructor(readonly user: { id: number; hash: string; sessionVersion: number; email: string }) {
    super('FORBIDDEN', SECOND_STEP_ELSEWHERE);
  }
}

/** The user a password check let through, as opening their session needs it. */
export type CheckedUser = { id: number; hash: string; sessionVersion: number; lastLoginAt: Date | null };

/**
 * The user a later sign-in step names (the password checked a moment ago, or a passkey's owner), with what
 * opening their session and its refusals need; undefined when none matches.
 */
export async function loadSignInUser(where: SQL) {
  const [user] = await db
    .select({
      id: users.id,
      hash: users.hash,
      email: users.email,
      sessionVersion: users.sessionVersion,
      lastLoginAt: users.lastLoginAt,
      disabledAt: users.disabledAt,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .where(where)
    .limit(1);
  return user;
}

/**
 * Opens the session of a user who passed every step: the row (with the time of the second step, when there
 * was one), the last sign-in, and the notice of a browser new to the account; answers its claims and the
 * browser's device token.
 */
export async function openSignIn(
  user: CheckedUser,
  input: Pick<SignInInput, 'ip' | 'userAgent' | 'place' | 'deviceCookie'>,
  now: Date,
  secondFactorAt: Date | null = null,
): Promise<SignedIn> {
  const device = deviceTokenFor(user.hash, input.deviceCookie);
  const abs = sessionEndFromNow(now.getTime());
  await pruneEndedSessions();
  const sid = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        lastLoginAt: now,
        // An admin's, attorney's or required firm's advisor's first sign-in under the rule starts their grace period (issue 31).
        secondFactorDueAt: sql`coalesce(${users.secondFactorDueAt}, case when ${users.isAdmin} or ${users.isLegal} or ${firmRequiresSql(users.id)} then ${now.toISOString()}::timestamptz + make_interval(days => ${secondFactorConfig().graceDays}) end)`,
      })
      .where(eq(users.id, user.id));
    const id = await openSession({ userId: user.id, abs, ip: input.ip, userAgent: input.userAgent, place: input.place, secondFactorAt }, tx);
    // A browser whose device cookie does not vouch for this account, for an account that has signed in
    // before (its very first sign-in is no news): the owner is told at once, by mail (security).
    if (!device && user.lastLoginAt !== null)
      await tellNewSignIn(tx, { userId: user.id, sessionId: id, at: now, ip: input.ip, userAgent: input.userAgent, place: input.place });
    return id;
  });
  return { claims: { uid: user.hash, sv: user.sessionVersion, sid, abs }, deviceToken: device?.token ?? issueDeviceToken(user.hash) };
}

/**
 * Checks an email and password behind the brute-force brakes (lib/auth/sign-in-brake.ts), records the new
 * session and returns its claims with the browser's device token; a sign-in from a browser new to the
 * account raises a security notice (lib/auth/security-notices.ts). The error never says whether the email
 * exists. `now` is the request's clock (the form's door passes its context's; next-auth's authorize, a door
 * without a context, reads the clock here).
 */
export async function authenticate(input: SignInInput, now = new Date()): Promise<SignedIn> {
  const email = normaliseEmail(input.email);
  if (!email || !input.password) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);

  const [user] = await db
    .select({
      id: users.id,
      hash: users.hash,
      passwordHash: users.passwordHash,
      sessionVersion: users.sessionVersion,
      disabledAt: users.disabledAt,
      mustChangePassword: users.mustChangePassword,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const device = user ? deviceTokenFor(user.hash, input.deviceCookie) : null;
  const attemptId = await reserveAttempt({ email, ip: input.ip, deviceNonce: device?.nonce ?? null }, now);
  const ok = (await verifyPassword(user?.passwordHash, input.password)) && Boolean(user) && !user.disabledAt;
  await settleAttempt(attemptId, ok);
  if (!ok) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  if (user.mustChangePassword) throw new PasswordChangeRequired(user.id);
  if (await hasSecondFactor(user.id)) throw new SecondStepRequired({ id: user.id, hash: user.hash, sessionVersion: user.sessionVersion, email });
  return openSignIn(user, input, now);
}

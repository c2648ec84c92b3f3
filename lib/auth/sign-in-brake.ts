/*
 * The brute-force brakes' arithmetic (docs/decisions.md, "Audit fixes: sessions, sign-in brakes, account
 * changes"). No I/O here: lib/auth/sign-in-attempts.ts counts the failures and asks these functions.
 *
 * A brake never locks anyone out for long: after `free` failures each further attempt must wait a delay
 * that doubles from `firstDelayMs` up to `maxDelayMs`, counted from the last failure. Attempts refused
 * for waiting are not recorded, so hammering does not make the wait longer.
 *
 * - Per account (attempts without a trusted device cookie, from anywhere): failures in the last hour since
 *   the account's last successful sign-in. 5 free, then 1 s, 2 s, 4 s ... 64 s, then 2 minutes at most.
 * - Per address (attempts without a trusted device cookie, any account): failures in the last 15 minutes.
 *   20 free, then 1 s, 2 s ... 32 s, then 1 minute at most. Only that address waits.
 * - A device cookie (set when a browser signs in to the account) vouches for its browser: its attempts
 *   are not slowed by anyone else's failures, by account or by address. It has its own limit: after 5
 *   failures since its last success (within a day) it vouches for nothing and the browser is braked like
 *   any other.
 */

export type Brake = {
  /** Failures allowed without any wait. */
  free: number;
  /** The wait after the first failure beyond the free ones; each further failure doubles it. */
  firstDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
};

export const ACCOUNT_BRAKE: Brake = { free: 5, firstDelayMs: 1000, maxDelayMs: 2 * 60 * 1000, windowMs: 60 * 60 * 1000 };
export const ADDRESS_BRAKE: Brake = { free: 20, firstDelayMs: 1000, maxDelayMs: 60 * 1000, windowMs: 15 * 60 * 1000 };
export const DEVICE_FAILURE_LIMIT = 5;
export const DEVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const ACCOUNT_SLOWED = 'Too many failed sign-in attempts for this account. Please wait 2 minutes and try again.';
export const ADDRESS_SLOWED = 'Too many failed sign-in attempts from your network. Please wait a minute and try again.';

/** The wait a brake imposes after this many failures (0 while they are free). */
export function brakeDelayMs(failures: number, brake: Brake): number {
  if (failures < brake.free) return 0;
  const doublings = failures - brake.free;
  // 2^31 ms is 24 days: past that the cap has long applied, and the power stays a safe integer.
  return Math.min(brake.firstDelayMs * 2 ** Math.min(doublings, 31), brake.maxDelayMs);
}

/** How long an attempt must still wait (0: it may be checked now), given the failures and the last one's time. */
export function waitLeftMs(failures: number, lastFailureAt: Date | null, brake: Brake, now: Date): number {
  const delay = brakeDelayMs(failures, brake);
  if (delay === 0 || !lastFailureAt) return 0;
  return Math.max(0, lastFailureAt.getTime() + delay - now.getTime());
}

/** Whether a device cookie still vouches for its browser after this many failures of its own. */
export function deviceTrusted(deviceFailures: number): boolean {
  return deviceFailures < DEVICE_FAILURE_LIMIT;
}

/*
 * Forgot password (issue 21) is slowed like sign-in, with the same arithmetic: per address asked about
 * (3 requests an hour free, then 1, 2, 4 ... minutes, at most 15) and per client address (10 in 15 minutes
 * free, then 1 s doubling to 1 minute). Both count requests whether or not the address has an account, so
 * a slowed answer reveals nothing either.
 */
export const FORGOT_EMAIL_BRAKE: Brake = { free: 3, firstDelayMs: 60 * 1000, maxDelayMs: 15 * 60 * 1000, windowMs: 60 * 60 * 1000 };
export const FORGOT_ADDRESS_BRAKE: Brake = { free: 10, firstDelayMs: 1000, maxDelayMs: 60 * 1000, windowMs: 15 * 60 * 1000 };
export const FORGOT_SLOWED = 'Too many password reset requests. Please wait a few minutes and try again.';

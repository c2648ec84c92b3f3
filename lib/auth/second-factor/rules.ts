import type { Actor } from '@/lib/kernel/actor';
import { AppError } from '@/lib/kernel/errors';

/*
 * Who must sign in with a second factor, and when a step asks for a recent one (issue 31). Pure: the actor
 * carries what the rules read (lib/auth/actor.ts loads it with the actor, in the same statement), the clock
 * and the configuration are passed in.
 *
 * - Admins and attorneys (legal staff) must, and the advisors of a firm that requires it. Each gets a grace period from their first sign-in after the
 *   rule applies (`users.second_factor_due_at`, set at sign-in): a banner asks them to set an app up and
 *   says from when it is required; after it, everything but Settings → Security (and signing out) waits
 *   until they do.
 * - Steps that open what a stolen session should not (revealing an SSN, deleting a client, acting as
 *   another user) ask for a session whose second step is recent, once the user has a second factor or is
 *   past their grace period. Sessions end after 8 hours, so in practice "recent" means "this session passed
 *   one": a session opened before the app was set up (on another browser) has to sign in again.
 */

export type SecondFactorFacts = {
  /** A confirmed authenticator app. */
  enrolled: boolean;
  /** When it becomes required for this user (null: not yet set, or never required). */
  dueAt: Date | null;
  /** When this session passed its second step (null: it did not). */
  passedAt: Date | null;
  /** An advisor of a firm that requires a second factor of its advisors. */
  requiredByFirm?: boolean;
};

export type SecondFactorConfig = { graceDays: number; freshHours: number };

const intFrom = (value: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

/** SECOND_FACTOR_GRACE_DAYS (default 14, 0-365) and SECOND_FACTOR_FRESH_HOURS (default 12, 1-168); docs/operations.md. */
export function secondFactorConfig(env: Record<string, string | undefined> = process.env): SecondFactorConfig {
  return { graceDays: intFrom(env.SECOND_FACTOR_GRACE_DAYS, 14, 0, 365), freshHours: intFrom(env.SECOND_FACTOR_FRESH_HOURS, 12, 1, 168) };
}

/** Whether a user with these roles must use a second factor: admins, attorneys, and advisors whose firm says so. */
export function mustUseSecondFactor(actor: Pick<Actor, 'isAdmin' | 'isLegal'> & { secondFactor?: Pick<SecondFactorFacts, 'requiredByFirm'> }): boolean {
  return actor.isAdmin || actor.isLegal || Boolean(actor.secondFactor?.requiredByFirm);
}

/**
 * not-required: optional for this user; enrolled: set up; grace: required, not set up, not yet due (or the
 * date not yet set); overdue: required, not set up, past the date.
 */
export type SecondFactorState = 'not-required' | 'enrolled' | 'grace' | 'overdue';

export function secondFactorState(actor: Pick<Actor, 'isAdmin' | 'isLegal'> & { secondFactor?: SecondFactorFacts }, now: Date): SecondFactorState {
  const facts = actor.secondFactor;
  if (facts?.enrolled) return 'enrolled';
  if (!mustUseSecondFactor(actor)) return 'not-required';
  return facts?.dueAt && facts.dueAt.getTime() <= now.getTime() ? 'overdue' : 'grace';
}

/** Whether a sensitive step may go ahead: a recent second step, unless none is asked of the user yet. */
export function hasRecentSecondStep(
  actor: Pick<Actor, 'isAdmin' | 'isLegal'> & { secondFactor?: SecondFactorFacts },
  now: Date,
  config: SecondFactorConfig = secondFactorConfig(),
): boolean {
  const state = secondFactorState(actor, now);
  if (state === 'not-required' || state === 'grace') return true;
  if (state === 'overdue') return false;
  const passed = actor.secondFactor?.passedAt;
  return !!passed && now.getTime() - passed.getTime() <= config.freshHours * 60 * 60 * 1000;
}

export const SECOND_FACTOR_REQUIRED = 'Set up an authenticator app or a passkey to continue: your account needs one to sign in.';
export const RECENT_SECOND_STEP_REQUIRED = 'For this step, sign out and sign in again with your authenticator app or passkey.';

/** Refuses a sensitive step (revealing an SSN, deleting a client, acting as someone) without a recent second step. */
export function assertRecentSecondStep(actor: Pick<Actor, 'isAdmin' | 'isLegal'> & { secondFactor?: SecondFactorFacts }, now: Date): void {
  if (!hasRecentSecondStep(actor, now)) throw new AppError('FORBIDDEN', RECENT_SECOND_STEP_REQUIRED);
}

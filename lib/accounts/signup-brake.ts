import 'server-only';
import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '@/db';
import { auditLog } from '@/db/schema';
import { AppError } from '@/lib/kernel/errors';
import { SIGNUPS_THROTTLED } from './messages';

/*
 * Sign-up is public, so it is slowed per client address like sign-in (docs/decisions.md): at most 10
 * sign-ups from one address per hour. An office signing up its clients one by one stays well inside it;
 * a script creating accounts in bulk does not. Refusals are not recorded, so nothing an attacker does
 * extends the wait beyond the hour after the last accepted sign-up. Counted from the audit log's
 * 'client.signup' entries, which carry the address, and its 'client.signup.existing' ones: a sign-up with
 * an address that is not free is answered like a new account and mails that address, so it counts too.
 */
export const SIGNUP_ADDRESS_LIMIT = 10;
export const SIGNUP_WINDOW_MS = 60 * 60 * 1000;
/** The audit action of a sign-up answered for an email that already has an account (or a waiting record). */
export const SIGNUP_EXISTING_ACTION = 'client.signup.existing';

/** Refuses a sign-up when the address has used up its allowance (429). */
export async function assertSignupAllowed(q: Queryable, ip: string, now: Date): Promise<void> {
  const [recent] = await q
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.action, ['client.signup', SIGNUP_EXISTING_ACTION]),
        eq(auditLog.ip, ip),
        gt(auditLog.createdAt, new Date(now.getTime() - SIGNUP_WINDOW_MS)),
      ),
    );
  if (recent.n >= SIGNUP_ADDRESS_LIMIT) throw new AppError('RATE_LIMITED', SIGNUPS_THROTTLED);
}

/**
 * The authoritative check, inside the transaction that inserts the account: a per-address advisory lock
 * (released at commit) makes parallel sign-ups from one address take turns, so each one counts the
 * accounts the others created and no burst gets past the limit.
 */
export async function holdSignupSlot(tx: Queryable, ip: string, now: Date): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`signup:${ip}`}))`);
  await assertSignupAllowed(tx, ip, now);
}

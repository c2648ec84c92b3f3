import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import { db } from '@/db';
import { auditLog, users } from '@/db/schema';
import { enqueue } from '@/lib/jobs/enqueue';
import type { PublicContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { FORGOT_PASSWORD_SENT, type ForgotPasswordInput } from '@/lib/validation/admin';
import { sendPasswordResetJob } from './jobs/send-password-reset';
import { FORGOT_ADDRESS_BRAKE, FORGOT_EMAIL_BRAKE, FORGOT_SLOWED, waitLeftMs } from './sign-in-brake';

export const FORGOT_PASSWORD_ACTION = 'password.forgot';

/** The audit log keeps a digest of the address asked about, not the address (it may belong to nobody). */
export function forgotEmailDigest(email: string): string {
  return createHash('sha256').update(`forgot-password:${email}`, 'utf8').digest('hex');
}

/**
 * "Forgot your password?": the account of this address is mailed a one-hour, single-use link to choose a new
 * password. The answer is the same whether or not the address has an account (no enumeration), and so is
 * the work: the request is counted (an audit row naming the requester, when signed in, and their address
 * and browser, with the asked address's digest, so the brakes slow a script guessing addresses or flooding
 * one mailbox) and queues one job, whatever the lookup found; the job (lib/auth/send-password-reset.ts) issues the link
 * after the answer has gone. The same statements run for a known, an unknown and a disabled address
 * (tests/integration/admin-back-office.test.ts), so the answer's timing tells nothing either.
 */
export async function requestPasswordReset(ctx: PublicContext, input: ForgotPasswordInput): Promise<{ message: string }> {
  const { now } = ctx;
  const digest = forgotEmailDigest(input.email);
  await db.transaction(async (tx) => {
    // Requests for one address take turns, so a burst sees its own earlier requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`forgot:${digest}`}, 0))`);
    const emailSince = new Date(now.getTime() - FORGOT_EMAIL_BRAKE.windowMs);
    const addressSince = new Date(now.getTime() - FORGOT_ADDRESS_BRAKE.windowMs);
    const byEmail = and(sql`${auditLog.meta}->>'email' = ${digest}`, gt(auditLog.createdAt, emailSince));
    const byAddress = and(eq(auditLog.ip, ctx.ip), gt(auditLog.createdAt, addressSince));
    const [counts] = await tx
      .select({
        email: sql<number>`count(*) filter (where ${byEmail})`.mapWith(Number),
        emailLast: sql<Date | null>`max(${auditLog.createdAt}) filter (where ${byEmail})`.mapWith(auditLog.createdAt),
        address: sql<number>`count(*) filter (where ${byAddress})`.mapWith(Number),
        addressLast: sql<Date | null>`max(${auditLog.createdAt}) filter (where ${byAddress})`.mapWith(auditLog.createdAt),
      })
      .from(auditLog)
      .where(and(eq(auditLog.action, FORGOT_PASSWORD_ACTION), or(byEmail, byAddress)));
    if (waitLeftMs(counts.address, counts.addressLast, FORGOT_ADDRESS_BRAKE, now) > 0) throw new AppError('RATE_LIMITED', FORGOT_SLOWED);
    if (waitLeftMs(counts.email, counts.emailLast, FORGOT_EMAIL_BRAKE, now) > 0) throw new AppError('RATE_LIMITED', FORGOT_SLOWED);

    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    // The audit row names no account (it is the same row for a known and an unknown address), but who asked.
    const [request] = await tx
      .insert(auditLog)
      .values({
        actorUserId: ctx.actor?.userId ?? null,
        impersonatorUserId: ctx.actor?.impersonator?.userId ?? null,
        action: FORGOT_PASSWORD_ACTION,
        ip: ctx.ip,
        userAgent: ctx.userAgent || null,
        meta: { email: digest },
        createdAt: now,
      })
      .returning({ id: auditLog.id });
    await enqueue(tx, sendPasswordResetJob, { requestId: request.id, userId: user?.id ?? null });
  });
  return { message: FORGOT_PASSWORD_SENT };
}

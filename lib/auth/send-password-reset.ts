import 'server-only';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { persons, users } from '@/db/schema';
import { claimOnce } from '@/lib/idempotency';
import { audit } from '@/lib/kernel/audit';
import type { SystemContext } from '@/lib/kernel/system-context';
import { queueMail } from '@/lib/mail/send-mail';
import { passwordResetMail } from '@/lib/mail/templates/password';
import { PASSWORD_TOKEN_TTL_MS } from './password-rules';
import { issuePasswordLink } from './password-tokens';

/** What a forgot-password request hands its job: the request's audit row, and the account found (or none). */
export type SendPasswordResetData = { requestId: number; userId: number | null };

/**
 * The work of a forgot-password request that depends on the address (lib/auth/forgot-password.ts queues it,
 * so the request itself does the same work for every address): for an enabled account, a one-hour link is
 * issued (older unused links stop working) and mailed; for an unknown address there is nothing to do. Once
 * per request however often the job runs (an idempotency key per request); audited as System, naming the
 * account and the request.
 */
export async function sendPasswordReset(ctx: SystemContext, { requestId, userId }: SendPasswordResetData): Promise<void> {
  if (userId === null) return;
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, disabledAt: users.disabledAt, firstName: persons.firstName })
      .from(users)
      .leftJoin(persons, eq(persons.id, users.personId))
      .where(eq(users.id, userId))
      .limit(1);
    if (!user || user.disabledAt) return;
    if (!(await claimOnce(tx, userId, { key: `password.forgot:${requestId}`, seconds: PASSWORD_TOKEN_TTL_MS.reset / 1000 }))) return;
    const link = await issuePasswordLink(tx, userId, 'reset', ctx.now);
    await queueMail(tx, passwordResetMail({ to: user.email, name: user.firstName, link, minutes: PASSWORD_TOKEN_TTL_MS.reset / 60_000 }));
    await audit(tx, ctx, 'password.reset.mailed', { type: 'user', id: userId }, { request: requestId });
  });
}

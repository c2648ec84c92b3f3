import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db } from '@/db';
import { advisorFirms, advisors, firms, users } from '@/db/schema';
import { secondFactorConfig } from '@/lib/auth/second-factor/rules';
import { SECURITY_SETTINGS_LINK } from '@/lib/auth/security-notices';
import { siteConfig } from '@/lib/config/site';
import { formatAppLongDate } from '@/lib/format/app-time';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { assertCan } from '@/lib/kernel/policy';
import { notify } from '@/lib/notifications';
import type { FirmSecondFactorInput } from '@/lib/validation/advisors';

export const FIRM_NOT_FOUND = 'Firm not found.';

/**
 * A firm's rule that its advisors sign in with a second factor (issue 31), set by one of its supervisors
 * (My Team) or an admin. Turning it on starts each advisor's grace period now (unless one is running) and
 * tells them, in the bell and by mail, from when it applies; from then the rules treat them as admins and
 * attorneys are treated (lib/auth/second-factor/rules.ts). Turning it off lets them sign in with a password
 * alone again (their app, if set up, stays). A firm outside a supervisor's own: 404, as a missing one.
 */
export async function setFirmSecondFactor(ctx: RequestContext, input: FirmSecondFactorInput): Promise<{ message: string; required: boolean }> {
  const { actor } = ctx;
  assertCan(actor, 'firm.security.update');
  return db.transaction(async (tx) => {
    const [firm] = await tx
      .select({ id: firms.id, name: firms.name, required: firms.requiresSecondFactor })
      .from(firms)
      .where(
        actor.isAdmin
          ? eq(firms.hash, input.firm_id)
          : and(eq(firms.hash, input.firm_id), sql`${firms.id} in (select af.firm_id from advisor_firms af where af.advisor_id = ${actor.advisorId ?? -1})`),
      )
      .for('update')
      .limit(1);
    if (!firm) throw new AppError('NOT_FOUND', FIRM_NOT_FOUND);
    const message = input.required
      ? `${firm.name}’s advisors now sign in with a second step (an authenticator app or a passkey), after a ${secondFactorConfig().graceDays}-day grace period.`
      : `${firm.name}’s advisors may sign in with a password alone again.`;
    if (firm.required === input.required) return { message, required: firm.required };
    await tx.update(firms).set({ requiresSecondFactor: input.required }).where(eq(firms.id, firm.id));
    await audit(tx, ctx, input.required ? 'firm.second-factor.require' : 'firm.second-factor.release', { type: 'firm', id: firm.id });
    if (input.required) {
      const due = new Date(ctx.now.getTime() + secondFactorConfig().graceDays * 24 * 3600_000);
      const members = await tx
        .select({ userId: advisors.userId })
        .from(advisors)
        .innerJoin(advisorFirms, eq(advisorFirms.advisorId, advisors.id))
        .where(eq(advisorFirms.firmId, firm.id));
      const ids = members.map((m) => m.userId);
      if (ids.length) {
        await tx
          .update(users)
          .set({ secondFactorDueAt: due })
          .where(and(inArray(users.id, ids), isNull(users.secondFactorDueAt)));
        await notify(
          tx,
          {
            key: `firm-second-factor:${firm.id}:${ctx.now.getTime()}`,
            kind: 'security',
            title: 'Your firm asks you to sign in with a second step',
            body: `${firm.name} now requires its advisors to sign in to ${siteConfig.name} with a second step (a code from an authenticator app, or a passkey), from ${formatAppLongDate(due)} (or the date you were given earlier). Set one up in Settings → Security: it takes a minute.`,
            link: SECURITY_SETTINGS_LINK,
            action: 'Set up a second step',
          },
          ids,
        );
      }
    }
    return { message, required: input.required };
  });
}

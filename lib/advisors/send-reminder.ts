import 'server-only';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { db } from '@/db';
import { clients, households, persons, users } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import { loadHousehold } from '@/lib/kernel/scope';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import { householdSubmittedSql } from '@/lib/estate-plans/submitted';
import { queueMail } from '@/lib/mail/send-mail';
import { reminderMail } from '@/lib/mail/templates/invite';
import { personName } from '@/lib/people/person-name';
import { personNameColumns } from '@/lib/people/person-name-columns';
import type { SendReminderInput } from '@/lib/validation/advisors';
import { countNudgeSql } from './nudges';
import { REMINDER_INTERVAL_MS } from './rules';

export const REMINDER_SENT = 'Reminder sent';
export const REMINDER_TOO_SOON = 'A reminder was already sent to this household in the last 24 hours.';
export const REMINDER_SUBMITTED = 'This trust has already been submitted for attorney review.';
export const REMINDER_NO_EMAIL = 'This household has no e-mail address to send a reminder to.';

/**
 * 'Send reminder' on the dashboard: e-mails each client of a household in the actor's scope a link back to
 * their intake (sign-in, then the client-info page). At most one a day per household (the condition is part
 * of the UPDATE, so two clicks send one), audited, and refused once the trust is submitted.
 */
export async function sendReminder(ctx: RequestContext, input: SendReminderInput): Promise<{ sentTo: number }> {
  const result = await db.transaction(async (tx) => {
    const household = await loadHousehold(ctx, input.client_hash, 'client.remind', tx);
    const ids = household.spouseId === null ? [household.clientId] : [household.clientId, household.spouseId];
    const people = await tx
      .select({
        id: clients.id,
        loginEmail: users.email,
        email: persons.email,
        ...personNameColumns,
        advisorName: sql<
          string | null
        >`(select concat_ws(' ', ap.first_name, ap.last_name) from advisors a join users au on au.id = a.user_id join persons ap on ap.id = au.person_id where a.id = ${clients.advisorId})`,
        // The one "submitted" rule (lib/estate-plans/submitted.ts): the latest plan, or a client's flag.
        householdSubmitted: householdSubmittedSql(sql`${household.clientId}::int`, sql`${household.spouseId}::int`),
      })
      .from(clients)
      .innerJoin(persons, eq(persons.id, clients.personId))
      .leftJoin(users, eq(users.id, clients.userId))
      .where(inArray(clients.id, ids));
    if (people.some((p) => p.householdSubmitted)) throw new AppError('CONFLICT', REMINDER_SUBMITTED);
    const recipients = people.filter((p) => p.loginEmail || p.email);
    if (!recipients.length) throw new AppError('VALIDATION', REMINDER_NO_EMAIL);
    const stamped = await tx
      .update(households)
      // The reminder counts toward the automatic nudges' tally (nudges.ts).
      .set({ reminderSentAt: sql`now()`, ...countNudgeSql(sql`now()`) })
      .where(
        and(
          eq(households.id, household.householdId),
          or(isNull(households.reminderSentAt), sql`${households.reminderSentAt} <= now() - make_interval(secs => ${REMINDER_INTERVAL_MS / 1000})`),
        ),
      )
      .returning({ id: households.id });
    if (!stamped.length) throw new AppError('RATE_LIMITED', REMINDER_TOO_SOON);
    for (const p of recipients) {
      await queueMail(
        tx,
        reminderMail({
          to: (p.loginEmail || p.email)!,
          clientName: p.firstName?.trim() || personName(p),
          advisorName: p.advisorName?.trim() || 'Your financial advisor',
        }),
      );
    }
    await audit(tx, ctx, 'client.reminder', { type: 'household', id: household.householdId }, { recipients: recipients.length });
    return { sentTo: recipients.length };
  });
  return result;
}

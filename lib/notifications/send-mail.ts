import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { db } from '@/db';
import { notifications, persons, users } from '@/db/schema';
import { absoluteUrl } from '@/lib/config/site';
import type { SystemContext } from '@/lib/kernel/system-context';
import { queueMail } from '@/lib/mail/send-mail';
import { noticeMail } from '@/lib/mail/templates/notice';
import { NOTIFICATION_KIND_INFO, type NotificationKind } from './kinds';
import { emailsKind } from './preferences';
import { unsubscribePageUrl, unsubscribePostUrl, unsubscribeToken } from './unsubscribe-token';

/** Why a notice's mail was not sent (stored on the row). */
export type MailSkipped = 'disabled' | 'switched-off';

/**
 * Sends one notice's mail, at most once: the row's mail is claimed (emailed_at set where it was null) in the
 * transaction that queues the mail, so a retried job, a redelivered one or another server's finds it
 * claimed and does nothing, and a crash before the commit leaves it unclaimed for the retry. A disabled login
 * or a kind the user switched off gets no mail (the reason is kept). A non-essential mail carries a one-click
 * unsubscribe for its kind (a link in the text, and the List-Unsubscribe headers of RFC 8058).
 */
export async function sendNotificationMail(ctx: SystemContext, notificationId: number, action: string | null): Promise<'queued' | MailSkipped | 'done'> {
  return db.transaction(async (tx) => {
    const [notice] = await tx
      .update(notifications)
      .set({ emailedAt: ctx.now })
      .where(and(eq(notifications.id, notificationId), isNull(notifications.emailedAt)))
      .returning();
    if (!notice) return 'done';
    const [user] = await tx
      .select({ id: users.id, hash: users.hash, email: users.email, disabledAt: users.disabledAt, firstName: persons.firstName })
      .from(users)
      .leftJoin(persons, eq(persons.id, users.personId))
      .where(eq(users.id, notice.userId))
      .limit(1);
    const kind = notice.kind as NotificationKind;
    const skipped: MailSkipped | null = !user || user.disabledAt ? 'disabled' : (await emailsKind(tx, user.id, kind)) ? null : 'switched-off';
    if (skipped || !user) {
      await tx.update(notifications).set({ emailSkipped: skipped }).where(eq(notifications.id, notice.id));
      return skipped ?? 'disabled';
    }
    const name = user.firstName?.trim() ?? '';
    const essential = NOTIFICATION_KIND_INFO[kind].essential;
    const token = essential ? null : unsubscribeToken(user.hash, kind);
    await queueMail(
      tx,
      noticeMail({
        to: user.email,
        name,
        title: notice.title,
        body: notice.body,
        url: absoluteUrl(notice.link),
        action,
        unsubscribe: token ? { kindLabel: NOTIFICATION_KIND_INFO[kind].label, pageUrl: unsubscribePageUrl(token), postUrl: unsubscribePostUrl(token) } : null,
      }),
    );
    return 'queued';
  });
}

import 'server-only';
import { and, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '@/db';
import { notifications, users } from '@/db/schema';
import { enqueue } from '@/lib/jobs/enqueue';
import { sendNotificationMailJob } from './jobs/send-notification-mail';
import type { NotificationKind } from './kinds';

/** One event as its use case raises it: the same notice for each of its recipients. */
export type NotificationEvent = {
  /**
   * Names the event once and for all (`plan-status:<history row id>` …): a second raise of the same key
   * (a retried request, a redelivered job, another server) notifies nobody again.
   */
  key: string;
  kind: NotificationKind;
  /** The bell's line and the mail's subject. */
  title: string;
  /** A sentence or two: the bell's detail and the mail's text. */
  body: string;
  /** The page to open, a path of this app. */
  link: string;
  /** The mail's button (default 'Open Trustwell'). */
  action?: string;
  /**
   * False: the bell only. For an event whose use case already mails its addressee directly (a refused
   * auto-pay tells the advisor at once, with what to do): the notice is not mailed a second time.
   */
  mail?: boolean;
};

/*
 * Sending is event → recipients → one job per recipient. The use case calls notify inside its own
 * transaction with the recipients it computed by the pages' scope rules (recipients.ts): a rolled-back
 * change notifies nobody. Each recipient gets one row (unique per event and user) and, for a new row only,
 * one mail job (jobs/send-notification-mail.ts), which claims the row's mail before queueing it.
 * Disabled logins get nothing. This module knows no feature: the texts are the use case's.
 */

/** Notifies each of `userIds` of the event once; answers how many were new. Call inside the change's transaction. */
export async function notify(q: Queryable, event: NotificationEvent, userIds: readonly (number | null | undefined)[]): Promise<number> {
  const ids = [...new Set(userIds.filter((id): id is number => typeof id === 'number'))];
  if (ids.length === 0) return 0;
  const active = await q
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.disabledAt)));
  if (active.length === 0) return 0;
  const created = await q
    .insert(notifications)
    .values(
      active.map(({ id }) => ({
        userId: id,
        kind: event.kind,
        eventKey: event.key,
        title: event.title,
        body: event.body,
        link: event.link,
        ...(event.mail === false ? { emailSkipped: 'mailed-directly' } : {}),
      })),
    )
    .onConflictDoNothing({ target: [notifications.eventKey, notifications.userId] })
    .returning({ id: notifications.id });
  if (event.mail === false) return created.length;
  for (const { id } of created) await enqueue(q, sendNotificationMailJob, { notificationId: id, action: event.action ?? null });
  return created.length;
}

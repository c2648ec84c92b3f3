import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { db } from '@/db';
import { notifications } from '@/db/schema';
import type { RequestContext } from '@/lib/kernel/context';
import { localPath } from '@/lib/config/local-path';
import { AppError } from '@/lib/kernel/errors';
import { rowsOf } from '@/lib/kernel/rows';
import type { NotificationKind } from './kinds';

/*
 * The bell: the signed-in user's own notices, newest first (keyset paging over the id, by a notice's
 * public hash as the cursor), how many are unread, and marking them read. Every query is the actor's own
 * rows: a notice of someone else's is NOT_FOUND, exactly as one that does not exist.
 */

export const INBOX_PAGE_SIZE = 20;
/** The badge stops counting here ('99+'). */
export const UNREAD_CAP = 99;

export type NotificationItem = { hash: string; kind: NotificationKind; title: string; body: string; link: string; createdAt: Date; read: boolean };

/** How many unread notices the user has, counted up to UNREAD_CAP + 1. */
export async function unreadCount(userId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from (select 1 from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.readAt} is null limit ${UNREAD_CAP + 1}) unread`,
    ),
  );
  return Number(row?.n ?? 0);
}

/** A page of the user's notices, older than the one `before` names; `next` names the last one when more follow. */
export async function listNotifications(ctx: RequestContext, before?: string | null): Promise<{ items: NotificationItem[]; next: string | null }> {
  const cursor = before
    ? sql`${notifications.id} < (select id from ${notifications} n where n.hash = ${before} and n.user_id = ${ctx.actor.userId})`
    : undefined;
  const rows = await db
    .select({
      hash: notifications.hash,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, ctx.actor.userId), cursor))
    .orderBy(desc(notifications.id))
    .limit(INBOX_PAGE_SIZE + 1);
  const items = rows.slice(0, INBOX_PAGE_SIZE).map(({ readAt, kind, ...row }) => ({ ...row, kind: kind as NotificationKind, read: readAt !== null }));
  return { items, next: rows.length > INBOX_PAGE_SIZE ? items[items.length - 1].hash : null };
}

/** While an admin acts as someone, their notices are read, never marked: they stay new for their owner. */
export const NOTICES_WHILE_IMPERSONATING = 'Notifications are not changed while acting as another user.';

/** Marks one of the user's notices read (not while acting as them) and answers the page it opens. */
export async function openNotification(ctx: RequestContext, input: { hash: string }): Promise<{ link: string }> {
  const mine = and(eq(notifications.hash, input.hash), eq(notifications.userId, ctx.actor.userId));
  const [row] = ctx.actor.impersonator
    ? await db.select({ link: notifications.link }).from(notifications).where(mine).limit(1)
    : await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${ctx.now.toISOString()}::timestamptz)` })
        .where(mine)
        .returning({ link: notifications.link });
  if (!row) throw new AppError('NOT_FOUND');
  // Links are written by the use cases as paths of this app; a redirect never leaves it whatever is stored.
  return { link: localPath(row.link) ?? '/dashboard' };
}

/** Marks every unread notice of the user's read; answers how many. */
export async function markAllRead(ctx: RequestContext): Promise<{ marked: number }> {
  if (ctx.actor.impersonator) throw new AppError('FORBIDDEN', NOTICES_WHILE_IMPERSONATING);
  const rows = await db
    .update(notifications)
    .set({ readAt: ctx.now })
    .where(and(eq(notifications.userId, ctx.actor.userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { marked: rows.length };
}

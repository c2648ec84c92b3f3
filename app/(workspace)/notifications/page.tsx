import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { MarkAllReadButton, NoticeList, type NoticeView } from '@/components/notifications/notice-list';
import { unreadCountOnce } from '@/components/notifications/unread-count';
import { timeAgo } from '@/components/notifications/when';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { localPath } from '@/lib/auth/landing';
import { formatAppDateTime } from '@/lib/format/app-time';
import { requirePageContext } from '@/lib/http/page';
import { listNotifications, NOTICES_WHILE_IMPERSONATING, UNREAD_CAP } from '@/lib/notifications/inbox';
import styles from './notifications.module.css';

export const metadata: Metadata = { title: 'Notifications', robots: { index: false } };

type Props = { searchParams: Promise<{ before?: string | string[] }> };

/**
 * The bell's page (issue 29): the signed-in user's own notices, newest first, twenty at a time (Older
 * follows the last one's hash), each opening the page it is about and becoming read; Mark all as read. Any
 * signed-in role has one. An admin acting as someone sees their notices without marking them.
 */
export default async function NotificationsPage({ searchParams }: Props) {
  const raw = (await searchParams).before;
  const before = typeof raw === 'string' && raw.length > 0 ? raw : null;
  const ctx = await requirePageContext('signed-in', before ? `/notifications?${new URLSearchParams({ before })}` : '/notifications');
  const [{ items, next }, unread] = await Promise.all([listNotifications(ctx, before), unreadCountOnce(ctx.actor.userId)]);
  const notices: NoticeView[] = items.map((n) => ({
    hash: n.hash,
    title: n.title,
    body: n.body,
    href: localPath(n.link) ?? '/dashboard',
    read: n.read,
    at: n.createdAt.toISOString(),
    date: formatAppDateTime(n.createdAt),
    ago: timeAgo(n.createdAt, ctx.now),
  }));
  const impersonating = ctx.actor.impersonator !== null;

  return (
    <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
      <div className={styles.heading}>
        <div>
          <h1>Notifications</h1>
          <p className={styles.lead}>
            {unread === 0
              ? 'Nothing unread.'
              : unread === 1
                ? '1 unread notification.'
                : `${unread > UNREAD_CAP ? `${UNREAD_CAP}+` : unread} unread notifications.`}
          </p>
        </div>
        {unread > 0 && !impersonating ? <MarkAllReadButton /> : null}
      </div>
      {impersonating ? <p className={styles.note}>{NOTICES_WHILE_IMPERSONATING}</p> : null}

      {notices.length > 0 ? (
        <NoticeList items={notices} />
      ) : before ? (
        <p className={styles.empty}>No older notifications.</p>
      ) : (
        <section className={styles.caughtUp} aria-labelledby="notifications-empty">
          <h2 id="notifications-empty">You&rsquo;re all caught up</h2>
          <p>When something changes that concerns you, such as a trust moving to a new stage, a new document or a payment, you will see it here.</p>
        </section>
      )}

      {before || next ? (
        <nav aria-label="Notification pages" className={styles.pages}>
          {before ? <Link href="/notifications">Newest</Link> : null}
          {next ? <Link href={`/notifications?${new URLSearchParams({ before: next })}`}>Older</Link> : null}
        </nav>
      ) : null}

      <p className={styles.settings}>
        Choose which notifications are also e-mailed to you in <Link href="/settings?tab=notifications">Settings, Notifications</Link>.
      </p>
    </main>
  );
}

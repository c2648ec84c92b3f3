'use client';

import { useRouter } from 'next/navigation';
import { useState, type MouseEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useCall } from '@/components/ui/call-provider';
import { useNotice } from '@/components/ui/notice';
import { markAllReadAction, openNotificationAction } from '@/lib/actions/notifications';
import styles from './notice-list.module.css';

/** One notice as the page shows it: its texts, where it leads, and its moment already put in words by the server. */
export type NoticeView = {
  hash: string;
  title: string;
  body: string;
  /** The page it opens (a path of this app), for a link that works before the script runs. */
  href: string;
  read: boolean;
  /** ISO time, for <time>. */
  at: string;
  /** '11/23/2026, 9:31 AM' in the app's time zone. */
  date: string;
  /** '5 minutes ago', or null past a week. */
  ago: string | null;
};

/**
 * The inbox's notices, newest first. Opening one marks it read (openNotificationAction) and then loads the
 * page it names as a full navigation, so the header's count is read afresh. Before the script runs the link
 * still leads there (unmarked).
 */
export function NoticeList({ items }: { items: NoticeView[] }) {
  const call = useCall();

  const open = async (event: MouseEvent<HTMLAnchorElement>, notice: NoticeView) => {
    // A new tab or window keeps the browser's own behaviour (the notice stays unread there).
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    const result = await call(() => openNotificationAction({ hash: notice.hash }));
    if (result.ok) window.location.assign(result.data.link);
  };

  return (
    <ul className={styles.list}>
      {items.map((notice) => (
        <li key={notice.hash} className={notice.read ? styles.item : `${styles.item} ${styles.unread}`} data-read={notice.read}>
          <div className={styles.head}>
            {notice.read ? null : <span className={styles.new}>New</span>}
            <a href={notice.href} className={styles.title} onClick={(event) => void open(event, notice)}>
              {notice.title}
            </a>
          </div>
          <p className={styles.body}>{notice.body}</p>
          <p className={styles.when}>
            <time dateTime={notice.at} title={notice.date}>
              {notice.ago ? `${notice.ago} · ${notice.date}` : notice.date}
            </time>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Marks every unread notice read, says how many, and renders the page (and the header's bell) again. */
export function MarkAllReadButton() {
  const call = useCall();
  const notify = useNotice();
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  const markAll = async () => {
    setBusy(true);
    const result = await call(() => markAllReadAction({}), { overlay: false });
    setBusy(false);
    if (!result.ok) return;
    const { marked } = result.data;
    notify(marked === 1 ? '1 notification marked as read.' : `${marked} notifications marked as read.`);
    router.refresh();
  };

  return (
    <Button variant="secondary" size="sm" loading={busy} onClick={() => void markAll()}>
      Mark all as read
    </Button>
  );
}

import { Link } from '@/components/ui/link';
import styles from './bell-link.module.css';

/** What the header knows of the bell: the unread count, read up to one past `cap` (UNREAD_CAP of the inbox). */
export type BellCount = { unread: number; cap: number };

/** '3' or '99+': what the badge says for an unread count. */
export function badgeText({ unread, cap }: BellCount): string {
  return unread > cap ? `${cap}+` : String(unread);
}

/** The bell's accessible name: 'Notifications', or 'Notifications, 3 unread' ('99+ unread' past the cap). */
export function bellLabel(count: BellCount): string {
  return count.unread > 0 ? `Notifications, ${badgeText(count)} unread` : 'Notifications';
}

/**
 * The header's bell (issue 29): a link to /notifications, outside the Menu disclosure so a phone shows it
 * in the bar. The count is the server's (one capped count per render); the badge is hidden from screen
 * readers, which hear it in the link's name instead.
 */
export function BellLink({ count }: { count: BellCount }) {
  return (
    <Link href="/notifications" className={styles.bell} aria-label={bellLabel(count)} prefetch={false}>
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6l-1.7 3A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.4l-1.7-3V9a6 6 0 0 0-6-6Zm-2.5 15.5a2.5 2.5 0 0 0 5 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {count.unread > 0 ? (
        <span className={styles.badge} aria-hidden="true" data-testid="bell-badge">
          {badgeText(count)}
        </span>
      ) : null}
    </Link>
  );
}

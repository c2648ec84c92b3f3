import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { MAIN_CONTENT_ID } from '@/components/shell/header-view';
import { FEATURE_LOCKED_MESSAGE, lockWarningText } from '@/lib/billing/lock';
import type { AdvisorLock } from '@/lib/billing/lock';
import styles from './feature-lock.module.css';

/**
 * What a locked feature's page shows (the intake at client-info, New Client): the spec's message and what
 * the lock stops instead of the page (locked), or the page with a warning above it (one invoice before the
 * lock).
 */
export function FeatureLockGate({
  lock,
  showWarning,
  title = 'Client Information',
  detail = null,
  children,
}: {
  lock: AdvisorLock;
  showWarning: boolean;
  title?: string;
  /** What the lock stops, for the advisor's team (lockedFeaturesText); a client reads the message alone. */
  detail?: string | null;
  children: ReactNode;
}) {
  if (lock.state === 'locked') {
    return (
      <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
        <h1>{title}</h1>
        <div role="alert" className={styles.locked}>
          <p>{FEATURE_LOCKED_MESSAGE}</p>
          {detail ? <p>{detail}</p> : null}
        </div>
        <p>
          <Link href="/dashboard">Back to the dashboard</Link>
        </p>
      </main>
    );
  }
  return (
    <>
      {lock.state === 'warning' && showWarning ? (
        <div className={`container ${styles.warningWrap}`}>
          <p role="status" className={styles.warning}>
            {lockWarningText(lock.unpaid, lock.max)}
          </p>
        </div>
      ) : null}
      {children}
    </>
  );
}

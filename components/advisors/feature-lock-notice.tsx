import type { ReactNode } from 'react';
import Link from 'next/link';
import { MAIN_CONTENT_ID } from '@/components/shell/header-view';
import { FEATURE_LOCKED_MESSAGE, lockWarningText } from '@/lib/billing/lock';
import type { AdvisorLock } from '@/lib/billing/lock';
import styles from './feature-lock.module.css';

/**
 * What a client-info address shows under the features lock: the spec's message instead of the intake
 * (locked), or the intake with a warning above it (one invoice before the lock).
 */
export function FeatureLockGate({ lock, showWarning, children }: { lock: AdvisorLock; showWarning: boolean; children: ReactNode }) {
  if (lock.state === 'locked') {
    return (
      <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
        <h1>Client Information</h1>
        <div role="alert" className={styles.locked}>
          <p>{FEATURE_LOCKED_MESSAGE}</p>
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

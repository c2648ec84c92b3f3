'use client';

import { useIntake } from '../intake-context';
import { StatusBar, SubmittedBanner } from '../review/status-bar';
import { householdNames } from '../shared/people';
import { ReviewButton } from './review-button';
import { StatusHistory } from './status-history';
import styles from './intake-page.module.css';

/**
 * The page's title, the household's names, the latest plan's status (and its history) and the review entry; once submitted
 * the banner 'Trust {status}', and for attorneys and admins the status control.
 */
export function PageHeader() {
  const { view } = useIntake();
  return (
    <div className={styles.header}>
      <div>
        <h1>Client Information</h1>
        <p className={styles.names}>{householdNames(view)}</p>
        <p className={styles.status}>
          {view.latestPlan ? (
            <>
              Plan status: <span className={styles.statusValue}>{view.latestPlan.statusLabel}</span>
            </>
          ) : (
            'No estate plan found - Please contact support'
          )}
        </p>
        <StatusHistory />
      </div>
      <ReviewButton />
      <div className={styles.headerWide}>
        <SubmittedBanner />
        <StatusBar />
      </div>
    </div>
  );
}

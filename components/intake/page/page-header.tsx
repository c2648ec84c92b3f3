'use client';

import { PlanSummaryLink } from '@/components/plan-summary/summary-link';
import { useIntake } from '../intake-context';
import { PlanStatus, StatusBar } from '../review/status-bar';
import { householdNames } from '../shared/people';
import { ReviewButton } from './review-button';
import { StatusHistory } from './status-history';
import styles from './intake-page.module.css';

/**
 * The page's title, the household's names, the latest plan's status once (the banner 'Trust {status}' once
 * submitted) with its history, the plan summary PDF and the review entry, and for attorneys and admins the
 * status control.
 */
export function PageHeader() {
  const { view } = useIntake();
  return (
    <div className={styles.header}>
      <div>
        <h1>Client Information</h1>
        <p className={styles.names}>{householdNames(view)}</p>
        <PlanStatus />
        <StatusHistory />
      </div>
      <div className={styles.headerActions}>
        <PlanSummaryLink clientHash={view.client.hash} />
        <ReviewButton />
      </div>
      <div className={styles.headerWide}>
        <StatusBar />
      </div>
    </div>
  );
}

'use client';

import { useIntake } from '../intake-context';
import styles from './status-history.module.css';

export const STATUS_HISTORY_TITLE = 'Status history';

/**
 * The latest plan's status changes, newest first, in a disclosure under its status: when (the app's time
 * zone, formatted on the server), what it became, and who changed it ('System' for no user). A native
 * <details>, so it opens without script. Not printed: the review's print is the intake, not its workflow.
 */
export function StatusHistory() {
  const { view } = useIntake();
  const history = view.latestPlan?.history ?? [];
  if (!history.length) return null;
  return (
    <details className={`${styles.history} no-print`}>
      <summary>{STATUS_HISTORY_TITLE}</summary>
      <ol aria-label={STATUS_HISTORY_TITLE}>
        {[...history].reverse().map((change) => (
          <li key={`${change.at}-${change.statusLabel}`}>
            <time dateTime={change.at}>{change.atText}</time>
            <span>{change.statusLabel}</span>
            <span>by {change.by}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}

'use client';

import { Button } from '@/components/ui/button';
import { useIntake } from '../intake-context';
import styles from './intake-page.module.css';

/**
 * After a save refused as stale (409): says so and offers to load the latest version. Shown at the top of
 * the page and inside the open form, so the way out is where the person is.
 */
export function ConflictNotice() {
  const { conflict, reload, reloading } = useIntake();
  if (!conflict) return null;
  return (
    <div className={styles.notice} role="status">
      <p>Someone else changed this information after it was loaded here.</p>
      <Button variant="secondary" size="sm" onClick={reload} loading={reloading}>
        Reload the latest version
      </Button>
    </div>
  );
}

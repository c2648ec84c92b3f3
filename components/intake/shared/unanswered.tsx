'use client';

import { cx } from '@/components/ui/class-names';
import { useIntake } from '../intake-context';
import styles from './intake-fields.module.css';

export const UNANSWERED = 'Unanswered';

/** 'Unanswered' for a missing required answer; red, with a mark, once the review check turned errors on. */
export function Unanswered({ text = UNANSWERED }: { text?: string }) {
  const { showErrors } = useIntake();
  return (
    <span className={cx(styles.unanswered, showErrors && styles.unansweredError)} data-error={showErrors || undefined}>
      {showErrors && <span aria-hidden="true">! </span>}
      {text}
    </span>
  );
}

import type { ReactNode } from 'react';
import styles from './summary-list.module.css';

export type SummaryItem = {
  label: ReactNode;
  value: ReactNode;
  /** A stable key when the label is not a string. */
  key?: string;
};

/** Read-only answers as a description list: label above value on phones, side by side from 600px. */
export function SummaryList({ items }: { items: readonly SummaryItem[] }) {
  return (
    <dl className={styles.list}>
      {items.map((item, index) => (
        <div key={item.key ?? (typeof item.label === 'string' ? item.label : index)}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

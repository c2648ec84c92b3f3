'use client';

import type { ReactNode, Ref } from 'react';
import { Button } from '@/components/ui/button';
import styles from './settings-panel.module.css';

export type ReadOnlyValue = { label: string; value: ReactNode };

type Props = {
  id: string;
  title: string;
  /** What the Edit button edits, for its accessible name ('Edit name'). */
  subject: string;
  values: readonly ReadOnlyValue[];
  editing: boolean;
  /** Another group is being edited: only one group is editable at a time. */
  locked: boolean;
  onEdit: () => void;
  editRef: Ref<HTMLButtonElement>;
  /** The edit form, rendered only while editing (so it starts fresh every time). */
  children: ReactNode;
};

/** One field group of My Information: its values read-only with an Edit button, or its edit form. */
export function SettingsGroup({ id, title, subject, values, editing, locked, onEdit, editRef, children }: Props) {
  const headingId = `${id}-heading`;
  return (
    <section className={styles.group} aria-labelledby={headingId}>
      <div className={styles.groupHeader}>
        <h2 id={headingId} className={styles.groupTitle}>
          {title}
        </h2>
        {!editing && (
          <Button ref={editRef} variant="secondary" size="sm" onClick={onEdit} disabled={locked}>
            Edit<span className="visually-hidden"> {subject}</span>
          </Button>
        )}
      </div>
      {editing ? (
        children
      ) : (
        <dl className={styles.values}>
          {values.map(({ label, value }) => (
            <div key={label} className={styles.valueRow}>
              <dt>{label}</dt>
              <dd>{value || <span className={styles.empty}>Not provided</span>}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

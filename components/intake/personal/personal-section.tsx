'use client';

import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/class-names';
import { useNotice } from '@/components/ui/notice';
import type { ClientView } from '@/lib/intake/types';
import { useIntake } from '../intake-context';
import { IntakeSection } from '../page/intake-section';
import { nameOf } from '../shared/people';
import { PersonalForm } from './personal-form';
import { PERSONAL_INFO_UPDATED } from './personal-questions';
import { PersonalSummary } from './personal-summary';
import styles from './personal.module.css';

/**
 * Section 1: personal info of the client and the spouse, each read-only with an Edit button that opens
 * that client's editor in place (one at a time). A save shows the refreshed answers and a non-blocking
 * notice: the spec names no dialog for it (issue 27, fewer interruptions).
 */
export function PersonalSection() {
  const { view, canEdit, generation } = useIntake();
  const notify = useNotice();
  const [editing, setEditing] = useState<string | null>(null);
  const editButtons = useRef(new Map<string, HTMLButtonElement | null>());
  const clients = [view.client, ...(view.spouse ? [view.spouse] : [])];

  /** Leaves the editor and puts the focus back on the client's Edit button. */
  const close = (hash: string) => {
    flushSync(() => setEditing(null));
    editButtons.current.get(hash)?.focus();
  };

  const panel = (client: ClientView) => {
    const name = nameOf(client.person);
    const isEditing = editing === client.hash;
    const headingId = `personal-${client.hash}`;
    return (
      <section key={client.hash} aria-labelledby={headingId} className={cx(styles.panel, isEditing && styles.editing)}>
        <div className={styles.panelHeader}>
          <h3 id={headingId}>{name || (client.ownerNo === 1 ? 'Client' : 'Spouse')}</h3>
          {canEdit && !isEditing && (
            <Button
              ref={(element) => {
                editButtons.current.set(client.hash, element);
              }}
              variant="secondary"
              size="sm"
              onClick={() => setEditing(client.hash)}
              disabled={editing !== null}
            >
              <span className={styles.pencil}>
                <span aria-hidden="true">✎</span> Edit
              </span>
              <span className="visually-hidden"> personal info of {name}</span>
            </Button>
          )}
        </div>
        {isEditing ? (
          <PersonalForm
            // A reload starts the editor again from the latest version.
            key={generation}
            client={client}
            onCancel={() => close(client.hash)}
            onSaved={() => {
              close(client.hash);
              notify(PERSONAL_INFO_UPDATED);
            }}
          />
        ) : (
          <PersonalSummary client={client} />
        )}
      </section>
    );
  };

  return (
    <IntakeSection section="personal">
      <div className={styles.clients}>{clients.map(panel)}</div>
    </IntakeSection>
  );
}

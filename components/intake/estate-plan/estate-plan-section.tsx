'use client';

import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '@/components/ui/button';
import { useMessage } from '@/components/ui/call-provider';
import { useIntake } from '../intake-context';
import { IntakeSection } from '../page/intake-section';
import { nameOf } from '../shared/people';
import { EstatePlanForm } from './estate-plan-form';
import { EstatePlanSummary } from './estate-plan-summary';
import styles from './estate-plan.module.css';

/**
 * Section 2: Current and New Estate Plan Info. A read-only summary per client and an edit pencil that
 * switches to the edit form (Save and Cancel); a save confirms with the spec's text.
 */
export function EstatePlanSection() {
  const { view, canEdit, generation } = useIntake();
  const { showMessage } = useMessage();
  const [editing, setEditing] = useState(false);
  const pencil = useRef<HTMLButtonElement>(null);
  const clients = [view.client, ...(view.spouse ? [view.spouse] : [])];

  const close = () => {
    flushSync(() => setEditing(false));
    pencil.current?.focus();
  };

  const tools =
    canEdit && !editing ? (
      <Button ref={pencil} variant="secondary" size="sm" onClick={() => setEditing(true)}>
        <span className={styles.pencil}>
          <span aria-hidden="true">✎</span> Edit
        </span>
        <span className="visually-hidden"> current and new estate plan info</span>
      </Button>
    ) : undefined;

  return (
    <IntakeSection section="estatePlan" tools={tools}>
      {editing ? (
        <EstatePlanForm
          key={generation}
          onCancel={close}
          onSaved={(message) => {
            close();
            void showMessage({ title: 'Success', message, tone: 'success' });
          }}
        />
      ) : (
        <div className={styles.clients}>
          {clients.map((client) => (
            <section key={client.hash} aria-labelledby={`estate-plan-${client.hash}`} className={styles.client}>
              <h3 id={`estate-plan-${client.hash}`}>{nameOf(client.person) || (client.ownerNo === 1 ? 'Client' : 'Spouse')}</h3>
              <EstatePlanSummary client={client} />
            </section>
          ))}
        </div>
      )}
    </IntakeSection>
  );
}

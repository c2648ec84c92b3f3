'use client';

import { useId, useState } from 'react';
import { useCall } from '@/components/ui/call-provider';
import { Field, Textarea } from '@/components/ui/field';
import { saveNoteAction } from '@/lib/actions/intake';
import { noteShouldSave } from '@/lib/intake/asset-rules';
import { NOTE_MAX_LENGTH } from '@/lib/validation/intake-assets';
import { useIntake } from '../intake-context';
import { IntakeSection } from '../page/intake-section';
import styles from './assets.module.css';

export const NOTE_ROWS = 10;

/**
 * Section 14: additional comments / questions for the attorney. Saved on blur when the entered or the
 * stored note is non-empty (intake §5), without the loading overlay; a failed save shows the Error dialog
 * and keeps what was typed.
 */
export function NoteSection() {
  const { view, canEdit, run } = useIntake();
  const call = useCall();
  const stored = view.note.body;
  const [text, setText] = useState(stored);
  const [shownFor, setShownFor] = useState(stored);
  const [status, setStatus] = useState('');
  const statusId = useId();
  // A refreshed view with another note (someone saved, a reload) replaces the text.
  if (stored !== shownFor) {
    setShownFor(stored);
    setText(stored);
  }

  const save = async () => {
    if (!canEdit || !noteShouldSave(text, stored)) return;
    setStatus('Saving…');
    const result = await call(() => run(() => saveNoteAction({ client_hash: view.client.hash, version: view.note.version ?? undefined, body: text })), {
      overlay: false,
    });
    setStatus(result.ok ? 'Saved.' : '');
  };

  return (
    <IntakeSection section="notes">
      <div className={styles.note}>
        <Field label="Additional comments or questions for your attorney" hint={canEdit ? 'Saved when you leave the field.' : undefined}>
          <Textarea
            name="note"
            rows={NOTE_ROWS}
            value={text}
            maxLength={NOTE_MAX_LENGTH}
            readOnly={!canEdit}
            aria-describedby={statusId}
            onChange={(event) => {
              setText(event.target.value);
              setStatus('');
            }}
            onBlur={() => void save()}
          />
        </Field>
        <p id={statusId} className={styles.noteStatus} role="status" aria-live="polite">
          {status}
        </p>
      </div>
    </IntakeSection>
  );
}

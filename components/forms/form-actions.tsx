'use client';

import { Button } from '@/components/ui/button';
import styles from './form-actions.module.css';

type Props = {
  saving: boolean;
  onCancel: () => void;
  /** Without a submit button Enter does not submit (the password form, per the spec); Save is then a click. */
  onSave?: () => void;
};

/** Save and Cancel under an inline edit form (settings, the intake's personal and estate plan forms). */
export function FormActions({ saving, onCancel, onSave }: Props) {
  return (
    <div className={styles.actions}>
      <Button type={onSave ? 'button' : 'submit'} onClick={onSave} loading={saving}>
        Save
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
    </div>
  );
}

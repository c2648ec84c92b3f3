'use client';

import { Form, TextField, useActionForm } from '@/components/forms';
import { updatePasswordAction } from '@/lib/actions/settings';
import { NEW_PASSWORD_MIN_LENGTH, updatePasswordSchema } from '@/lib/validation/settings';
import { CurrentPasswordField, currentPasswordAlert } from './current-password-field';
import { FormActions } from '@/components/forms/form-actions';
import styles from './settings-panel.module.css';

type Props = { onSaved: (data: { message: string }) => void; onCancel: () => void };

/**
 * Sets a new password (with its confirmation, sent along). Per the spec, Enter does not submit this one:
 * the Form gets no onSubmit and has no submit button, so Save is a click.
 */
export function PasswordForm({ onSaved, onCancel }: Props) {
  const { form, submit, saving } = useActionForm({
    schema: updatePasswordSchema,
    defaults: { new_password: '', new_password_confirmation: '', password_check: '' },
    action: updatePasswordAction,
    onSuccess: onSaved,
    invalidAlert: currentPasswordAlert,
    initialFocus: 'new_password',
  });

  return (
    <Form form={form} className={styles.form} aria-label="Edit password">
      <TextField
        name="new_password"
        label="New Password"
        required
        hint={`At least ${NEW_PASSWORD_MIN_LENGTH} characters.`}
        type="password"
        autoComplete="new-password"
      />
      <TextField name="new_password_confirmation" label="Confirm New Password" required type="password" autoComplete="new-password" />
      <CurrentPasswordField />
      <FormActions saving={saving} onCancel={onCancel} onSave={submit} />
    </Form>
  );
}

'use client';

import { Form, TextField, useActionForm } from '@/components/forms';
import { updateEmailAction } from '@/lib/actions/settings';
import { EMAIL_UNCHANGED, updateEmailSchema } from '@/lib/validation/settings';
import { CurrentPasswordField, currentPasswordAlert } from './current-password-field';
import { FormActions } from '@/components/forms/form-actions';
import styles from './settings-panel.module.css';

type Props = {
  email: string;
  phone: string;
  onSaved: (data: { message: string; email: string; pendingEmail: string }) => void;
  onCancel: () => void;
};

/**
 * Edits the login email; Enter submits. The unchanged-email check runs here first and again on the server.
 * Saving asks for the change: the new address gets a confirmation link, and the email changes only then.
 */
export function EmailForm({ email, phone, onSaved, onCancel }: Props) {
  const { form, submit, saving } = useActionForm({
    schema: updateEmailSchema,
    defaults: { contact_info: { email, phone }, password_check: '' },
    // The schema has already trimmed and lower-cased the new address, as the server stores it.
    precheck: (input) => input.contact_info.email === email.trim().toLowerCase() && EMAIL_UNCHANGED,
    // The legacy shape: the call carries the whole contact_info.
    action: (input) => updateEmailAction({ ...input, contact_info: { email: input.contact_info.email, phone } }),
    onSuccess: onSaved,
    invalidAlert: currentPasswordAlert,
    initialFocus: 'contact_info.email',
  });

  return (
    <Form form={form} onSubmit={submit} className={styles.form} aria-label="Edit email">
      <TextField name="contact_info.email" label="Email" required type="email" autoComplete="email" inputMode="email" />
      <CurrentPasswordField />
      <FormActions saving={saving} onCancel={onCancel} />
    </Form>
  );
}

'use client';

import { Form, PhoneField, useActionForm } from '@/components/forms';
import { updatePhoneAction } from '@/lib/actions/settings';
import { updatePhoneSchema } from '@/lib/validation/settings';
import { CurrentPasswordField, currentPasswordAlert } from './current-password-field';
import { FormActions } from '@/components/forms/form-actions';
import styles from './settings-panel.module.css';

type Props = {
  email: string;
  phone: string;
  onSaved: (data: { message: string; phone: string }) => void;
  onCancel: () => void;
};

/** Edits the phone number behind the (999) 999-9999 mask; Enter submits. */
export function PhoneForm({ email, phone, onSaved, onCancel }: Props) {
  const { form, submit, saving } = useActionForm({
    schema: updatePhoneSchema,
    defaults: { contact_info: { email, phone }, password_check: '' },
    action: (input) => updatePhoneAction({ ...input, contact_info: { email, phone: input.contact_info.phone } }),
    onSuccess: onSaved,
    invalidAlert: currentPasswordAlert,
    initialFocus: 'contact_info.phone',
  });

  return (
    <Form form={form} onSubmit={submit} className={styles.form} aria-label="Edit phone">
      <PhoneField name="contact_info.phone" label="Phone" required />
      <CurrentPasswordField />
      <FormActions saving={saving} onCancel={onCancel} />
    </Form>
  );
}

'use client';

import { Form, NameField, SelectField, useActionForm } from '@/components/forms';
import { updateNameAction } from '@/lib/actions/settings';
import type { SettingsName } from '@/lib/account-settings/types';
import { SETTINGS_SUFFIXES, updateNameSchema } from '@/lib/validation/settings';
import { CurrentPasswordField, currentPasswordAlert } from './current-password-field';
import { FormActions } from '@/components/forms/form-actions';
import styles from './settings-panel.module.css';

const SUFFIX_OPTIONS = SETTINGS_SUFFIXES.filter(Boolean);

type Props = { name: SettingsName; onSaved: (data: { message: string; name: SettingsName }) => void; onCancel: () => void };

/** Edits nickname, first, middle and last name and suffix; Enter submits. */
export function NameForm({ name, onSaved, onCancel }: Props) {
  const { form, submit, saving } = useActionForm({
    schema: updateNameSchema,
    defaults: { ...name, password_check: '' },
    action: updateNameAction,
    onSuccess: onSaved,
    invalidAlert: currentPasswordAlert,
    initialFocus: 'nickname',
  });

  return (
    <Form form={form} onSubmit={submit} className={styles.form} aria-label="Edit name">
      <div className={styles.grid}>
        <NameField name="nickname" label="Nickname" autoComplete="nickname" />
        <NameField name="first_name" label="First Name" required autoComplete="given-name" />
        <NameField name="middle_name" label="Middle Name" autoComplete="additional-name" />
        <NameField name="last_name" label="Last Name" required autoComplete="family-name" />
        <SelectField name="suffix" label="Suffix" placeholder="None" options={SUFFIX_OPTIONS} autoComplete="honorific-suffix" />
      </div>
      <CurrentPasswordField />
      <FormActions saving={saving} onCancel={onCancel} />
    </Form>
  );
}

'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { updateEmailAction } from '@/app/(workspace)/settings/actions';
import { ERROR_TITLE, useCall, useMessage } from '@/components/ui/call-provider';
import { Field, TextInput } from '@/components/ui/field';
import { EMAIL_UNCHANGED, updateEmailSchema, type UpdateEmailForm, type UpdateEmailInput } from '@/lib/validation/settings';
import { CurrentPasswordField } from './current-password-field';
import { applyServerErrors } from './form-errors';
import { FormActions } from './form-actions';
import { useInvalidHandler } from './use-invalid-handler';
import styles from './settings-panel.module.css';

type Props = {
  email: string;
  phone: string;
  onSaved: (data: { message: string; email: string }) => void;
  onCancel: () => void;
};

/** Edits the login email; Enter submits. The unchanged-email check runs here first and again on the server. */
export function EmailForm({ email, phone, onSaved, onCancel }: Props) {
  const call = useCall();
  const { showMessage } = useMessage();
  const onInvalid = useInvalidHandler();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<UpdateEmailForm, unknown, UpdateEmailInput>({
    resolver: zodResolver(updateEmailSchema),
    defaultValues: { contact_info: { email, phone }, password_check: '' },
  });

  useEffect(() => setFocus('contact_info.email'), [setFocus]);

  const onValid = async (input: UpdateEmailInput) => {
    // The schema has already trimmed and lower-cased the new address, as the server stores it.
    if (input.contact_info.email === email.trim().toLowerCase()) {
      void showMessage({ title: ERROR_TITLE, message: EMAIL_UNCHANGED, tone: 'error' });
      return;
    }
    // The legacy shape: the call carries the whole contact_info.
    const result = await call(() => updateEmailAction({ ...input, contact_info: { email: input.contact_info.email, phone } }));
    if (result.ok) onSaved(result.data);
    else applyServerErrors(result.fieldErrors, setError, ['contact_info.email', 'password_check']);
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label="Edit email">
      <Field label="Email" required error={errors.contact_info?.email?.message}>
        <TextInput type="email" autoComplete="email" inputMode="email" {...register('contact_info.email')} />
      </Field>
      <CurrentPasswordField registration={register('password_check')} error={errors.password_check?.message} />
      <FormActions saving={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

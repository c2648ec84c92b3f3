'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { updatePasswordAction } from '@/app/(workspace)/settings/actions';
import { useCall } from '@/components/ui/call-provider';
import { Field, TextInput } from '@/components/ui/field';
import {
  NEW_PASSWORD_MIN_LENGTH,
  updatePasswordSchema,
  type UpdatePasswordForm,
  type UpdatePasswordInput,
} from '@/lib/validation/settings';
import { CurrentPasswordField } from './current-password-field';
import { applyServerErrors } from './form-errors';
import { FormActions } from './form-actions';
import { useInvalidHandler } from './use-invalid-handler';
import styles from './settings-panel.module.css';

const FIELDS = ['new_password', 'new_password_confirmation', 'password_check'] as const;

type Props = { onSaved: (data: { message: string }) => void; onCancel: () => void };

/**
 * Sets a new password (with its confirmation, sent along). Per the spec, Enter does not submit this one:
 * the form has no submit button, so the browser's implicit submission never fires; Save is a click.
 */
export function PasswordForm({ onSaved, onCancel }: Props) {
  const call = useCall();
  const onInvalid = useInvalidHandler();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<UpdatePasswordForm, unknown, UpdatePasswordInput>({
    resolver: zodResolver(updatePasswordSchema),
    defaultValues: { new_password: '', new_password_confirmation: '', password_check: '' },
  });

  useEffect(() => setFocus('new_password'), [setFocus]);

  const onValid = async (input: UpdatePasswordInput) => {
    const result = await call(() => updatePasswordAction(input));
    if (result.ok) onSaved(result.data);
    else applyServerErrors(result.fieldErrors, setError, FIELDS);
  };

  return (
    <form className={styles.form} onSubmit={(event) => event.preventDefault()} noValidate aria-label="Edit password">
      <Field label="New Password" required hint={`At least ${NEW_PASSWORD_MIN_LENGTH} characters.`} error={errors.new_password?.message}>
        <TextInput type="password" autoComplete="new-password" {...register('new_password')} />
      </Field>
      <Field label="Confirm New Password" required error={errors.new_password_confirmation?.message}>
        <TextInput type="password" autoComplete="new-password" {...register('new_password_confirmation')} />
      </Field>
      <CurrentPasswordField registration={register('password_check')} error={errors.password_check?.message} />
      <FormActions saving={isSubmitting} onCancel={onCancel} onSave={handleSubmit(onValid, onInvalid)} />
    </form>
  );
}

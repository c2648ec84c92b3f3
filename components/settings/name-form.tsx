'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { updateNameAction } from '@/app/(workspace)/settings/actions';
import { useCall } from '@/components/ui/call-provider';
import { Field, Select, TextInput } from '@/components/ui/field';
import type { SettingsName } from '@/lib/account-settings/types';
import { NAME_SUFFIXES } from '@/lib/format/names';
import { updateNameSchema, type UpdateNameForm, type UpdateNameInput } from '@/lib/validation/settings';
import { CurrentPasswordField } from './current-password-field';
import { applyServerErrors } from './form-errors';
import { FormActions } from './form-actions';
import { useInvalidHandler } from './use-invalid-handler';
import styles from './settings-panel.module.css';

const SUFFIX_OPTIONS = NAME_SUFFIXES.map((suffix) => ({ value: suffix, label: suffix }));
const FIELDS = ['nickname', 'first_name', 'middle_name', 'last_name', 'suffix', 'password_check'] as const;

type Props = { name: SettingsName; onSaved: (data: { message: string; name: SettingsName }) => void; onCancel: () => void };

/** Edits nickname, first, middle and last name and suffix; Enter submits. */
export function NameForm({ name, onSaved, onCancel }: Props) {
  const call = useCall();
  const onInvalid = useInvalidHandler();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<UpdateNameForm, unknown, UpdateNameInput>({
    resolver: zodResolver(updateNameSchema),
    defaultValues: { ...name, password_check: '' },
  });

  useEffect(() => setFocus('nickname'), [setFocus]);

  const onValid = async (input: UpdateNameInput) => {
    const result = await call(() => updateNameAction(input));
    if (result.ok) onSaved(result.data);
    else applyServerErrors(result.fieldErrors, setError, FIELDS);
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label="Edit name">
      <div className={styles.grid}>
        <Field label="Nickname" error={errors.nickname?.message}>
          <TextInput autoComplete="nickname" {...register('nickname')} />
        </Field>
        <Field label="First Name" required error={errors.first_name?.message}>
          <TextInput autoComplete="given-name" {...register('first_name')} />
        </Field>
        <Field label="Middle Name" error={errors.middle_name?.message}>
          <TextInput autoComplete="additional-name" {...register('middle_name')} />
        </Field>
        <Field label="Last Name" required error={errors.last_name?.message}>
          <TextInput autoComplete="family-name" {...register('last_name')} />
        </Field>
        <Field label="Suffix" error={errors.suffix?.message}>
          <Select placeholder="None" options={SUFFIX_OPTIONS} autoComplete="honorific-suffix" {...register('suffix')} />
        </Field>
      </div>
      <CurrentPasswordField registration={register('password_check')} error={errors.password_check?.message} />
      <FormActions saving={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

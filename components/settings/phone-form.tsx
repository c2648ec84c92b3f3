'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { updatePhoneAction } from '@/app/(workspace)/settings/actions';
import { useCall } from '@/components/ui/call-provider';
import { Field } from '@/components/ui/field';
import { MaskedInput } from '@/components/ui/masked-input';
import { updatePhoneSchema, type UpdatePhoneForm, type UpdatePhoneInput } from '@/lib/validation/settings';
import { CurrentPasswordField } from './current-password-field';
import { applyServerErrors } from './form-errors';
import { FormActions } from './form-actions';
import { useInvalidHandler } from './use-invalid-handler';
import styles from './settings-panel.module.css';

type Props = {
  email: string;
  phone: string;
  onSaved: (data: { message: string; phone: string }) => void;
  onCancel: () => void;
};

/** Edits the phone number behind the (999) 999-9999 mask; Enter submits. */
export function PhoneForm({ email, phone, onSaved, onCancel }: Props) {
  const call = useCall();
  const onInvalid = useInvalidHandler();
  const {
    control,
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<UpdatePhoneForm, unknown, UpdatePhoneInput>({
    resolver: zodResolver(updatePhoneSchema),
    defaultValues: { contact_info: { email, phone }, password_check: '' },
  });

  useEffect(() => setFocus('contact_info.phone'), [setFocus]);

  const onValid = async (input: UpdatePhoneInput) => {
    const result = await call(() => updatePhoneAction({ ...input, contact_info: { email, phone: input.contact_info.phone } }));
    if (result.ok) onSaved(result.data);
    else applyServerErrors(result.fieldErrors, setError, ['contact_info.phone', 'password_check']);
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label="Edit phone">
      <Field label="Phone" required error={errors.contact_info?.phone?.message}>
        <Controller
          control={control}
          name="contact_info.phone"
          render={({ field }) => (
            <MaskedInput
              mask="phone"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      </Field>
      <CurrentPasswordField registration={register('password_check')} error={errors.password_check?.message} />
      <FormActions saving={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { createClientAccountAction } from '@/app/(workspace)/join/actions';
import { Button } from '@/components/ui/button';
import { useCall, useMessage } from '@/components/ui/call-provider';
import { Field, Select, TextInput } from '@/components/ui/field';
import { MaskedInput } from '@/components/ui/masked-input';
import { accountCreatedMessage } from '@/lib/accounts/messages';
import {
  ACCOUNT_SUFFIXES,
  createClientAccountSchema,
  type CreateClientAccountFormOutput,
  type CreateClientAccountFormValues,
} from '@/lib/validation/accounts';
import { ADVISOR_REF_KEY } from '@/lib/accounts/referral';
import styles from './join-form.module.css';


const SUFFIX_OPTIONS = ACCOUNT_SUFFIXES.filter(Boolean).map((suffix) => ({ value: suffix, label: suffix }));

type Props = {
  /** The referring advisor's hash from the address, or '' when the visitor came without one. */
  advisorHash: string;
};

/**
 * The create-account form. Validates with the server's schema, submits through the server action under the
 * loading overlay (failures open the Error dialog), and on success confirms and goes to the login page.
 */
export function JoinForm({ advisorHash }: Props) {
  const router = useRouter();
  const call = useCall();
  const { showMessage } = useMessage();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateClientAccountFormValues, unknown, CreateClientAccountFormOutput>({
    resolver: zodResolver(createClientAccountSchema),
    defaultValues: {
      first_name: '',
      middle_name: '',
      last_name: '',
      suffix: '',
      email: '',
      phone: '',
      password: '',
      password_confirmation: '',
      advisor_hash: advisorHash,
    },
  });

  // Remember the referral so the trust landing page shows the discounted price on later visits.
  useEffect(() => {
    if (!advisorHash) return;
    try {
      window.localStorage.setItem(ADVISOR_REF_KEY, advisorHash);
    } catch {
      // Storage can be blocked (privacy modes); the discount still applies to this sign-up.
    }
  }, [advisorHash]);

  const onSubmit = handleSubmit(async (values) => {
    const result = await call(() => createClientAccountAction({ ...values, advisor_hash: advisorHash }));
    if (!result) return;
    if (!result.ok) {
      for (const [name, message] of Object.entries(result.fieldErrors ?? {})) {
        if (name in values) setError(name as keyof CreateClientAccountFormValues, { type: 'server', message });
      }
      return;
    }
    await showMessage({ title: 'Success', message: accountCreatedMessage(result.data), tone: 'success' });
    router.push('/login');
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <div className={styles.grid}>
        <Field label="First Name" required error={errors.first_name?.message}>
          <TextInput {...register('first_name')} autoComplete="given-name" />
        </Field>
        <Field label="Middle Name" error={errors.middle_name?.message}>
          <TextInput {...register('middle_name')} autoComplete="additional-name" />
        </Field>
        <Field label="Last Name" required error={errors.last_name?.message}>
          <TextInput {...register('last_name')} autoComplete="family-name" />
        </Field>
        <Field label="Suffix" error={errors.suffix?.message}>
          <Select {...register('suffix')} placeholder="" options={SUFFIX_OPTIONS} autoComplete="honorific-suffix" />
        </Field>
      </div>
      <div className={styles.grid}>
        <Field label="Email" required error={errors.email?.message}>
          <TextInput {...register('email')} type="email" autoComplete="email" inputMode="email" />
        </Field>
        <Field label="Phone" required error={errors.phone?.message}>
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <MaskedInput mask="phone" name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} />
            )}
          />
        </Field>
      </div>
      <div className={styles.grid}>
        <Field label="Password" required hint="At least 8 characters." error={errors.password?.message}>
          <TextInput {...register('password')} type="password" autoComplete="new-password" />
        </Field>
        <Field label="Retype Password" required error={errors.password_confirmation?.message}>
          <TextInput {...register('password_confirmation')} type="password" autoComplete="new-password" />
        </Field>
      </div>
      <Button type="submit" fullWidth loading={isSubmitting}>
        Create Account
      </Button>
    </form>
  );
}

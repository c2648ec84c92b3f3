'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { createClientAccountAction } from '@/lib/actions/accounts';
import { Form, NameField, PhoneField, SelectField, TextField, useActionForm } from '@/components/forms';
import { Button } from '@/components/ui/button';
import { useMessage } from '@/components/ui/call-provider';
import { accountCreatedMessage } from '@/lib/accounts/messages';
import { ACCOUNT_SUFFIXES, createClientAccountSchema } from '@/lib/validation/accounts';
import { ADVISOR_REF_KEY } from '@/lib/accounts/referral';
import styles from './join-form.module.css';

const SUFFIX_OPTIONS = ACCOUNT_SUFFIXES.filter(Boolean);

type Props = {
  /** The referring advisor's hash from the address, or '' when the visitor came without one. */
  advisorHash: string;
  /** An invitation link's token (the advisor-created record to take over), or ''. */
  invite?: string;
  /** What the advisor entered for this client (from the invitation), shown as the form's start. */
  prefill?: { first_name: string; middle_name: string; last_name: string; suffix: string; email: string; phone: string } | null;
};

/**
 * The create-account form. Validates with the server's schema, submits through the server action under the
 * loading overlay (failures open the Error dialog), and on success confirms and goes to the login page.
 */
export function JoinForm({ advisorHash, invite = '', prefill = null }: Props) {
  const router = useRouter();
  const { showMessage } = useMessage();
  const { form, submit, saving } = useActionForm({
    schema: createClientAccountSchema,
    defaults: {
      first_name: prefill?.first_name ?? '',
      middle_name: prefill?.middle_name ?? '',
      last_name: prefill?.last_name ?? '',
      suffix: (prefill?.suffix ?? '') as '',
      email: prefill?.email ?? '',
      phone: prefill?.phone ?? '',
      password: '',
      password_confirmation: '',
      advisor_hash: advisorHash,
      invite,
    },
    action: (values) => createClientAccountAction({ ...values, advisor_hash: advisorHash, invite }),
    onSuccess: async (data) => {
      await showMessage({ title: 'Success', message: accountCreatedMessage(data), tone: 'success' });
      router.push('/login');
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

  return (
    <Form form={form} onSubmit={submit} className={styles.form}>
      <div className={styles.grid}>
        <NameField name="first_name" label="First Name" required autoComplete="given-name" />
        <NameField name="middle_name" label="Middle Name" autoComplete="additional-name" />
        <NameField name="last_name" label="Last Name" required autoComplete="family-name" />
        <SelectField name="suffix" label="Suffix" placeholder="" options={SUFFIX_OPTIONS} autoComplete="honorific-suffix" />
      </div>
      <div className={styles.grid}>
        <TextField name="email" label="Email" required type="email" autoComplete="email" inputMode="email" />
        <PhoneField name="phone" label="Phone" required />
      </div>
      <div className={styles.grid}>
        <TextField name="password" label="Password" required hint="At least 8 characters." type="password" autoComplete="new-password" />
        <TextField name="password_confirmation" label="Retype Password" required type="password" autoComplete="new-password" />
      </div>
      <Button type="submit" fullWidth loading={saving}>
        Create Account
      </Button>
    </Form>
  );
}

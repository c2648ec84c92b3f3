'use client';

import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Form, TextField, useActionForm } from '@/components/forms';
import { Button } from '@/components/ui/button';
import { useNotice } from '@/components/ui/notice';
import { forgotPasswordAction, setPasswordAction } from '@/lib/actions/passwords';
import { PASSWORD_MIN_LENGTH } from '@/lib/validation/fields';
import { forgotPasswordSchema, setPasswordSchema } from '@/lib/validation/admin';
import styles from './login-form.module.css';

/** "Forgot your password?": one address; the answer is the same whether or not it has an account. */
export function ForgotPasswordForm() {
  const [sent, setSent] = useState<string | null>(null);
  const { form, submit, saving } = useActionForm({
    schema: forgotPasswordSchema,
    defaults: { email: '' },
    action: forgotPasswordAction,
    onSuccess: (data) => setSent(data.message),
  });
  if (sent) {
    return (
      <p role="status" className={styles.status}>
        {sent} <Link href="/login">Back to sign in</Link>
      </p>
    );
  }
  return (
    <Form form={form} onSubmit={submit} className={styles.form} aria-label="Forgot password">
      <TextField name="email" label="Email" type="email" required autoComplete="username" />
      <Button type="submit" fullWidth loading={saving}>
        Send me a link
      </Button>
    </Form>
  );
}

/**
 * The password link's form: a new password and its confirmation; success goes to sign-in, where a notice
 * says the password is set (the workspace layout, and so the notice, stays across the navigation).
 */
export function SetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const notify = useNotice();
  const { form, submit, saving } = useActionForm({
    schema: setPasswordSchema,
    defaults: { token, password: '', password_confirmation: '' },
    action: setPasswordAction,
    onSuccess: async (data) => {
      notify(data.message);
      router.push('/login');
    },
  });
  return (
    <Form form={form} onSubmit={submit} className={styles.form} aria-label="Choose a password">
      <TextField
        name="password"
        label="New password"
        type="password"
        required
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <TextField name="password_confirmation" label="Confirm new password" type="password" required autoComplete="new-password" />
      <Button type="submit" fullWidth loading={saving}>
        Set password
      </Button>
    </Form>
  );
}

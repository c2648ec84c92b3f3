'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import styles from './login-form.module.css';
import { useErrorDialogOnce } from './use-error-dialog-once';

type Props = { token: string; next?: string; error?: string };

/**
 * The sign-in form. A plain form post to /login so it works before (and without) JavaScript; an error
 * handed back by the server opens the Error dialog once.
 */
export function LoginForm({ token, next, error }: Props) {
  const [submitting, setSubmitting] = useState(false);

  useErrorDialogOnce(error);

  return (
    <form method="post" action="/login" className={styles.form} onSubmit={() => setSubmitting(true)}>
      <input type="hidden" name="_token" value={token} />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <Field label="Email" required>
        <TextInput name="email" type="email" autoComplete="username" required />
      </Field>
      <Field label="Password" required>
        <TextInput name="password" type="password" autoComplete="current-password" required />
      </Field>
      {/* The page's heading says 'Sign in' and so does its button (issue 27); the header's link keeps the
          spec's 'Login'. */}
      <Button type="submit" fullWidth loading={submitting}>
        Sign in
      </Button>
    </form>
  );
}

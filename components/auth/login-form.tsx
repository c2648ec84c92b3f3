'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useMessage } from '@/components/ui/call-provider';
import { Field, TextInput } from '@/components/ui/field';
import styles from './login-form.module.css';

type Props = { token: string; next?: string; error?: string };

/**
 * The sign-in form. A plain form post to /login so it works before (and without) JavaScript; an error
 * handed back by the server opens the Error dialog once.
 */
export function LoginForm({ token, next, error }: Props) {
  const { showMessage } = useMessage();
  const shown = useRef(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!error || shown.current) return;
    shown.current = true;
    void showMessage({ title: 'Error', message: error, tone: 'error' }).then(() => {
      // Drop the error from the address so a reload doesn't show it again.
      const url = new URL(window.location.href);
      url.searchParams.delete('error');
      window.history.replaceState(null, '', url);
    });
  }, [error, showMessage]);

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

'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import styles from './login-form.module.css';
import { useErrorDialogOnce } from './use-error-dialog-once';

type Props = { token: string; next?: string; error?: string };

/**
 * The second step's form (issue 31): one field takes the app's 6-digit code or a recovery code. A plain
 * form post, like the sign-in form, so it works without JavaScript; an error comes back as a code.
 */
export function SecondStepForm({ token, next, error }: Props) {
  const [submitting, setSubmitting] = useState(false);

  useErrorDialogOnce(error);

  return (
    <form method="post" action="/api/login/code" className={styles.form} onSubmit={() => setSubmitting(true)}>
      <input type="hidden" name="_token" value={token} />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <Field label="Code" required hint="6 digits from the app, or a recovery code">
        <TextInput name="code" autoComplete="one-time-code" spellCheck={false} autoCapitalize="off" required maxLength={40} autoFocus />
      </Field>
      <Button type="submit" fullWidth loading={submitting}>
        Continue
      </Button>
    </form>
  );
}

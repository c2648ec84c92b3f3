'use client';

import { useState } from 'react';
import { startAuthentication } from '@simplewebauthn/browser';
import { Button } from '@/components/ui/button';
import { useMessage } from '@/components/ui/call-provider';
import styles from './login-form.module.css';

type Props = {
  next?: string;
  /** On /login/code: the passkeys of the user whose password was just checked. */
  secondStep?: boolean;
  label?: string;
  variant?: 'primary' | 'secondary';
};

const CANCELLED = 'No passkey was used: the prompt was closed or timed out. Try again, or sign in with your email and password.';

/** Posts JSON to one of the sign-in's passkey doors; answers the body, or throws its `{ message }`. */
async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });
  const data = (await res.json().catch(() => ({}))) as T & { message?: string };
  if (!res.ok) throw new Error(data.message || 'Something went wrong while signing in. Please try again.');
  return data;
}

/**
 * "Sign in with a passkey" (issue 31): asks the server for a challenge, lets the browser's own prompt pick a
 * passkey of this site's and check its owner (fingerprint, face or device PIN), and sends the signed answer;
 * the server opens the session and says where to go. Nothing to type.
 */
export function PasskeySignIn({ next, secondStep = false, label = 'Sign in with a passkey', variant = 'secondary' }: Props) {
  const { showMessage } = useMessage();
  const [busy, setBusy] = useState(false);

  const signIn = async () => {
    setBusy(true);
    try {
      const optionsJSON = await post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        '/api/login/passkey/options',
        secondStep ? { second_step: true } : {},
      );
      let response;
      try {
        response = await startAuthentication({ optionsJSON });
      } catch {
        throw new Error(CANCELLED);
      }
      const { redirectTo } = await post<{ redirectTo: string }>('/api/login/passkey', { response, ...(next ? { next } : {}) });
      window.location.assign(redirectTo);
    } catch (error) {
      setBusy(false);
      await showMessage({ title: 'Error', message: (error as Error).message, tone: 'error' });
    }
  };

  return (
    <div className={styles.form}>
      <Button type="button" variant={variant} fullWidth loading={busy} onClick={() => void signIn()}>
        {label}
      </Button>
    </div>
  );
}

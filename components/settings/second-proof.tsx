'use client';

import { startAuthentication, type AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { useCall, useMessage } from '@/components/ui/call-provider';
import { Field, TextInput } from '@/components/ui/field';
import { confirmPasskeyOptionsAction } from '@/lib/actions/settings';
import styles from './security-tab.module.css';

/*
 * The second proof that turning a factor off asks for, beside the password (issue 31): a code from the
 * authenticator app (or a recovery code), or one of the user's passkeys. The server checks it again.
 */

export const PASSKEY_PROMPT_CLOSED = 'Your passkey did not confirm it: the prompt was closed or timed out. Try again when you are ready.';

/** Asks one of the user's passkeys to confirm; null when refused (the Error dialog has said why). */
export function usePasskeyProof(): () => Promise<AuthenticationResponseJSON | null> {
  const call = useCall();
  const { showMessage } = useMessage();
  return async () => {
    const begun = await call(() => confirmPasskeyOptionsAction({}), { overlay: false });
    if (!begun.ok) return null;
    try {
      return await startAuthentication({ optionsJSON: begun.data });
    } catch {
      await showMessage({ title: 'Error', message: PASSKEY_PROMPT_CLOSED, tone: 'error' });
      return null;
    }
  };
}

/** The code field when the user has the app; otherwise the words saying the passkey's prompt confirms it. */
export function SecondProofField({ hasApp, code, onCode, error }: { hasApp: boolean; code: string; onCode: (code: string) => void; error?: string }) {
  if (!hasApp) return <p className={styles.intro}>Your browser will ask for one of your passkeys to confirm this.</p>;
  return (
    <Field label="Code from the app or a recovery code" required error={error} hint="6 digits from the app, or a recovery code">
      <TextInput name="code" value={code} onChange={(e) => onCode(e.target.value)} autoComplete="one-time-code" spellCheck={false} maxLength={40} required />
    </Field>
  );
}

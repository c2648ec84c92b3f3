'use client';

import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { GENERIC_ERROR_MESSAGE } from '@/components/ui/call-provider';
import { unsubscribeAction } from '@/lib/actions/notifications';
import styles from './unsubscribe.module.css';

/** What the page says once a kind is off. */
export function unsubscribedText(label: string): string {
  return `You will no longer receive "${label}" e-mails.`;
}

/**
 * The question and button of an unsubscribe link's page: a POST (the server action), never the page's GET,
 * since mail scanners open links. The page has no dialogs (a public page), so the outcome replaces the
 * question in place; focus moves to it so a screen reader hears it.
 */
export function UnsubscribeConfirm({ token, label, email }: { token: string; label: string; email: string }) {
  const [state, setState] = useState<{ done: string } | { error: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    const result = await unsubscribeAction({ token }).catch(() => null);
    setBusy(false);
    if (result?.ok) setState({ done: result.data.label });
    else setState({ error: result?.message ?? GENERIC_ERROR_MESSAGE });
  };

  if (state && 'done' in state) {
    return (
      <div role="status" className={styles.done} tabIndex={-1} ref={(element) => element?.focus()}>
        <p className={styles.doneTitle}>{unsubscribedText(state.done)}</p>
        <p className={styles.text}>
          You can turn them back on in <Link href="/settings?tab=notifications">Settings, Notifications</Link>.
        </p>
      </div>
    );
  }
  return (
    <>
      <p className={styles.text}>
        Stop e-mails about <strong>{label}</strong> to <strong className={styles.email}>{email}</strong>?
      </p>
      <p className={styles.hint}>Other e-mails, and the notifications in the app, are not changed.</p>
      {state && 'error' in state ? (
        <p role="alert" className={styles.error}>
          {state.error}
        </p>
      ) : null}
      <Button onClick={() => void confirm()} loading={busy} fullWidth>
        Unsubscribe
      </Button>
    </>
  );
}

'use client';

import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCall, useMessage } from '@/components/ui/call-provider';
import { confirmEmailChangeAction } from '@/lib/actions/settings';
import styles from './confirm-email-change.module.css';

type Props = { token: string; newEmail: string };

/**
 * The Confirm button of an email change link's page: a POST (the server action), never the page's GET.
 * On success the spec's message shows and the page says which address now signs in.
 */
export function ConfirmEmailChange({ token, newEmail }: Props) {
  const call = useCall();
  const { showMessage } = useMessage();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const confirm = async () => {
    setSaving(true);
    const result = await call(() => confirmEmailChangeAction({ token }));
    setSaving(false);
    if (!result.ok) return;
    setConfirmed(result.data.email);
    void showMessage({ title: 'Success', message: result.data.message, tone: 'success' });
  };

  if (confirmed) {
    return (
      <>
        <p className={styles.lead}>From now on, sign in with {confirmed}.</p>
        <p className={styles.alt}>
          <Link href="/settings">Go to Settings</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <p className={styles.lead}>Sign in with {newEmail} from now on? Your current email stops working for signing in.</p>
      <Button onClick={confirm} loading={saving} fullWidth>
        Confirm
      </Button>
    </>
  );
}

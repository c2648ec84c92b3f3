'use client';

import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { useCall, useMessage } from '@/components/ui/call-provider';
import { sendReminderAction } from '@/lib/actions/advisors';

/** 'Send reminder' on a stalled household's row: one e-mail a day per household (the server decides). */
export function ReminderButton({ clientHash, name, disabled }: { clientHash: string; name: string; disabled: boolean }) {
  const call = useCall();
  const { showMessage } = useMessage();
  const router = useRouter();
  const send = async () => {
    const result = await call(() => sendReminderAction({ client_hash: clientHash }));
    if (!result.ok) return;
    await showMessage({ title: 'Success', message: `A reminder was e-mailed to ${name}.`, tone: 'success' });
    router.refresh();
  };
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={send}
      disabled={disabled}
      title={disabled ? 'A reminder was sent in the last 24 hours.' : undefined}
      aria-label={`Send reminder to ${name}`}
    >
      Send reminder
    </Button>
  );
}

'use client';

import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { useCall } from '@/components/ui/call-provider';
import { useNotice } from '@/components/ui/notice';
import { sendReminderAction } from '@/lib/actions/advisors';

/**
 * 'Send reminder' on a stalled household's row: one e-mail a day per household (the server decides). Sent,
 * it says so in a non-blocking notice (the spec names no dialog for it).
 */
export function ReminderButton({ clientHash, name, disabled }: { clientHash: string; name: string; disabled: boolean }) {
  const call = useCall();
  const notify = useNotice();
  const router = useRouter();
  const send = async () => {
    const result = await call(() => sendReminderAction({ client_hash: clientHash }));
    if (!result.ok) return;
    notify(`A reminder was e-mailed to ${name}.`);
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

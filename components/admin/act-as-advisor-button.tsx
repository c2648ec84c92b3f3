'use client';

import { Button } from '@/components/ui/button';
import { useCall, useMessage } from '@/components/ui/call-provider';
import { actAsAction } from '@/lib/actions/admin';

type Props = { userHash: string; name: string; label?: string; title?: string; className?: string };

/**
 * Starts acting as someone after the spec's confirmation ('Act as Advisor?' / 'Would you like to act as
 * {name}?', Cancel focused). Success loads the page the server names (the dashboard as that advisor, or
 * the client's intake) as a full navigation, so every part of the page is rendered as the new user; a
 * failure removes the overlay and shows Error with the server's message (useCall).
 */
export function ActAsButton({ userHash, name, label = 'Act as', title = 'Act as Advisor?', className }: Props) {
  const call = useCall();
  const { confirm } = useMessage();
  const start = async () => {
    const ok = await confirm({ title, message: `Would you like to act as ${name}?`, confirmLabel: 'Confirm', cancelLabel: 'Cancel', focusCancel: true });
    if (!ok) return;
    const result = await call(() => actAsAction({ user_id: userHash }));
    if (result.ok) window.location.assign(result.data.redirectTo);
  };
  return (
    <Button size="sm" variant="secondary" className={className} onClick={start} aria-label={`${label} ${name}`}>
      {label}
    </Button>
  );
}

/** The admin overview's 'Act as Advisor' control for one advisor (the advisor's user hash). */
export function ActAsAdvisorButton({ userHash, name }: { userHash: string; name: string }) {
  return <ActAsButton userHash={userHash} name={name} label="Act as Advisor" title="Act as Advisor?" />;
}

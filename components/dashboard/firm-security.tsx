'use client';

import { useState } from 'react';
import { useCall } from '@/components/ui/call-provider';
import { useNotice } from '@/components/ui/notice';
import type { TeamFirm } from '@/lib/advisors/dashboard';
import { setFirmSecondFactorAction } from '@/lib/actions/advisors';
import styles from './dashboard.module.css';

/**
 * Under My Team (issue 31): each of the supervisor's firms can require its advisors to sign in with an
 * authenticator app. The box saves as it changes (with a notice); the server checks the firm is theirs.
 */
export function FirmSecurity({ firms }: { firms: TeamFirm[] }) {
  const call = useCall();
  const notify = useNotice();
  const [required, setRequired] = useState<Record<string, boolean>>(() => Object.fromEntries(firms.map((f) => [f.hash, f.requiresSecondFactor])));
  const [busy, setBusy] = useState<string | null>(null);

  const change = async (firm: TeamFirm, next: boolean) => {
    setBusy(firm.hash);
    const result = await call(() => setFirmSecondFactorAction({ firm_id: firm.hash, required: next }), { overlay: false });
    setBusy(null);
    if (!result.ok) return;
    setRequired((current) => ({ ...current, [firm.hash]: result.data.required }));
    notify(result.data.message);
  };

  return (
    <fieldset className={styles.firmSecurity}>
      <legend>Sign-in security</legend>
      {firms.map((firm) => {
        const id = `firm-2fa-${firm.hash}`;
        return (
          <div key={firm.hash} className={styles.firmSecurityRow}>
            <input
              id={id}
              type="checkbox"
              checked={required[firm.hash] ?? false}
              disabled={busy !== null}
              onChange={(e) => void change(firm, e.target.checked)}
            />
            <label htmlFor={id}>
              Require {firm.name}’s advisors to sign in with a second step (an authenticator app or a passkey)
              <span className={styles.firmSecurityHint}>Each advisor gets a grace period and a notice; their clients are not affected.</span>
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCall } from '@/components/ui/call-provider';
import { useNotice } from '@/components/ui/notice';
import type { OwnSession } from '@/lib/account-settings/own-sessions';
import { endOtherSessionsAction, endSessionAction } from '@/lib/actions/settings';
import { AuthenticatorSection, type AuthenticatorStatus } from './authenticator-section';
import { PasskeysSection } from './passkeys-section';
import type { PasskeyView } from '@/lib/account-settings/passkeys';
import styles from './security-tab.module.css';

/** 'An unknown browser on Linux' as a card's title (the notices say it mid-sentence). */
const titled = (device: string) => device.charAt(0).toUpperCase() + device.slice(1);

/**
 * Settings → Security (issue 31): where the user is signed in, each browser with its address, when it signed
 * in and when it was last active; any other one can be signed out, or all of them at once. This browser is
 * marked and is ended by Sign out. An ended browser is signed out on its next request.
 */
export function SecurityTab({
  initial,
  authenticator,
  passkeys = [],
}: {
  initial: OwnSession[];
  authenticator: AuthenticatorStatus;
  passkeys?: PasskeyView[];
}) {
  const call = useCall();
  const notify = useNotice();
  const [list, setList] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  // Each section's confirmation depends on the other's factor: kept here as the sections change them.
  const [hasApp, setHasApp] = useState(authenticator.enrolled);
  const [passkeyCount, setPasskeyCount] = useState(passkeys.length);
  const others = list.filter((s) => !s.current);

  const end = async (handle: string) => {
    setBusy(handle);
    const result = await call(() => endSessionAction({ session: handle }), { overlay: false });
    setBusy(null);
    if (!result.ok) return;
    setList((current) => current.filter((s) => s.handle !== handle));
    notify(result.data.message);
  };

  const endOthers = async () => {
    setBusy('others');
    const result = await call(() => endOtherSessionsAction({}), { overlay: false });
    setBusy(null);
    if (!result.ok) return;
    setList((current) => current.filter((s) => s.current));
    notify(result.data.message);
  };

  return (
    <>
      <AuthenticatorSection initial={authenticator} hasPasskeys={passkeyCount > 0} onEnrolledChange={setHasApp} />
      <PasskeysSection initial={passkeys} hasApp={hasApp} onCountChange={setPasskeyCount} />
      <section className={styles.group} aria-labelledby="settings-sessions-heading">
        <h2 id="settings-sessions-heading" className={styles.title}>
          Where you are signed in
        </h2>
        <p className={styles.intro}>
          If you see a browser you do not recognize, sign it out and change your password. A signed-out browser has to sign in again.
        </p>
        <ul className={styles.list}>
          {list.map((s) => (
            <li key={s.handle} className={styles.session} aria-label={titled(s.device)}>
              <div className={styles.what}>
                <span className={styles.device}>{titled(s.device)}</span>
                {s.current ? <span className={styles.badge}>This browser</span> : null}
              </div>
              <dl className={styles.facts}>
                <div>
                  <dt>Address</dt>
                  <dd>{s.address ?? 'Not known'}</dd>
                </div>
                {s.place ? (
                  <div>
                    <dt>Near</dt>
                    <dd>{s.place}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>Signed in</dt>
                  <dd>{s.signedInAt}</dd>
                </div>
                <div>
                  <dt>Last active</dt>
                  <dd>{s.current ? 'Now' : (s.lastSeenAt ?? s.signedInAt)}</dd>
                </div>
              </dl>
              {s.current ? null : (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={busy === s.handle}
                  disabled={busy !== null}
                  onClick={() => void end(s.handle)}
                  aria-label={`Sign out ${titled(s.device)}, signed in ${s.signedInAt}`}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
        {others.length > 0 ? (
          <Button variant="danger" loading={busy === 'others'} disabled={busy !== null} onClick={() => void endOthers()}>
            Sign out everywhere else
          </Button>
        ) : (
          <p className={styles.intro}>You are not signed in anywhere else.</p>
        )}
      </section>
    </>
  );
}

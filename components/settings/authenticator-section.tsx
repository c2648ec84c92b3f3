'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useCall } from '@/components/ui/call-provider';
import { Field, TextInput } from '@/components/ui/field';
import { useNotice } from '@/components/ui/notice';
import type { TotpEnrolment } from '@/lib/account-settings/second-factor';
import type { ActionResult } from '@/lib/http/result';
import { beginTotpAction, confirmTotpAction, disableTotpAction, renewRecoveryCodesAction } from '@/lib/actions/settings';
import { SecondProofField, usePasskeyProof } from './second-proof';
import styles from './security-tab.module.css';

/** What the page knows about the user's authenticator app. */
export type AuthenticatorStatus = {
  enrolled: boolean;
  since: string | null;
  recoveryCodesLeft: number;
  /** For admins and attorneys without one (issue 31): 'grace' with the date it becomes required, or 'overdue'. */
  required?: { state: 'grace' | 'overdue'; due: string | null } | null;
};

type Mode = 'idle' | 'enrolling' | 'codes' | 'renewing' | 'disabling';

/** The recovery codes, shown once, with a way to keep them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Trustwell recovery codes\n\n${codes.join('\n')}\n\nEach code signs in once, in place of a code from the app.\n`;
  return (
    <div className={styles.codes} role="region" aria-labelledby="recovery-codes-heading">
      <h3 id="recovery-codes-heading">Save your recovery codes</h3>
      <p>
        If you lose your phone, each of these codes signs you in once in place of a code from the app. Keep them somewhere safe, like a password manager. They
        are shown only now.
      </p>
      <ol className={styles.codeList}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <a className={styles.download} href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="trustwell-recovery-codes.txt">
          Download the codes
        </a>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

/**
 * Settings → Security, the authenticator app (issue 31): set it up (scan the QR code or type the key, then
 * enter a code to confirm; ten recovery codes follow, shown once), make new recovery codes, or turn it off
 * (the password and a code, or a passkey). The server checks every step again.
 */
export function AuthenticatorSection({
  initial,
  hasPasskeys,
  onEnrolledChange,
}: {
  initial: AuthenticatorStatus;
  /** Whether the user may confirm turning the app off with a passkey instead of a code. */
  hasPasskeys: boolean;
  onEnrolledChange?: (enrolled: boolean) => void;
}) {
  const call = useCall();
  const passkeyProof = usePasskeyProof();
  const notify = useNotice();
  const [status, setStatus] = useState(initial);
  const [mode, setMode] = useState<Mode>('idle');
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const reset = (next: Mode = 'idle') => {
    setMode(next);
    setCode('');
    setPassword('');
    setErrors({});
  };

  /** Runs one call; a refusal's field errors show beside their fields (the Error dialog says the rest). */
  const run = async <T,>(work: () => Promise<ActionResult<T>>): Promise<T | null> => {
    setBusy(true);
    setErrors({});
    const result = await call(work, { overlay: false });
    setBusy(false);
    if (!result.ok) {
      setErrors(result.fieldErrors ?? {});
      return null;
    }
    return result.data;
  };

  const begin = async () => {
    const data = await run(() => beginTotpAction({}));
    if (!data) return;
    setEnrolment(data);
    reset('enrolling');
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const data = await run(() => confirmTotpAction({ code }));
    if (!data) return;
    const { recoveryCodes } = data;
    setCodes(recoveryCodes);
    setStatus({ enrolled: true, since: 'today', recoveryCodesLeft: recoveryCodes.length });
    onEnrolledChange?.(true);
    setEnrolment(null);
    reset('codes');
  };

  const renew = async (event: FormEvent) => {
    event.preventDefault();
    const data = await run(() => renewRecoveryCodesAction({ code }));
    if (!data) return;
    const { recoveryCodes } = data;
    setCodes(recoveryCodes);
    setStatus((s) => ({ ...s, recoveryCodesLeft: recoveryCodes.length }));
    reset('codes');
  };

  /** Turns the app off with the password and the code typed, or (withPasskey) a passkey's confirmation. */
  const disable = async (event: FormEvent | null, withPasskey = false) => {
    event?.preventDefault();
    const passkey_assertion = withPasskey ? await passkeyProof() : undefined;
    if (passkey_assertion === null) return;
    const data = await run(() => disableTotpAction(passkey_assertion ? { password_check: password, passkey_assertion } : { password_check: password, code }));
    if (!data) return;
    setStatus({ enrolled: false, since: null, recoveryCodesLeft: 0 });
    onEnrolledChange?.(false);
    reset();
    notify(data.message);
  };

  const codeField = () => (
    <Field label="Code from the app" required error={errors.code}>
      <TextInput
        name="code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        inputMode="numeric"
        spellCheck={false}
        maxLength={40}
        required
      />
    </Field>
  );

  return (
    <section className={styles.group} aria-labelledby="settings-authenticator-heading">
      <h2 id="settings-authenticator-heading" className={styles.title}>
        Authenticator app
      </h2>
      {!status.enrolled && status.required ? (
        <p className={status.required.state === 'overdue' ? styles.required : styles.intro} role={status.required.state === 'overdue' ? 'alert' : undefined}>
          {status.required.state === 'overdue'
            ? 'Your account needs an authenticator app or a passkey to sign in. Set one up to continue.'
            : `Attorneys and admins need an authenticator app or a passkey to sign in${status.required.due ? ` from ${status.required.due}` : ''}.`}
        </p>
      ) : null}
      {mode === 'codes' ? (
        <RecoveryCodes codes={codes} onDone={() => reset()} />
      ) : status.enrolled ? (
        <>
          <p className={styles.intro}>
            <span className={styles.badge}>On</span> Signing in asks for a code from your authenticator app
            {status.since ? ` (set up ${status.since})` : ''}. {status.recoveryCodesLeft} of 10 recovery codes left.
          </p>
          {mode === 'renewing' ? (
            <form onSubmit={(e) => void renew(e)} className={styles.form} aria-label="New recovery codes">
              {codeField()}
              <div className={styles.actions}>
                <Button type="submit" loading={busy}>
                  Make new codes
                </Button>
                <Button variant="secondary" onClick={() => reset()}>
                  Cancel
                </Button>
              </div>
            </form>
          ) : mode === 'disabling' ? (
            <form onSubmit={(e) => void disable(e)} className={styles.form} aria-label="Turn off the authenticator app">
              <Field label="Current Password" required error={errors.password_check}>
                <TextInput
                  name="password_check"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                />
              </Field>
              <SecondProofField hasApp code={code} onCode={setCode} error={errors.code} />
              <div className={styles.actions}>
                <Button type="submit" variant="danger" loading={busy}>
                  Turn off
                </Button>
                {hasPasskeys ? (
                  <Button variant="secondary" disabled={busy} onClick={() => void disable(null, true)}>
                    Use a passkey instead
                  </Button>
                ) : null}
                <Button variant="secondary" onClick={() => reset()}>
                  Cancel
                </Button>
              </div>
            </form>
          ) : (
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => reset('renewing')}>
                Make new recovery codes
              </Button>
              <Button variant="secondary" onClick={() => reset('disabling')}>
                Turn off
              </Button>
            </div>
          )}
        </>
      ) : mode === 'enrolling' && enrolment ? (
        <form onSubmit={(e) => void confirm(e)} className={styles.form} aria-label="Set up an authenticator app">
          <ol className={styles.steps}>
            <li>
              Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy…) and scan this code.
              {/* The QR code is drawn on the server from the key URI (the qrcode library's SVG): no text of the user's in it. */}
              <div className={styles.qr} role="img" aria-label="QR code for your authenticator app" dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }} />
              <p className={styles.manual}>
                Cannot scan it? Enter this key in the app instead: <code data-testid="totp-secret">{enrolment.secret}</code>
              </p>
            </li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          {codeField()}
          <div className={styles.actions}>
            <Button type="submit" loading={busy}>
              Turn on
            </Button>
            <Button variant="secondary" onClick={() => reset()}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className={styles.intro}>
            Add a second step to signing in: after your password, a code from an app on your phone. Someone who learns your password still cannot sign in.
          </p>
          <Button onClick={() => void begin()} loading={busy}>
            Set up an authenticator app
          </Button>
        </>
      )}
    </section>
  );
}

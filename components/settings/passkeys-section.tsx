'use client';

import { useState, type FormEvent } from 'react';
import { startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { Button } from '@/components/ui/button';
import { useCall, useMessage } from '@/components/ui/call-provider';
import { Field, TextInput } from '@/components/ui/field';
import { useNotice } from '@/components/ui/notice';
import type { PasskeyView } from '@/lib/account-settings/passkeys';
import { addPasskeyAction, beginPasskeyAction, removePasskeyAction, renamePasskeyAction } from '@/lib/actions/settings';
import { SecondProofField, usePasskeyProof } from './second-proof';
import styles from './security-tab.module.css';

type Editing = { hash: string; mode: 'rename' | 'remove' } | null;

/** What the browser's own refusal means, in the page's words (the user closed the prompt, most often). */
function browserRefusal(error: unknown): string {
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return 'This device already holds a passkey for your account.';
  if (error instanceof Error && error.name === 'NotAllowedError')
    return 'The passkey was not made: the prompt was closed or timed out. Try again when you are ready.';
  return 'This browser could not make a passkey. Try another browser or device.';
}

/**
 * Settings → Security, passkeys (issue 31): the user's passkeys with when each was added and last used;
 * add one (named first, then made by the browser's own prompt: fingerprint, face or device PIN), rename one,
 * or remove one (the current password and a code or a passkey). A passkey signs in alone and counts as the second factor.
 */
export function PasskeysSection({
  initial,
  hasApp,
  onCountChange,
}: {
  initial: PasskeyView[];
  /** Whether removing one may be confirmed with a code from the authenticator app (else a passkey confirms it). */
  hasApp: boolean;
  onCountChange?: (count: number) => void;
}) {
  const call = useCall();
  const passkeyProof = usePasskeyProof();
  const notify = useNotice();
  const { showMessage } = useMessage();
  const [list, setList] = useState(initial);
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [newName, setNewName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const edit = (next: Editing, current = '') => {
    setEditing(next);
    setNewName(current);
    setPassword('');
    setCode('');
    setErrors({});
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('add');
    setErrors({});
    try {
      const begun = await call(() => beginPasskeyAction({}), { overlay: false });
      if (!begun.ok) return;
      let response;
      try {
        response = await startRegistration({ optionsJSON: begun.data });
      } catch (error) {
        await showMessage({ title: 'Error', message: browserRefusal(error), tone: 'error' });
        return;
      }
      const added = await call(() => addPasskeyAction({ name, response }), { overlay: false });
      if (!added.ok) {
        setErrors(added.fieldErrors ?? {});
        return;
      }
      setList((current) => [...current, added.data.passkey]);
      onCountChange?.(list.length + 1);
      setName('');
      setAdding(false);
      notify(added.data.message);
    } finally {
      setBusy(null);
    }
  };

  const rename = async (event: FormEvent, hash: string) => {
    event.preventDefault();
    setBusy(hash);
    const result = await call(() => renamePasskeyAction({ passkey: hash, name: newName }), { overlay: false });
    setBusy(null);
    if (!result.ok) {
      setErrors(result.fieldErrors ?? {});
      return;
    }
    setList((current) => current.map((p) => (p.hash === hash ? result.data.passkey : p)));
    edit(null);
    notify(result.data.message);
  };

  /** Removes one with the password and the code typed, or (withPasskey, or without the app) a passkey's confirmation. */
  const remove = async (event: FormEvent | null, hash: string, withPasskey = !hasApp) => {
    event?.preventDefault();
    setBusy(hash);
    setErrors({});
    try {
      const passkey_assertion = withPasskey ? await passkeyProof() : undefined;
      if (passkey_assertion === null) return;
      const proof = passkey_assertion ? { passkey_assertion } : { code };
      const result = await call(() => removePasskeyAction({ passkey: hash, password_check: password, ...proof }), { overlay: false });
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        return;
      }
      finishRemoval(hash, result.data.message);
    } finally {
      setBusy(null);
    }
  };

  const finishRemoval = (hash: string, message: string) => {
    setList((current) => current.filter((p) => p.hash !== hash));
    onCountChange?.(list.length - 1);
    edit(null);
    notify(message);
  };

  return (
    <section className={styles.group} aria-labelledby="settings-passkeys-heading">
      <h2 id="settings-passkeys-heading" className={styles.title}>
        Passkeys
      </h2>
      <p className={styles.intro}>
        A passkey signs you in with your fingerprint, face or device PIN, with no password or code to type. It stays on your device or in your password manager,
        works only on this site, and counts as your second step.
      </p>
      {list.length ? (
        <ul className={styles.list} aria-label="Your passkeys">
          {list.map((p) => (
            <li key={p.hash} className={styles.session} aria-label={p.name}>
              <div className={styles.what}>
                <span className={styles.device}>{p.name}</span>
              </div>
              <dl className={styles.facts}>
                <div>
                  <dt>Added</dt>
                  <dd>{p.addedOn}</dd>
                </div>
                <div>
                  <dt>Last used</dt>
                  <dd>{p.lastUsedOn ?? 'Not yet'}</dd>
                </div>
              </dl>
              {editing?.hash === p.hash && editing.mode === 'rename' ? (
                <form onSubmit={(e) => void rename(e, p.hash)} className={`${styles.form} ${styles.wide}`} aria-label={`Rename ${p.name}`}>
                  <Field label="New name" required error={errors.name}>
                    <TextInput name="name" value={newName} onChange={(e) => setNewName(e.target.value)} maxLength={60} required autoFocus />
                  </Field>
                  <div className={styles.actions}>
                    <Button type="submit" loading={busy === p.hash}>
                      Save
                    </Button>
                    <Button variant="secondary" onClick={() => edit(null)}>
                      Cancel
                    </Button>
                  </div>
                </form>
              ) : editing?.hash === p.hash && editing.mode === 'remove' ? (
                <form onSubmit={(e) => void remove(e, p.hash)} className={`${styles.form} ${styles.wide}`} aria-label={`Remove ${p.name}`}>
                  <Field label="Current Password" required error={errors.password_check}>
                    <TextInput
                      name="password_check"
                      type="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                      required
                      autoFocus
                    />
                  </Field>
                  <SecondProofField hasApp={hasApp} code={code} onCode={setCode} error={errors.code} />
                  <div className={styles.actions}>
                    <Button type="submit" variant="danger" loading={busy === p.hash}>
                      Remove passkey
                    </Button>
                    {hasApp ? (
                      <Button variant="secondary" disabled={busy !== null} onClick={() => void remove(null, p.hash, true)}>
                        Use a passkey instead
                      </Button>
                    ) : null}
                    <Button variant="secondary" onClick={() => edit(null)}>
                      Cancel
                    </Button>
                  </div>
                </form>
              ) : (
                <div className={styles.actions}>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy !== null}
                    onClick={() => edit({ hash: p.hash, mode: 'rename' }, p.name)}
                    aria-label={`Rename ${p.name}`}
                  >
                    Rename
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy !== null}
                    onClick={() => edit({ hash: p.hash, mode: 'remove' })}
                    aria-label={`Remove ${p.name}`}
                  >
                    Remove
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.intro}>You have no passkeys yet.</p>
      )}
      {adding ? (
        <form onSubmit={(e) => void add(e)} className={styles.form} aria-label="Add a passkey">
          <Field label="Name for the new passkey" required error={editing === null ? errors.name : undefined} hint="Such as the device it is on: “Work laptop”">
            <TextInput name="passkey_name" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} required autoFocus />
          </Field>
          <div className={styles.actions}>
            <Button type="submit" loading={busy === 'add'}>
              Create the passkey
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setAdding(false);
                setErrors({});
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button
          disabled={busy !== null}
          onClick={() => {
            edit(null);
            setAdding(true);
          }}
        >
          Add a passkey
        </Button>
      )}
    </section>
  );
}

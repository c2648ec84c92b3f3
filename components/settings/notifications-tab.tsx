'use client';

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useCall } from '@/components/ui/call-provider';
import { useNotice } from '@/components/ui/notice';
import { saveEmailChoicesAction } from '@/lib/actions/notifications';
import type { NotificationKind } from '@/lib/notifications/kinds';
import type { EmailChoice } from '@/lib/notifications/preferences';
import styles from './notifications-tab.module.css';

export const NOTIFICATIONS_SAVED = 'Your notification settings were saved.';
export const SECURITY_NOTE = 'Security e-mails (password and e-mail changes, new sign-ins) are always sent and cannot be turned off.';

type Choices = Record<NotificationKind, boolean>;
const choicesOf = (list: EmailChoice[]) => Object.fromEntries(list.map((c) => [c.kind, c.enabled])) as Choices;

/**
 * Settings, Notifications (issue 29): which non-essential notifications the user also gets by e-mail, one
 * row per kind their roles receive. A table of kinds by channel: E-mail is its one column today, so another
 * channel (SMS) is a second column, not a new screen. Save sends every row; the bell lists all kinds anyway.
 */
export function NotificationsTab({ initial }: { initial: EmailChoice[] }) {
  const call = useCall();
  const notify = useNotice();
  const [kinds, setKinds] = useState(initial);
  const [saved, setSaved] = useState<Choices>(() => choicesOf(initial));
  const [email, setEmail] = useState<Choices>(() => choicesOf(initial));
  const [saving, setSaving] = useState(false);
  const changed = kinds.some((c) => email[c.kind] !== saved[c.kind]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    const result = await call(() => saveEmailChoicesAction({ email }), { overlay: false });
    setSaving(false);
    if (!result.ok) return;
    setKinds(result.data);
    setSaved(choicesOf(result.data));
    setEmail(choicesOf(result.data));
    notify(NOTIFICATIONS_SAVED);
  };

  return (
    <section className={styles.group} aria-labelledby="settings-notifications-heading">
      <h2 id="settings-notifications-heading" className={styles.title}>
        E-mail notifications
      </h2>
      <p className={styles.intro}>Everything shows under the bell at the top of the page. Choose what we also e-mail you about.</p>
      {kinds.length === 0 ? (
        <p className={styles.empty}>There are no notifications to choose for your account.</p>
      ) : (
        <form onSubmit={(event) => void submit(event)} aria-label="E-mail notifications">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Notification</th>
                <th scope="col" className={styles.channel}>
                  E-mail
                </th>
              </tr>
            </thead>
            <tbody>
              {kinds.map((choice) => {
                const id = `notify-email-${choice.kind}`;
                return (
                  <tr key={choice.kind}>
                    <th scope="row">
                      <label htmlFor={id} className={styles.label}>
                        {choice.label}
                      </label>
                      <span id={`${id}-description`} className={styles.description}>
                        {choice.description}
                      </span>
                    </th>
                    <td className={styles.channel}>
                      <input
                        id={id}
                        type="checkbox"
                        className={styles.check}
                        aria-label={`E-mail me about ${choice.label.toLowerCase()}`}
                        aria-describedby={`${id}-description`}
                        checked={email[choice.kind]}
                        onChange={(event) => setEmail((current) => ({ ...current, [choice.kind]: event.target.checked }))}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div className={styles.actions}>
            <Button type="submit" loading={saving} disabled={!changed}>
              Save
            </Button>
          </div>
        </form>
      )}
      <p className={styles.note}>{SECURITY_NOTE}</p>
    </section>
  );
}

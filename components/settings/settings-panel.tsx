'use client';

import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useMessage } from '@/components/ui/call-provider';
import { useNotice } from '@/components/ui/notice';
import type { OwnSession } from '@/lib/account-settings/own-sessions';
import type { SettingsValues } from '@/lib/account-settings/types';
import type { AnnualChargeView } from '@/lib/billing/queries';
import type { PaymentSummary } from '@/lib/billing/receipts';
import type { EmailChoice } from '@/lib/notifications/preferences';
import { SETTINGS_MESSAGES } from '@/lib/validation/settings';
import { formatPhone } from '@/lib/format/phone';
import { EmailForm } from './email-form';
import { NameForm } from './name-form';
import { NotificationsTab } from './notifications-tab';
import { PasswordForm } from './password-form';
import { PaymentsTab } from './payments-tab';
import { PhoneForm } from './phone-form';
import { SecurityTab } from './security-tab';
import type { AuthenticatorStatus } from './authenticator-section';
import type { PasskeyView } from '@/lib/account-settings/passkeys';
import { SettingsGroup, type ReadOnlyValue } from './settings-group';
import { SETTINGS_TABS as TABS, type TabKey } from './tab-keys';
import { panelId, SettingsTabs, tabId } from './settings-tabs';
import styles from './settings-panel.module.css';

type GroupId = 'name' | 'email' | 'phone' | 'password';
const ID_PREFIX = 'settings';
// The password is never sent to the browser; dots stand for it, and screen readers hear 'Set'.
const MASKED_PASSWORD = (
  <>
    <span aria-hidden="true">••••••••</span>
    <span className="visually-hidden">Set</span>
  </>
);

/**
 * My Information: tabs Name and Credentials (the spec's), and Payments for clients (their annual charge,
 * which Payment Due says can be canceled here, and their receipts; `payments` is null for everyone else). One field group
 * at a time is in edit mode; a successful save updates the values shown here, ends edit mode and shows the
 * spec's success message in a dialog; a message the spec does not name (the new email's link was sent: the
 * group then shows the address waiting for confirmation) is a non-blocking notice (issue 27). Notifications
 * (issue 29): which kinds are also e-mailed; every signed-in user has the tab.
 */
export function SettingsPanel({
  initial,
  payments = null,
  emailChoices = [],
  sessions = [],
  authenticator = { enrolled: false, since: null, recoveryCodesLeft: 0 },
  passkeys = [],
  initialTab = null,
}: {
  initial: SettingsValues;
  /** A client's Payments tab: the household's annual charges and its payments with their receipts; null for everyone else. */
  payments?: { annualCharges: AnnualChargeView[]; history: PaymentSummary[] } | null;
  /** The Notifications tab: each kind the user's roles receive, on or off by e-mail. */
  emailChoices?: EmailChoice[];
  /** The Security tab (issue 31): the user's signed-in sessions, this browser first. */
  sessions?: OwnSession[];
  /** The Security tab's authenticator app (issue 31). */
  authenticator?: AuthenticatorStatus;
  /** The Security tab's passkeys (issue 31). */
  passkeys?: PasskeyView[];
  /** The tab to open first (a link's `?tab=`); the first tab when absent or not the user's. */
  initialTab?: TabKey | null;
}) {
  const { showMessage } = useMessage();
  const notify = useNotice();
  const [values, setValues] = useState(initial);
  const [tab, setTab] = useState<TabKey>(initialTab === 'payments' && payments === null ? 'name' : (initialTab ?? 'name'));
  const [editing, setEditing] = useState<GroupId | null>(null);
  const editButtons = useRef<Partial<Record<GroupId, HTMLButtonElement | null>>>({});

  /**
   * Leaves edit mode and puts focus back on the group's Edit button. The DOM is committed first so the
   * button exists; a success dialog opened right after then returns focus to it when it closes.
   */
  const endEdit = (group: GroupId, update?: (current: SettingsValues) => SettingsValues) => {
    flushSync(() => {
      if (update) setValues(update);
      setEditing(null);
    });
    editButtons.current[group]?.focus();
  };

  const saved = (group: GroupId, message: string, update?: (current: SettingsValues) => SettingsValues) => {
    endEdit(group, update);
    if ((Object.values(SETTINGS_MESSAGES) as string[]).includes(message)) void showMessage({ title: 'Success', message, tone: 'success' });
    else notify(message);
  };

  const group = (id: GroupId, title: string, shown: ReadOnlyValue[], form: ReactNode) => (
    <SettingsGroup
      id={`${ID_PREFIX}-${id}`}
      title={title}
      subject={title.toLowerCase()}
      values={shown}
      editing={editing === id}
      locked={editing !== null && editing !== id}
      onEdit={() => setEditing(id)}
      editRef={(element) => {
        editButtons.current[id] = element;
      }}
    >
      {form}
    </SettingsGroup>
  );

  const { name, email, phone, pendingEmail } = values;

  const tabs = TABS.filter((t) => t.id !== 'payments' || payments !== null);
  const panels: Record<TabKey, ReactNode> = {
    payments: payments ? <PaymentsTab initial={payments.annualCharges} history={payments.history} /> : null,
    notifications: <NotificationsTab initial={emailChoices} />,
    security: <SecurityTab initial={sessions} authenticator={authenticator} passkeys={passkeys} />,
    name: group(
      'name',
      'Name',
      [
        { label: 'Nickname', value: name.nickname },
        { label: 'First Name', value: name.first_name },
        { label: 'Middle Name', value: name.middle_name },
        { label: 'Last Name', value: name.last_name },
        { label: 'Suffix', value: name.suffix },
      ],
      <NameForm name={name} onCancel={() => endEdit('name')} onSaved={(data) => saved('name', data.message, (current) => ({ ...current, name: data.name }))} />,
    ),
    credentials: (
      <>
        {group(
          'email',
          'Email',
          [{ label: 'Email', value: email }, ...(pendingEmail ? [{ label: 'Waiting for confirmation', value: pendingEmail }] : [])],
          <EmailForm
            email={email}
            phone={phone}
            onCancel={() => endEdit('email')}
            // The email changes when the link sent to the new address is confirmed; until then it is shown as waiting.
            onSaved={(data) => saved('email', data.message, (current) => ({ ...current, email: data.email, pendingEmail: data.pendingEmail }))}
          />,
        )}
        {group(
          'phone',
          'Phone',
          [{ label: 'Phone', value: formatPhone(phone) }],
          <PhoneForm
            email={email}
            phone={phone}
            onCancel={() => endEdit('phone')}
            onSaved={(data) => saved('phone', data.message, (current) => ({ ...current, phone: data.phone }))}
          />,
        )}
        {group(
          'password',
          'Password',
          [{ label: 'Password', value: MASKED_PASSWORD }],
          <PasswordForm onCancel={() => endEdit('password')} onSaved={(data) => saved('password', data.message)} />,
        )}
      </>
    ),
  };

  return (
    <div className={styles.panel}>
      <SettingsTabs tabs={tabs} selected={tab} onSelect={(id) => setTab(id as TabKey)} idPrefix={ID_PREFIX} label="My Information" />
      {/* Every panel stays mounted (the inactive ones hidden), so an edit in progress survives a tab switch. */}
      {tabs.map(({ id }) => (
        <div
          key={id}
          role="tabpanel"
          id={panelId(ID_PREFIX, id)}
          aria-labelledby={tabId(ID_PREFIX, id)}
          hidden={tab !== id}
          tabIndex={0}
          className={styles.tabpanel}
        >
          {panels[id]}
        </div>
      ))}
    </div>
  );
}

import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SettingsPanel } from '@/components/settings/settings-panel';
import { tabFromQuery } from '@/components/settings/tab-keys';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { listOwnSessions } from '@/lib/account-settings/own-sessions';
import { passkeyView } from '@/lib/account-settings/passkeys';
import { listPasskeys } from '@/lib/auth/second-factor/passkeys';
import { secondFactorStatus } from '@/lib/auth/second-factor/factors';
import { formatAppDate, formatAppLongDate } from '@/lib/format/app-time';
import { secondFactorState } from '@/lib/auth/second-factor/rules';
import { getOwnSettings } from '@/lib/account-settings/queries';
import { ownAnnualCharges } from '@/lib/billing/queries';
import { ownPayments } from '@/lib/billing/receipts';
import { requirePageContext } from '@/lib/http/page';
import { loadEmailChoices } from '@/lib/notifications/preferences';
import styles from './settings.module.css';

export const metadata: Metadata = { title: 'My Information', robots: { index: false } };

/**
 * Settings (My Information): the signed-in user's own name, email, phone and password, and for clients the
 * household's annual charge and receipts (Payments), and for everyone which notifications are e-mailed
 * (Notifications; `?tab=notifications` opens it, as the unsubscribe page's link does), and where they are
 * signed in, their authenticator app and passkeys (Security, issue 31). Not offered while
 * impersonating (spec: Settings hidden then); the saves refuse it too.
 */
export default async function SettingsPage({ searchParams }: { searchParams: Promise<{ tab?: string | string[] }> }) {
  const ctx = await requirePageContext('signed-in', '/settings');
  const { actor } = ctx;
  if (actor.impersonator) redirect('/dashboard');
  const initialTab = tabFromQuery((await searchParams).tab);
  const [values, payments, emailChoices, sessions, secondFactor, passkeys] = await Promise.all([
    getOwnSettings(actor),
    actor.isClient ? Promise.all([ownAnnualCharges(actor), ownPayments(actor)]).then(([annualCharges, history]) => ({ annualCharges, history })) : null,
    loadEmailChoices(ctx),
    listOwnSessions(actor, ctx.now),
    secondFactorStatus(actor.userId),
    listPasskeys(actor.userId),
  ]);
  const state = secondFactorState(actor, ctx.now);
  const authenticator = {
    ...secondFactor,
    since: secondFactor.since ? formatAppDate(secondFactor.since) : null,
    required: state === 'grace' || state === 'overdue' ? { state, due: actor.secondFactor?.dueAt ? formatAppLongDate(actor.secondFactor.dueAt) : null } : null,
  };
  if (!values) redirect('/login?next=/settings');

  return (
    <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
      <h1>My Information</h1>
      <p className={styles.lead}>Changes to your name and sign-in details ask for your current password.</p>
      <SettingsPanel
        initial={values}
        payments={payments}
        emailChoices={emailChoices}
        sessions={sessions}
        authenticator={authenticator}
        passkeys={passkeys.map(passkeyView)}
        initialTab={state === 'overdue' ? 'security' : initialTab}
      />
    </main>
  );
}

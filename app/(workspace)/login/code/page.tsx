import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { redirect } from 'next/navigation';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { PasskeySignIn } from '@/components/auth/passkey-sign-in';
import { SecondStepForm } from '@/components/auth/second-step-form';
import { getActor } from '@/lib/auth/actor';
import { landingPathFor, safeRedirectPath } from '@/lib/auth/landing';
import { loginErrorMessage } from '@/lib/auth/login-errors';
import { issueLoginToken } from '@/lib/auth/login-token';
import { pendingFactors, pendingSecondStep, SECOND_STEP_MINUTES } from '@/lib/auth/second-step';
import styles from '../login.module.css';

export const metadata: Metadata = { title: 'Enter your code', robots: { index: false } };

type Props = { searchParams: Promise<{ error?: string; next?: string }> };

/**
 * The sign-in's second step (issue 31): after a right password for an account with an authenticator app
 * or a passkey (then offered: alone when it has no app).
 * Without a password checked in this browser in the last few minutes, back to the sign-in page.
 */
export default async function SecondStepPage({ searchParams }: Props) {
  const { error, next } = await searchParams;
  const actor = await getActor();
  if (actor) redirect(safeRedirectPath(next) ?? landingPathFor(actor));
  const pending = await pendingSecondStep();
  if (!pending) redirect(next ? `/login?${new URLSearchParams({ error: 'code-expired', next })}` : '/login?error=code-expired');
  // An authenticator app, passkeys, or both (issue 31): a passkey-only account is offered its passkeys alone.
  const factors = await pendingFactors(pending);
  const nextPath = safeRedirectPath(next) ?? undefined;
  if (!factors.app && factors.passkey) {
    return (
      <main id={MAIN_CONTENT_ID} className={styles.page}>
        <section className={styles.card} aria-labelledby="code-title">
          <h1 id="code-title">Use your passkey</h1>
          <p className={styles.lead}>
            Your account signs in with a passkey as its second step. Use it now: your device asks for your fingerprint, face or PIN.
          </p>
          <PasskeySignIn next={nextPath} secondStep label="Use your passkey" variant="primary" />
          <p className={styles.alt}>
            This step ends {SECOND_STEP_MINUTES} minutes after your password. <Link href="/login">Start again</Link>
          </p>
        </section>
      </main>
    );
  }
  return (
    <main id={MAIN_CONTENT_ID} className={styles.page}>
      <section className={styles.card} aria-labelledby="code-title">
        <h1 id="code-title">Enter your code</h1>
        <p className={styles.lead}>Open your authenticator app and enter the 6-digit code it shows for Trustwell. Codes change every 30 seconds.</p>
        <SecondStepForm token={issueLoginToken()} next={nextPath} error={loginErrorMessage(error) ?? undefined} />
        {factors.passkey ? (
          <>
            <p className={styles.or}>or</p>
            <PasskeySignIn next={nextPath} secondStep label="Use a passkey instead" />
          </>
        ) : null}
        <p className={styles.alt}>No phone with you? Enter one of the recovery codes you saved when you set up the app; each works once.</p>
        <p className={styles.alt}>
          This step ends {SECOND_STEP_MINUTES} minutes after your password. <Link href="/login">Start again</Link>
        </p>
      </section>
    </main>
  );
}

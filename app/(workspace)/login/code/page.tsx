import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { SecondStepForm } from '@/components/auth/second-step-form';
import { getActor } from '@/lib/auth/actor';
import { landingPathFor, safeRedirectPath } from '@/lib/auth/landing';
import { loginErrorMessage } from '@/lib/auth/login-errors';
import { issueLoginToken } from '@/lib/auth/login-token';
import { pendingSecondStep, SECOND_STEP_MINUTES } from '@/lib/auth/second-step';
import styles from '../login.module.css';

export const metadata: Metadata = { title: 'Enter your code', robots: { index: false } };

type Props = { searchParams: Promise<{ error?: string; next?: string }> };

/**
 * The sign-in's second step (issue 31): after a right password for an account with an authenticator app.
 * Without a password checked in this browser in the last few minutes, back to the sign-in page.
 */
export default async function SecondStepPage({ searchParams }: Props) {
  const { error, next } = await searchParams;
  const actor = await getActor();
  if (actor) redirect(safeRedirectPath(next) ?? landingPathFor(actor));
  if (!(await pendingSecondStep())) redirect(next ? `/login?${new URLSearchParams({ error: 'code-expired', next })}` : '/login?error=code-expired');
  return (
    <main id={MAIN_CONTENT_ID} className={styles.page}>
      <section className={styles.card} aria-labelledby="code-title">
        <h1 id="code-title">Enter your code</h1>
        <p className={styles.lead}>Open your authenticator app and enter the 6-digit code it shows for Trustwell. Codes change every 30 seconds.</p>
        <SecondStepForm token={issueLoginToken()} next={safeRedirectPath(next) ?? undefined} error={loginErrorMessage(error) ?? undefined} />
        <p className={styles.alt}>No phone with you? Enter one of the recovery codes you saved when you set up the app; each works once.</p>
        <p className={styles.alt}>
          This step ends {SECOND_STEP_MINUTES} minutes after your password. <Link href="/login">Start again</Link>
        </p>
      </section>
    </main>
  );
}

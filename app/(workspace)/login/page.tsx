import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { redirect } from 'next/navigation';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { LoginForm } from '@/components/auth/login-form';
import { PasskeySignIn } from '@/components/auth/passkey-sign-in';
import { getActor } from '@/lib/auth/actor';
import { landingPathFor, safeRedirectPath } from '@/lib/auth/landing';
import { loginErrorMessage } from '@/lib/auth/login-errors';
import { issueLoginToken } from '@/lib/auth/login-token';
import styles from './login.module.css';

type Props = { searchParams: Promise<{ error?: string; next?: string }> };

// The legacy front end reads the form token from this meta tag; our own form carries it as a hidden field.
export async function generateMetadata(): Promise<Metadata> {
  return { title: 'Sign in', other: { 'csrf-token': issueLoginToken() }, robots: { index: false } };
}

/**
 * Classic sign-in form posting to POST /login. A failure comes back as an error code in the query; the
 * page shows that code's fixed text in an Error dialog (never text from the address).
 */
export default async function LoginPage({ searchParams }: Props) {
  const { error, next } = await searchParams;
  const actor = await getActor();
  if (actor) redirect(safeRedirectPath(next) ?? landingPathFor(actor));
  return (
    <main id={MAIN_CONTENT_ID} className={styles.page}>
      <section className={styles.card} aria-labelledby="login-title">
        <h1 id="login-title">Sign in</h1>
        <p className={styles.lead}>Welcome back. Sign in to continue your estate plan.</p>
        <LoginForm token={issueLoginToken()} next={safeRedirectPath(next) ?? undefined} error={loginErrorMessage(error) ?? undefined} />
        {/* A passkey signs in alone, nothing typed (issue 31). */}
        <p className={styles.or}>or</p>
        <PasskeySignIn next={safeRedirectPath(next) ?? undefined} />
        <p className={styles.alt}>
          <Link href="/forgot-password">Forgot your password?</Link>
        </p>
        <p className={styles.alt}>
          New here? <Link href="/join">Create an account</Link>
        </p>
      </section>
    </main>
  );
}

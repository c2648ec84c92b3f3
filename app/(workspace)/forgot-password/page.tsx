import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { ForgotPasswordForm } from '@/components/auth/password-link-forms';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import styles from '../login/login.module.css';

export const metadata: Metadata = { title: 'Forgot your password?', robots: { index: false } };

/** "Forgot your password?" from the login page: e-mails a one-hour, single-use link to choose a new password. */
export default function ForgotPasswordPage() {
  return (
    <main id={MAIN_CONTENT_ID} className={styles.page}>
      <section className={styles.card} aria-labelledby="forgot-title">
        <h1 id="forgot-title">Forgot your password?</h1>
        <p className={styles.lead}>Enter the email you sign in with. We will e-mail you a link to choose a new password.</p>
        <ForgotPasswordForm />
        <p className={styles.alt}>
          <Link href="/login">Back to sign in</Link>
        </p>
      </section>
    </main>
  );
}

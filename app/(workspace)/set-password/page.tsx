import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { SetPasswordForm } from '@/components/auth/password-link-forms';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { findPasswordLink } from '@/lib/auth/password-tokens';
import { PASSWORD_LINK_INVALID } from '@/lib/validation/admin';
import styles from '../login/login.module.css';

export const metadata: Metadata = { title: 'Choose your password', robots: { index: false }, referrer: 'no-referrer' };

type Props = { searchParams: Promise<{ token?: string | string[]; reason?: string | string[] }> };

const LEADS = {
  set: 'Welcome! Choose the password you will sign in with.',
  reset: 'Choose a new password for your account.',
  temporary: 'Your temporary password has been used. Choose a new password to finish signing in.',
};

/**
 * A password link's page (account created by an admin, forgotten password, temporary password used).
 * Opening it changes nothing; the form posts the token with the new password. A used or expired link says so.
 */
export default async function SetPasswordPage({ searchParams }: Props) {
  const { token: raw, reason } = await searchParams;
  const token = typeof raw === 'string' ? raw : '';
  const link = await findPasswordLink(token, new Date());
  const lead = reason === 'temporary' ? LEADS.temporary : link ? LEADS[link.purpose] : '';
  return (
    <main id={MAIN_CONTENT_ID} className={styles.page}>
      <section className={styles.card} aria-labelledby="set-password-title">
        <h1 id="set-password-title">Choose your password</h1>
        {link ? (
          <>
            <p className={styles.lead}>
              {lead} Account: <strong>{link.email}</strong>
            </p>
            <SetPasswordForm token={token} />
          </>
        ) : (
          <>
            <p className={styles.lead}>{PASSWORD_LINK_INVALID}</p>
            <p className={styles.alt}>
              <Link href="/forgot-password">Forgot your password?</Link>
            </p>
          </>
        )}
      </section>
    </main>
  );
}

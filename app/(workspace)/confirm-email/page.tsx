import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { ConfirmEmailChange } from '@/components/settings/confirm-email-change';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { findPendingEmailChange } from '@/lib/account-settings/confirm-email-change';
import { EMAIL_CHANGE_LINK_INVALID } from '@/lib/validation/settings';
import styles from '../login/login.module.css';

export const metadata: Metadata = { title: 'Confirm your new email', robots: { index: false }, referrer: 'no-referrer' };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/**
 * The link sent to a new sign-in email opens this page. Opening it changes nothing (mail scanners follow
 * links); the Confirm button posts the token. A link that is used, replaced or past its 24 hours says so.
 */
export default async function ConfirmEmailPage({ searchParams }: Props) {
  const raw = (await searchParams).token;
  const token = typeof raw === 'string' ? raw : '';
  const pending = await findPendingEmailChange(token);
  return (
    <main id={MAIN_CONTENT_ID} className={styles.page}>
      <section className={styles.card} aria-labelledby="confirm-email-title">
        <h1 id="confirm-email-title">Confirm your new email</h1>
        {pending ? (
          <ConfirmEmailChange token={token} newEmail={pending.newEmail} />
        ) : (
          <>
            <p className={styles.lead}>{EMAIL_CHANGE_LINK_INVALID}</p>
            <p className={styles.alt}>
              <Link href="/settings">Go to Settings</Link>
            </p>
          </>
        )}
      </section>
    </main>
  );
}

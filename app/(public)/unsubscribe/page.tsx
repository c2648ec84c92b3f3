import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { MAIN_CONTENT_ID } from '@/components/shell/header-view';
import { UnsubscribeConfirm } from '@/components/notifications/unsubscribe-confirm';
import { describeUnsubscribe } from '@/lib/notifications/preferences';
import styles from '@/components/notifications/unsubscribe.module.css';

// The token is a credential of sorts (it turns a kind off): never sent on as a referrer, never indexed.
export const metadata: Metadata = { title: 'Unsubscribe', robots: { index: false }, referrer: 'no-referrer' };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/**
 * A notification mail's unsubscribe link opens this page, signed in or not (issue 29). Opening it changes
 * nothing (mail scanners follow links); the button turns off that one kind for that one address. A link this
 * server did not sign, or one for security mail, says so.
 */
export default async function UnsubscribePage({ searchParams }: Props) {
  const raw = (await searchParams).token;
  const token = typeof raw === 'string' ? raw : '';
  const named = await describeUnsubscribe(token);
  return (
    <main id={MAIN_CONTENT_ID} className={styles.page}>
      <section className={styles.card} aria-labelledby="unsubscribe-title">
        {named ? (
          <>
            <h1 id="unsubscribe-title">Unsubscribe</h1>
            <UnsubscribeConfirm token={token} label={named.label} email={named.email} />
          </>
        ) : (
          <>
            <h1 id="unsubscribe-title">This unsubscribe link is not valid</h1>
            <p className={styles.text}>
              It may have been copied incompletely. Sign in and choose which e-mails you receive in{' '}
              <Link href="/settings?tab=notifications">Settings, Notifications</Link>.
            </p>
          </>
        )}
      </section>
    </main>
  );
}

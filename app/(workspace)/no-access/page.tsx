import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LogoutButton } from '@/components/auth/logout-button';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { requireActor } from '@/lib/http/page';
import { landingPathFor, NO_ACCESS_PATH } from '@/lib/auth/landing';
import { siteConfig } from '@/lib/config/site';
import styles from '../login/login.module.css';

export const metadata: Metadata = { title: 'No access', robots: { index: false } };

/**
 * Where a signed-in user without any role lands (e.g. an admin removed their client record): the account
 * itself still works, but there is nothing it may open, so say so and how to reach support, instead of
 * bouncing between the client and dashboard homes.
 */
export default async function NoAccessPage() {
  const actor = await requireActor('signed-in', NO_ACCESS_PATH);
  const home = landingPathFor(actor);
  if (home !== NO_ACCESS_PATH) redirect(home);
  return (
    <main id={MAIN_CONTENT_ID} className={styles.page}>
      <section className={styles.card} aria-labelledby="no-access-title">
        <h1 id="no-access-title">Your account has no access</h1>
        <p className={styles.lead}>
          You are signed in as {actor.email}, but this account is not linked to a client record, an advisor or a team any more, so there is nothing it can open.
        </p>
        <p className={styles.lead}>
          If you think this is a mistake, write to <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a> from this email address and we
          will restore your access.
        </p>
        <LogoutButton impersonatorName={actor.impersonator ? (actor.impersonator.returnToName ?? actor.impersonator.name) : null} fullWidth />
      </section>
    </main>
  );
}

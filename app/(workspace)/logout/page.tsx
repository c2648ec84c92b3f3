import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { LogoutButton } from '@/components/auth/logout-button';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { getActor } from '@/lib/auth/actor';
import styles from '../login/login.module.css';

export const metadata: Metadata = { title: 'Logout', robots: { index: false } };

/**
 * GET /logout: a page with the Logout button, never a sign-out by itself, so a link on another site (or a
 * prefetch) cannot end a session or an impersonation. The button posts to /logout.
 */
export default async function LogoutPage() {
  const actor = await getActor();
  return (
    <main id={MAIN_CONTENT_ID} className={styles.page}>
      <section className={styles.card} aria-labelledby="logout-title">
        {actor ? (
          <>
            <h1 id="logout-title">{actor.impersonator ? `Stop acting as ${actor.name}?` : 'Log out?'}</h1>
            <p className={styles.lead}>
              {actor.impersonator
                ? actor.impersonator.returnToName
                  ? `You will return to acting as ${actor.impersonator.returnToName}.`
                  : `You will return to your own account, ${actor.impersonator.name}.`
                : `You are signed in as ${actor.name}.`}
            </p>
            <LogoutButton impersonatorName={actor.impersonator ? (actor.impersonator.returnToName ?? actor.impersonator.name) : null} fullWidth />
          </>
        ) : (
          <>
            <h1 id="logout-title">You are signed out</h1>
            <p className={styles.lead}>
              <Link href="/login">Sign in again</Link>
            </p>
          </>
        )}
      </section>
    </main>
  );
}

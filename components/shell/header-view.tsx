import { Link } from '@/components/ui/link';
import { BellLink, type BellCount } from '@/components/notifications/bell-link';
import { Button } from '@/components/ui/button';
import type { Actor } from '@/lib/kernel/actor';
import { BrandMark } from './brand-mark';
import { MenuToggle } from './menu-toggle';
import { navItemsFor, type NavActor } from './nav-items';
import { siteConfig } from '@/lib/config/site';
import styles from './site-header.module.css';

/** Id of the page's <main>; the skip link jumps there. Pages render `<main id={MAIN_CONTENT_ID}>`. */
export const MAIN_CONTENT_ID = 'main-content';

/** The part of the actor the header shows (any full Actor satisfies it). */
export type HeaderActor = Pick<Actor, 'name'> & NavActor;

/** Shown while an admin or advisory user acts as someone else; returning goes through logout. */
export function ImpersonationBanner({ actor }: { actor: HeaderActor }) {
  if (!actor.impersonator) return null;
  return (
    <div className={styles.banner} role="region" aria-label="Impersonation">
      <div className={`container ${styles.bannerInner}`}>
        <p className={styles.bannerText}>
          Acting as <strong>{actor.name}</strong>
        </p>
        {/* /logout ends only the impersonation when there is one. A POST form: a real button that works
            without JavaScript and cannot be triggered by a prefetch or a cross-site image. */}
        <form action="/logout" method="post" className={styles.bannerForm}>
          <Button type="submit" variant="secondary" size="sm">
            Return to {actor.impersonator.returnToName ?? actor.impersonator.name}
          </Button>
        </form>
      </div>
    </div>
  );
}

/**
 * Shown to an admin or attorney in their grace period without a second factor (issue 31): from when it is
 * required (`due`, a date in words; null when not yet set), and the way to Settings → Security.
 */
export function SecondFactorBanner({ due }: { due: string | null }) {
  return (
    <div className={styles.banner} role="region" aria-label="Second factor">
      <div className={`container ${styles.bannerInner}`}>
        <p className={styles.bannerText}>
          Attorneys and admins sign in with a second step, an authenticator app or a passkey{due ? `, from ${due}` : ', soon'}. Set one up now: it takes a
          minute.
        </p>
        <Link href="/settings?tab=security" className={styles.bannerLink}>
          Set up a second step
        </Link>
      </div>
    </div>
  );
}

/**
 * The header for a given actor (null for guests). Synchronous, so tests can render it directly. A signed-in
 * actor's bell sits beside the Main navigation, not in it: in the bar at every width, also on a phone.
 */
export function SiteHeaderView({
  actor,
  bell = null,
  secondFactorDue,
}: {
  actor: HeaderActor | null;
  bell?: BellCount | null;
  /** Set when the second-factor banner shows: the date it becomes required (null: not yet set). */
  secondFactorDue?: string | null;
}) {
  const items = navItemsFor(actor);
  return (
    <header className={styles.header}>
      <a href={`#${MAIN_CONTENT_ID}`} className={styles.skip}>
        Skip to main content
      </a>
      {actor ? <ImpersonationBanner actor={actor} /> : null}
      {actor && secondFactorDue !== undefined ? <SecondFactorBanner due={secondFactorDue} /> : null}
      <div className={`container ${styles.bar}`}>
        <Link href="/" className={styles.brand}>
          <BrandMark />
          <span>{siteConfig.name}</span>
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <MenuToggle>
            <ul className={styles.list}>
              {items.map((it) => (
                <li key={it.key}>
                  {it.key === 'logout' ? (
                    // Signing out is a POST from a button (see /logout), never a link to follow.
                    <form action="/logout" method="post" className={styles.logoutForm}>
                      <button type="submit" className={`${styles.link} ${styles.linkButton}`}>
                        {it.label}
                      </button>
                    </form>
                  ) : it.routed ? (
                    <Link href={it.href} className={styles.link}>
                      {it.label}
                    </Link>
                  ) : (
                    // Plain anchor: never prefetched, always a full navigation.
                    <a href={it.href} className={styles.link}>
                      {it.label}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </MenuToggle>
        </nav>
        {actor && bell ? <BellLink count={bell} /> : null}
      </div>
    </header>
  );
}

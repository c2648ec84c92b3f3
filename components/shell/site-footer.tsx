import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { mapsSearchUrl, siteConfig } from '@/lib/config/site';
import { HideOnPaths } from './hide-on-paths';
import styles from './site-footer.module.css';

/**
 * Paths where the Get Started band is hidden: it links to /trust, so it is pointless there. The server
 * renders signed-in visitors' /trust under its rewritten path (next.config.mjs), so both are listed.
 */
export const GET_STARTED_HIDDEN_ON = ['/trust', '/trust/signed-in'] as const;

export interface SiteFooterProps {
  /**
   * Hiding the Get Started band (spec: "can be hidden"). Two ways, chosen so pages need no wiring:
   * - automatically on the paths in GET_STARTED_HIDDEN_ON (a tiny client gate reads the pathname);
   * - `showGetStarted={false}`, which the layout passes for a signed-in visitor (VisitorFooter): the band is
   *   marketing for guests, never on a dashboard or the intake (issue 27). Default true.
   */
  showGetStarted?: boolean;
}

type FooterEntry = { label: string; href?: string };

const products: FooterEntry[] = [
  { label: 'Trust', href: '/trust' },
  // Will and Guardian are presented but have no action yet (spec 1): plain text, not fake links.
  { label: 'Will' },
  { label: 'Guardian' },
];

const resources: FooterEntry[] = [
  { label: 'How it works', href: '/trust#steps' },
  { label: 'Frequently asked questions', href: '/trust#faq' },
  // No action yet (spec: most footer links do nothing).
  { label: 'Estate planning guide' },
  { label: 'Glossary' },
  { label: 'Blog' },
];

function EntryList({ entries }: { entries: FooterEntry[] }) {
  return (
    <ul className={styles.list}>
      {entries.map((e) => (
        <li key={e.label}>
          {e.href ? (
            <Link href={e.href} className={styles.link}>
              {e.label}
            </Link>
          ) : (
            <span className={styles.plain}>{e.label}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A labelled footer column: its heading names the region for screen readers. */
function FooterColumn({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Site footer: Get Started band, Products, Resources, the firm's address, copyright. */
export function SiteFooter({ showGetStarted = true }: SiteFooterProps) {
  const { address } = siteConfig;
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      {showGetStarted ? (
        <HideOnPaths paths={GET_STARTED_HIDDEN_ON}>
          <section className={styles.cta} aria-labelledby="footer-get-started">
            <div className={`container ${styles.ctaInner}`}>
              <h2 id="footer-get-started" className={styles.ctaHeading}>
                Protect your family with a living trust
              </h2>
              <Link href="/trust" className={styles.ctaButton}>
                Get Started
              </Link>
            </div>
          </section>
        </HideOnPaths>
      ) : null}
      <div className={`container ${styles.columns}`}>
        <FooterColumn id="footer-products" title="Products">
          <EntryList entries={products} />
        </FooterColumn>
        <FooterColumn id="footer-resources" title="Resources">
          <EntryList entries={resources} />
        </FooterColumn>
        <FooterColumn id="footer-contact" title="Contact">
          <address className={styles.address}>
            <a href={mapsSearchUrl(address)} className={styles.link} target="_blank" rel="noopener noreferrer">
              <span className={styles.addressLine}>{address.organization}</span>
              <span className={styles.addressLine}>{address.street}</span>
              <span className={styles.addressLine}>
                {address.locality}, {address.region} {address.postalCode}
              </span>
              <span className="visually-hidden"> (map, opens in a new tab)</span>
            </a>
            <a href={`mailto:${siteConfig.supportEmail}`} className={styles.link}>
              {siteConfig.supportEmail}
            </a>
          </address>
        </FooterColumn>
      </div>
      <div className={`container ${styles.legal}`}>
        <p>
          © {year} {siteConfig.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

export default SiteFooter;

import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { MAIN_CONTENT_ID } from '@/components/shell/header-view';
import { buttonClass } from '@/components/ui/button';
import { absoluteUrl, siteConfig } from '@/lib/config/site';
import styles from './public.module.css';

const title = `${siteConfig.name} | Online revocable living trusts, reviewed by attorneys`;
const description =
  'Create a revocable living trust and the documents that go with it online: answer guided questions, ' +
  'pay once, and an attorney team prepares your documents to sign, notarize and fund.';

export const metadata: Metadata = {
  title: { absolute: title },
  description,
  alternates: { canonical: absoluteUrl('/') },
  openGraph: {
    type: 'website',
    url: absoluteUrl('/'),
    siteName: siteConfig.name,
    title,
    description,
    locale: 'en_US',
  },
};

const reasons = [
  {
    title: 'Skip probate',
    text: 'Assets held in a funded trust pass to your beneficiaries without a court-supervised probate process.',
  },
  {
    title: 'Stay in control',
    text: 'A revocable trust can be changed or revoked at any time while you are alive and able to decide.',
  },
  {
    title: 'Plan for incapacity',
    text: 'Your successor trustee and agents can step in if you cannot manage your affairs, without a court appointment.',
  },
];

/** Home: a static introduction that points visitors to the trust landing page. */
export default function HomePage() {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className="container">
          <h1 id="home-title" className={styles.heroTitle}>
            Your estate plan, prepared online and reviewed by attorneys
          </h1>
          <p className={styles.lead}>
            {siteConfig.name} helps you and your spouse create a revocable living trust and the documents that go with it, at your own pace, from any device.
          </p>
          <div className={styles.actions}>
            <Link href="/trust" className={buttonClass({ size: 'lg' })}>
              Explore the living trust
            </Link>
          </div>
        </div>
      </section>

      <section className={`container ${styles.section}`} aria-labelledby="home-why">
        <h2 id="home-why">Why a living trust?</h2>
        <ul className={styles.cards}>
          {reasons.map((r) => (
            <li key={r.title} className={styles.card}>
              <h3 className={styles.cardTitle}>{r.title}</h3>
              <p>{r.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={`container ${styles.section}`} aria-labelledby="home-how">
        <h2 id="home-how">How {siteConfig.name} works</h2>
        <p>
          You answer guided questions about your family, your assets and your wishes. Your progress is saved, so you can stop and come back at any time. When
          you are ready, you review your answers, pay, and submit. An attorney team prepares your documents; you download them, sign them in front of a notary,
          and fund your trust.
        </p>
        <p>
          <Link href="/trust">See what is included, the price, and answers to common questions</Link>
        </p>
      </section>

      <section className={`container ${styles.section}`} aria-labelledby="home-about">
        <h2 id="home-about">About us</h2>
        <p>
          {siteConfig.name} works with financial advisors and their clients to make estate planning simpler. Advisors invite their clients and follow their
          progress; clients complete their plan online; our attorney team reviews every submitted trust.
        </p>
      </section>

      <section className={`container ${styles.section}`} aria-labelledby="home-contact">
        <h2 id="home-contact">Contact us</h2>
        <p>
          Questions? Write to <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>. Our postal address is at the bottom of every page.
        </p>
      </section>
    </main>
  );
}

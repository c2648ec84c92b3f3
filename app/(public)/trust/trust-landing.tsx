import { Link } from '@/components/ui/link';
import { MAIN_CONTENT_ID } from '@/components/shell/header-view';
import { annualChargeNote, formatUsd, trustPrices } from '@/lib/config/pricing';
import { AdvisorOffer } from './advisor-offer';
import { FAQS, INCLUDED_DOCUMENTS, PROCESS_STEPS } from './content';
import { serializeJsonLd, trustJsonLd } from './json-ld';
import { trustMetadataText } from './metadata';
import { StepScrollLink } from './step-scroll-link';
import styles from './trust.module.css';

const full = formatUsd(trustPrices.full);
const discounted = formatUsd(trustPrices.discounted);
const annualNote = annualChargeNote();
const { url, siteName, description } = trustMetadataText;

const jsonLd = trustJsonLd({
  url,
  siteName,
  productName: 'Revocable Living Trust',
  description,
  fullPrice: trustPrices.full,
  faqs: FAQS,
});

/** Where the price card's button leads a signed-in visitor; guests get "Start your trust" to join. */
export type TrustCallToAction = { href: string; label: string };

/** The call to action for a signed-in visitor: clients go on with their own trust, everyone else to work. */
export function signedInCallToAction(actor: { isClient: boolean } | null): TrustCallToAction | undefined {
  if (!actor) return undefined;
  if (actor.isClient) return { href: '/client-info', label: 'Continue your trust' };
  return { href: '/dashboard', label: 'Go to your dashboard' };
}

/**
 * The trust landing page (spec 2, "trust"): price, what is provided, 4 steps, 5 FAQs. `callToAction` and
 * `linkedToAdvisor` (a client who earns the advisor discount) are set for signed-in visitors only; the
 * static guest page leaves them out.
 */
export function TrustLanding({ callToAction, linkedToAdvisor = false }: { callToAction?: TrustCallToAction; linkedToAdvisor?: boolean }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
      {jsonLd.map((data) => (
        <script key={String(data['@type'])} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
      ))}

      <section className={styles.hero} aria-labelledby="trust-title">
        <div className={`container ${styles.heroGrid}`}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>Revocable living trust</p>
            <h1 id="trust-title" className={styles.title}>
              Create your living trust online, reviewed by attorneys
            </h1>
            <p className={styles.lead}>
              Answer guided questions at your own pace. We prepare your trust and six supporting documents, an attorney team reviews them, and you sign,
              notarize and fund.
            </p>
            <StepScrollLink targetId="steps" className={styles.secondaryLink}>
              See how it works
            </StepScrollLink>
          </div>
          <aside className={styles.priceCard} aria-labelledby="trust-price-heading">
            <h2 id="trust-price-heading" className={styles.priceHeading}>
              Your complete trust package
            </h2>
            <AdvisorOffer full={full} discounted={discounted} annualNote={annualNote} callToAction={callToAction} linkedToAdvisor={linkedToAdvisor} />
            {callToAction ? null : (
              <p className={styles.small}>
                Already have an account? <Link href="/login">Sign in</Link>
              </p>
            )}
          </aside>
        </div>
      </section>

      <section className={`container ${styles.section}`} aria-labelledby="included-heading">
        <h2 id="included-heading">What&apos;s included</h2>
        <p className={styles.sectionLead}>Seven documents, prepared for you (and your spouse, if you are married).</p>
        <ul className={styles.documents}>
          {INCLUDED_DOCUMENTS.map((doc) => (
            <li key={doc.name} className={styles.document}>
              <h3 className={styles.documentName}>{doc.name}</h3>
              <p>{doc.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="steps" tabIndex={-1} className={`container ${styles.section} ${styles.target}`} aria-labelledby="steps-heading">
        <h2 id="steps-heading">How it works</h2>
        <ol className={styles.steps}>
          {PROCESS_STEPS.map((step, index) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className={styles.stepTitle}>
                  <span className="visually-hidden">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section id="faq" className={`container ${styles.section} ${styles.target}`} aria-labelledby="faq-heading">
        <h2 id="faq-heading">Frequently asked questions</h2>
        <div className={styles.faqs}>
          {FAQS.map((faq) => (
            <details key={faq.question} className={styles.faq}>
              <summary className={styles.question}>{faq.question}</summary>
              <p className={styles.answer}>{faq.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </main>
  );
}

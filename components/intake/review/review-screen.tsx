'use client';

import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { PlanSummaryLink } from '@/components/plan-summary/summary-link';
import { Button } from '@/components/ui/button';
import { useIntake } from '../intake-context';
import { householdNames } from '../shared/people';
import { trustTitle, printDate } from '@/lib/intake/review-texts';
import { AssetReviewSections } from './asset-review-sections';
import { EstateDiagram } from './estate-diagram';
import { RevealProvider, useReveal } from './identifiers';
import { FamilyReviewSections, identifiersOnReview } from './review-sections';
import { useReviewMode } from './review-mode';
import { PlanStatus, StatusBar } from './status-bar';
import { SubmitPanel } from './submit-panel';
import styles from './review.module.css';
import { reviewLabel } from '../page/review-button';
import { StatusHistory } from '../page/status-history';

/** The review's button row: Back (Edit for attorneys on a submitted trust), Print and the summary PDF; Submit at the bottom. */
function ReviewActions({ bottom = false }: { bottom?: boolean }) {
  const { view } = useIntake();
  const { closeReview } = useReviewMode();
  const { fetchForPrint, clearPrinted } = useReveal();
  const editLabel = view.abilities.isLegal && view.abilities.isSubmitted ? 'Edit' : 'Back';

  const print = async () => {
    // Attorneys and admins print identifiers in full: fetched (and audited) for this print only.
    if (view.abilities.canRevealIdentifiers && !(await fetchForPrint(identifiersOnReview(view)))) return;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    window.print();
  };

  useEffect(() => {
    window.addEventListener('afterprint', clearPrinted);
    return () => window.removeEventListener('afterprint', clearPrinted);
  }, [clearPrinted]);

  return (
    <div className={`${styles.actions} no-print`}>
      <Button variant="secondary" onClick={closeReview}>
        {editLabel}
      </Button>
      <Button variant="secondary" onClick={print}>
        Print
      </Button>
      <PlanSummaryLink clientHash={view.client.hash} />
      {bottom && <SubmitPanel view={view} />}
    </div>
  );
}

// The print title's date never changes while the page is open: nothing to subscribe to.
const noSubscription = () => () => {};

/**
 * The review page (intake §2): read-only, every section in the spec's order, the estate summary diagram on
 * top, printable (the print title names the trust, the people and the date; 2 cards per row).
 */
export function ReviewScreen({ documents }: { documents?: ReactNode } = {}) {
  const { view } = useIntake();
  // The print title's date is the browser's today (it prints there); the server's clock may be on another
  // day around midnight, so the server renders the title without it and the browser adds it.
  const today = useSyncExternalStore(noSubscription, printDate, () => null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from a button that is gone now: the focus goes to the review's heading.
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <RevealProvider>
      <div className={styles.review}>
        <p className={styles.printTitle}>
          {trustTitle(view)} — {householdNames(view)}
          {today && ` — ${today}`}
        </p>
        <div className={styles.reviewHeader}>
          <div>
            <h1 ref={heading} tabIndex={-1} className={styles.heading}>
              {reviewLabel(view)}
            </h1>
            <p className={styles.names}>{householdNames(view)}</p>
          </div>
          <ReviewActions />
        </div>
        <PlanStatus />
        <StatusBar />
        <StatusHistory />
        {documents}
        <EstateDiagram view={view} />
        <FamilyReviewSections />
        <AssetReviewSections />
        <ReviewActions bottom />
      </div>
    </RevealProvider>
  );
}

'use client';

import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { PlanSummaryLink } from '@/components/plan-summary/summary-link';
import { Button } from '@/components/ui/button';
import { useIntake } from '../intake-context';
import { householdNames } from '../shared/people';
import { trustTitle, printDate } from '@/lib/intake/review-texts';
import { AssetReviewSections } from './asset-review-sections';
import { EstateDiagram, type WhatIfProps } from './estate-diagram';
import { RevealProvider, useReveal } from './identifiers';
import { FamilyReviewSections, identifiersOnReview } from './review-sections';
import { useReviewMode } from './review-mode';
import { PlanStatus, StatusBar } from './status-bar';
import { SubmitPanel } from './submit-panel';
import styles from './review.module.css';
import { reviewLabel } from '../page/review-button';
import { StatusHistory } from '../page/status-history';

/**
 * What the page's server render adds to the review (issue 30): the "what if" switch's scenarios and the flow
 * its address asks for, and, once funding has begun, what would go through probate today (`toPanel`: the
 * funding panel is on the page to point to).
 */
export type ReviewExtras = { whatIf?: WhatIfProps; probate?: { sentence: string; toPanel: boolean } | null };

/** The review's button row: Back (Edit for attorneys on a submitted trust), Print and the summary PDF; Submit at the bottom. */
function ReviewActions({ bottom = false, whatIf }: { bottom?: boolean; whatIf?: WhatIfProps }) {
  const { view } = useIntake();
  const { closeReview: close } = useReviewMode();
  const router = useRouter();
  // A scenario's flow is the server's of this render: leaving the review leaves it too, so that changes made
  // in the intake meanwhile are never shown under an older "what if" when the review is opened again.
  const closeReview = () => {
    close();
    if (whatIf?.flow) router.replace(whatIf.path, { scroll: false });
  };
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
 * top (with its "what if" switch, and the probate exposure under it once funding has begun: issue 30),
 * printable (the print title names the trust, the people and the date; 2 cards per row).
 */
export function ReviewScreen({ documents, whatIf, probate }: { documents?: ReactNode } & ReviewExtras = {}) {
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
          <ReviewActions whatIf={whatIf} />
        </div>
        <PlanStatus />
        <StatusBar />
        <StatusHistory />
        {documents}
        <EstateDiagram view={view} whatIf={whatIf} />
        {probate ? (
          <p className={styles.probate}>
            <strong>{probate.sentence}</strong>
            {probate.toPanel ? (
              <>
                {' '}
                <a href="#funding" className="no-print">
                  See the funding steps
                </a>{' '}
                <span className="no-print">that move each asset into the trust.</span>
              </>
            ) : null}
          </p>
        ) : null}
        <FamilyReviewSections />
        <AssetReviewSections />
        <ReviewActions bottom whatIf={whatIf} />
      </div>
    </RevealProvider>
  );
}

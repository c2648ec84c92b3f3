'use client';

import { Link } from '@/components/ui/link';
import { useSyncExternalStore } from 'react';
import { ADVISOR_HASH_SHAPE, ADVISOR_REF_KEY } from '@/lib/accounts/referral';
import { buttonClass } from '@/components/ui/button';
import styles from './trust.module.css';

/**
 * The referring advisor's hash, or '' when there is none: `?ref=<hash>` in the address first, else the hash
 * the join page remembered from an advisor link. A string, so the snapshot is stable between reads.
 */
export function readReferral(): string {
  try {
    const ref = new URLSearchParams(window.location.search).get('ref');
    if (ref && ADVISOR_HASH_SHAPE.test(ref)) return ref;
    const remembered = window.localStorage.getItem(ADVISOR_REF_KEY);
    if (remembered && ADVISOR_HASH_SHAPE.test(remembered)) return remembered;
  } catch {
    // Storage can be blocked (privacy modes); treat as not referred.
  }
  return '';
}

const noSubscription = () => () => {};
const serverSnapshot = () => '';

export interface AdvisorOfferProps {
  /** Formatted prices ("$1,495", "$995"); formatting happens on the server. */
  full: string;
  discounted: string;
  /** The annual charge's terms (lib/config/pricing.ts annualChargeNote), said beside the price; null when there is none. */
  annualNote: string | null;
  /** Signed-in visitors' button (their own trust, or their dashboard) instead of "Start your trust". */
  callToAction?: { href: string; label: string };
  /** A signed-in client already linked to an advisor: discounted from the server's render on. */
  linkedToAdvisor?: boolean;
}

/**
 * Price and call to action. The guest page is static, so the server renders the full price with a note
 * about the advisor discount; after hydration a referred visitor sees the discounted price instead. A
 * signed-in client linked to an advisor is known on the server (the per-request page), so theirs is
 * rendered discounted from the start, on any browser. Both
 * variants are always laid out in the same grid cell and the inactive one is `visibility: hidden`, so
 * the box is as large as the larger variant at every width and the swap shifts nothing.
 */
export function AdvisorOffer({ full, discounted, annualNote, callToAction, linkedToAdvisor = false }: AdvisorOfferProps) {
  const advisorHash = useSyncExternalStore(noSubscription, readReferral, serverSnapshot);
  const referred = linkedToAdvisor || advisorHash !== '';
  // The join screen takes the advisor hash as its last segment, which carries the discount over.
  const joinHref = advisorHash ? `/join/${encodeURIComponent(advisorHash)}` : '/join';
  const shown = (active: boolean) => ({ visibility: active ? ('visible' as const) : ('hidden' as const) });

  return (
    <>
      <p className={styles.price}>
        <span className={styles.priceUnit}>Trust fee</span>
        <span className={styles.swap}>
          <span className={styles.amount} style={shown(!referred)}>
            {full}
          </span>
          <span className={styles.amount} style={shown(referred)}>
            {discounted}
          </span>
        </span>
      </p>
      {annualNote ? <p className={styles.annualNote}>{annualNote}</p> : null}
      <p className={`${styles.priceNote} ${styles.swap}`}>
        <span style={shown(!referred)}>
          Referred by a financial advisor? Your advisor&apos;s link applies a discount: {discounted} instead of {full}.
        </span>
        <span style={shown(referred)}>
          <strong>Advisor discount applied.</strong> The regular price is {full}.
        </span>
      </p>
      <Link href={callToAction?.href ?? joinHref} className={buttonClass({ size: 'lg', fullWidth: true })}>
        {callToAction?.label ?? 'Start your trust'}
      </Link>
    </>
  );
}

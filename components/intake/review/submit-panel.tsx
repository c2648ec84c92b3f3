'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useMessage } from '@/components/ui/call-provider';
import { missingItems } from '@/lib/intake/missing-items';
import type { IntakeView } from '@/lib/intake/types';
import { ConsentDialog } from './consent-dialog';
import { useReviewMode } from './review-mode';
import styles from './review.module.css';

export const SUBMIT_LABEL = 'Submit Trust for Attorney Review';
export const MISSING_TITLE = 'Missing Information';

/** What the trust has none of, from the household's lists (the warning before consent). */
export function missingOf(view: IntakeView): string[] {
  return missingItems({
    beneficiaries: view.beneficiaries.length,
    trustees: view.trustees.length,
    properties: view.properties.length,
    bankAccounts: view.bankAccounts.length,
    retirementOrBrokerageAccounts: view.retirementAccounts.length + view.brokerageAccounts.length,
  });
}

/**
 * 'Submit Trust for Attorney Review' (shown until the trust is submitted, to those who may submit): a
 * warning listing what is missing (continue or go back), then the Agreement and Receipt. No fee is asked
 * yet: the Payment Due step comes with the payments work.
 */
export function SubmitPanel({ view }: { view: IntakeView }) {
  const { confirm } = useMessage();
  const { closeReview } = useReviewMode();
  const [consenting, setConsenting] = useState(false);
  if (view.abilities.isSubmitted || !view.abilities.canSubmit) return null;

  const start = async () => {
    const missing = missingOf(view);
    if (missing.length > 0) {
      const go = await confirm({
        title: MISSING_TITLE,
        message: (
          <>
            <span>Your trust has none of the following yet:</span>
            <ul className={styles.missingList}>
              {missing.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <span>You can go back and add them, or continue to the Agreement and submit without them.</span>
          </>
        ),
        confirmLabel: 'Continue',
        cancelLabel: 'Go Back',
      });
      if (!go) return;
    }
    setConsenting(true);
  };

  return (
    <>
      <Button onClick={start}>{SUBMIT_LABEL}</Button>
      <ConsentDialog open={consenting} onClose={() => setConsenting(false)} onSubmitted={() => (setConsenting(false), closeReview())} />
    </>
  );
}

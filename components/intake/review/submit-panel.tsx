'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useMessage } from '@/components/ui/call-provider';
import { missingItems } from '@/lib/intake/missing-items';
import type { IntakeView } from '@/lib/intake/types';
import { PaymentDueDialog } from '@/components/payments/payment-due-dialog';
import type { AmountDueView } from '@/lib/billing/trust-fee';
import { useIntake } from '../intake-context';
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
 * warning listing what is missing (continue or go back), then the Agreement and Receipt, then the Payment
 * Due modal when a fee is due (or a method is to be verified); the payment submits the trust.
 */
export function SubmitPanel({ view }: { view: IntakeView }) {
  const { confirm } = useMessage();
  const { closeReview } = useReviewMode();
  const { run } = useIntake();
  const [consenting, setConsenting] = useState(false);
  const [payment, setPayment] = useState<{ fee: AmountDueView; acknowledgements: { client_hash: string; statements: (1 | 2 | 3)[] }[] } | null>(null);
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
      <ConsentDialog
        open={consenting}
        onClose={() => setConsenting(false)}
        onSubmitted={() => (setConsenting(false), closeReview())}
        onPaymentDue={(fee, acknowledgements) => (setConsenting(false), setPayment({ fee, acknowledgements }))}
      />
      {payment ? (
        <PaymentDueDialog
          open
          fee={payment.fee}
          clientHash={view.client.hash}
          acknowledgements={payment.acknowledgements}
          run={run}
          onClose={() => setPayment(null)}
          onSubmitted={() => (setPayment(null), closeReview())}
        />
      ) : null}
    </>
  );
}

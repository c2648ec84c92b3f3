'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCall, useMessage } from '@/components/ui/call-provider';
import { Modal } from '@/components/ui/dialog';
import { amountDueAction } from '@/lib/actions/payments';
import { submitTrustAction } from '@/lib/actions/plans';
import type { AmountDueView } from '@/lib/billing/trust-fee';
import { CONSENT_STATEMENTS, MISSING_CONSENT_MESSAGE, MISSING_CONSENT_TITLE, SUBMITTED_MESSAGE } from '@/lib/validation/plans';
import { useIntake } from '../intake-context';
import { nameOf } from '../shared/people';
import styles from './review.module.css';

export const AGREEMENT_TITLE = 'Agreement and Receipt';

/**
 * The Agreement and Receipt (platform §2, §5): the agreement, then the three acknowledgements for each
 * client. Submit checks every box ('Missing Consent' otherwise), then sends the acknowledgements with the
 * submission; the server records each (who, when, from where) and submits once.
 */
export function ConsentDialog({
  open,
  onClose,
  onSubmitted,
  onPaymentDue,
}: {
  open: boolean;
  onClose: () => void;
  onSubmitted: () => void;
  /** A fee is due (or a method is to be verified): the Payment Due modal takes over with the acknowledgements. */
  onPaymentDue: (fee: AmountDueView, acknowledgements: { client_hash: string; statements: (1 | 2 | 3)[] }[]) => void;
}) {
  const { view, run } = useIntake();
  const call = useCall();
  const { showMessage } = useMessage();
  const clients = [view.client, ...(view.spouse ? [view.spouse] : [])];
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const key = (hash: string, n: number) => `${hash}:${n}`;

  const close = () => {
    setTicked({});
    onClose();
  };

  const submit = async () => {
    const complete = clients.every((c) => CONSENT_STATEMENTS.every((_, i) => ticked[key(c.hash, i + 1)]));
    if (!complete) {
      await showMessage({ title: MISSING_CONSENT_TITLE, message: MISSING_CONSENT_MESSAGE, tone: 'error' });
      return;
    }
    setBusy(true);
    const acknowledgements = clients.map((c) => ({ client_hash: c.hash, statements: CONSENT_STATEMENTS.map((_, i) => i + 1) as (1 | 2 | 3)[] }));
    if (view.latestPlan) {
      const fee = await call(() => amountDueAction({ plan_hash: view.latestPlan!.hash }));
      if (!fee.ok) {
        setBusy(false);
        return;
      }
      if (fee.data.paymentStep !== 'none') {
        setBusy(false);
        setTicked({});
        onPaymentDue(fee.data, acknowledgements);
        return;
      }
    }
    const result = await call(() => run(() => submitTrustAction({ client_hash: view.client.hash, acknowledgements })));
    setBusy(false);
    if (!result.ok) return;
    setTicked({});
    onSubmitted();
    await showMessage({ title: 'Trust Submitted', message: SUBMITTED_MESSAGE, tone: 'success' });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={AGREEMENT_TITLE}
      size="lg"
      busy={busy}
      footer={
        <>
          <Button onClick={submit} disabled={busy}>
            Submit
          </Button>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
        </>
      }
    >
      <div className={styles.agreement} tabIndex={0} role="region" aria-label="Agreement text">
        <p>
          By submitting, you ask our attorney team to review the information on the review page and to prepare your revocable living trust and the documents
          that go with it: the last will and testament, living will, schedule of assets, certification of trust, HIPAA authorization and powers of attorney.
        </p>
        <p>
          The attorney relies on the information you entered. The attorney may contact you with questions before the documents are finalized; the documents are
          then made available for you to download, sign, have notarized and fund. This receipt confirms that your information was received when you submit.
        </p>
        <p>Fees for the preparation are as agreed with your advisor or shown before payment; attorney support beyond the review costs an additional fee.</p>
      </div>
      {clients.map((c) => (
        <fieldset key={c.hash} className={styles.consentGroup} disabled={busy}>
          <legend>Acknowledgements of {nameOf(c.person)}</legend>
          {CONSENT_STATEMENTS.map((statement, i) => {
            const k = key(c.hash, i + 1);
            return (
              <label key={k} className={styles.consentItem}>
                <input type="checkbox" checked={!!ticked[k]} onChange={(e) => setTicked((t) => ({ ...t, [k]: e.target.checked }))} />
                <span>{statement}</span>
              </label>
            );
          })}
        </fieldset>
      ))}
    </Modal>
  );
}

'use client';

import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useCall, useMessage } from '@/components/ui/call-provider';
import { useNotice } from '@/components/ui/notice';
import { cancelAnnualChargeAction } from '@/lib/actions/payments';
import type { AnnualChargeView } from '@/lib/billing/queries';
import type { PaymentSummary } from '@/lib/billing/receipts';
import { formatUsd } from '@/lib/money';
import styles from './settings-panel.module.css';

const STATUS: Record<PaymentSummary['status'], string> = { paid: 'Paid', pending: 'Processing', returned: 'Returned' };

/**
 * Settings, Payments (a client's): the annual charge for amendments and revisions that the Payment Due step
 * said could be canceled here — its amount, next date and payment method — and Cancel Annual Charge, after
 * a confirmation that says what canceling means (the outcome is a non-blocking notice: the spec names no
 * dialog for it); then the household's payments, each with its receipt.
 */
export function PaymentsTab({ initial, history }: { initial: AnnualChargeView[]; history: PaymentSummary[] }) {
  const [charges, setCharges] = useState(initial);
  const call = useCall();
  const { confirm } = useMessage();
  const notify = useNotice();

  const cancel = async (charge: AnnualChargeView) => {
    const ok = await confirm({
      title: 'Cancel the annual charge?',
      message: `${formatUsd(charge.amount)} a year will no longer be charged to your ${charge.method}, and amendments and revisions will no longer be included.`,
      confirmLabel: 'Cancel Annual Charge',
      cancelLabel: 'Keep It',
      confirmVariant: 'danger',
    });
    if (!ok) return;
    const result = await call(() => cancelAnnualChargeAction({ charge_hash: charge.hash }));
    if (!result.ok) return;
    setCharges(result.data.charges);
    notify(result.data.message);
  };

  return (
    <section className={styles.group} aria-labelledby="settings-payments-heading">
      <div className={styles.groupHeader}>
        <h2 id="settings-payments-heading" className={styles.groupTitle}>
          Annual charge for amendments and revisions
        </h2>
      </div>
      {charges.length === 0 ? (
        <p className={styles.empty}>No annual charge is set up. It starts only when you save a payment method for it when you pay.</p>
      ) : (
        charges.map((charge) => (
          <div key={charge.hash} className={styles.charge}>
            <dl className={styles.values}>
              <div className={styles.valueRow}>
                <dt>Amount</dt>
                <dd>{formatUsd(charge.amount)} a year</dd>
              </div>
              <div className={styles.valueRow}>
                <dt>{charge.canceledOn ? 'Status' : 'Next charge'}</dt>
                <dd>{charge.canceledOn ? `Canceled on ${charge.canceledOn}` : charge.nextChargeOn}</dd>
              </div>
              <div className={styles.valueRow}>
                <dt>Payment method</dt>
                <dd>{charge.method}</dd>
              </div>
            </dl>
            {charge.canceledOn ? null : (
              <Button variant="danger" size="sm" onClick={() => void cancel(charge)}>
                Cancel Annual Charge
              </Button>
            )}
          </div>
        ))
      )}
      <section className={styles.history} aria-labelledby="settings-payment-history">
        <h2 id="settings-payment-history" className={styles.groupTitle}>
          Payment history
        </h2>
        {history.length === 0 ? (
          <p className={styles.empty}>No payments yet.</p>
        ) : (
          <ul className={styles.paymentList}>
            {history.map((payment) => (
              <li key={payment.hash}>
                <span>
                  {payment.paidOn} · {payment.description} · {formatUsd(payment.amount)} · {STATUS[payment.status]}
                </span>
                <Link href={`/receipts/${payment.hash}`}>
                  Receipt<span className="visually-hidden">{` for ${payment.description} of ${payment.paidOn}`}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

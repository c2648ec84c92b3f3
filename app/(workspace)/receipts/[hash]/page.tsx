import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { PrintButton } from '@/components/payments/print-button';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { getReceipt, type ReceiptStatus } from '@/lib/billing/receipts';
import { orNotFound, requirePageContext } from '@/lib/http/page';
import { formatUsd } from '@/lib/money';
import styles from './receipt.module.css';

export const metadata: Metadata = { title: 'Receipt', robots: { index: false } };

type Props = { params: Promise<{ hash: string }> };

const STATUS: Record<ReceiptStatus, string> = {
  paid: 'Paid',
  pending: 'Bank payment processing: it settles in a few business days',
  returned: 'Returned by the bank: this amount was not collected',
};

/**
 * receipts/{hash}: a payment's receipt, to read and print again at any time (issue 27): the household's
 * trust fee and annual charges, an advisor's balance payments with the invoices they paid. Within the
 * actor's scope of that household or advisor; anything else is the 404 page.
 */
export default async function ReceiptPage({ params }: Props) {
  const { hash } = await params;
  const ctx = await requirePageContext('payment.receipt', `/receipts/${encodeURIComponent(hash)}`);
  const receipt = await orNotFound(() => getReceipt(ctx, hash));
  const back = ctx.actor.isClient ? { href: '/settings', label: 'Back to Settings' } : { href: '/dashboard', label: 'Back to the dashboard' };
  return (
    <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
      <article className={styles.receipt} aria-labelledby="receipt-title">
        <header className={styles.header}>
          <p className={styles.brand}>Trustwell</p>
          <h1 id="receipt-title">Receipt</h1>
        </header>
        <dl className={styles.facts}>
          <dt>Date</dt>
          <dd>{receipt.paidOn}</dd>
          <dt>Paid by</dt>
          <dd>{receipt.payer}</dd>
          <dt>Paid with</dt>
          <dd>{receipt.method}</dd>
          <dt>Status</dt>
          <dd>{STATUS[receipt.status]}</dd>
          <dt>Reference</dt>
          <dd className={styles.reference}>{receipt.reference}</dd>
        </dl>
        <table className={styles.lines}>
          <caption className="visually-hidden">What was paid</caption>
          <thead>
            <tr>
              <th scope="col">Description</th>
              <th scope="col" className={styles.amount}>
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.lines.map((line, i) => (
              <tr key={i}>
                <td>{line.description}</td>
                <td className={styles.amount}>{formatUsd(line.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className={styles.amount}>{formatUsd(receipt.amount)}</td>
            </tr>
          </tfoot>
        </table>
      </article>
      <p className={styles.actions}>
        <PrintButton />
        <Link href={back.href}>{back.label}</Link>
      </p>
    </main>
  );
}

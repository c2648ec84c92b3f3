import { Link } from '@/components/ui/link';
import type { AdvisorBilling } from '@/lib/advisors/dashboard';
import { Pager } from '@/components/ui/pager';
import { formatUsd } from '@/lib/money';
import { FEATURE_LOCKED_MESSAGE, lockedFeaturesText, lockWarningText } from '@/lib/billing/lock';
import { Card } from '@/components/ui/card';
import { EmptyRow, Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { AutoPayActions, PayBalance } from '@/components/payments/balance-actions';
import styles from './dashboard.module.css';

const day = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** The address of a page of one of the invoice lists (the dashboard's other state kept). */
export type InvoicePageHref = (list: 'invoices' | 'paid', page: number) => string;

/** Whose balance the section shows: the viewer's own, or another advisor's (staff, a supervisor, an admin). */
export type BillingAdvisor = { name: string; isOwn: boolean };

/** The fee-waiving note, worded for the viewer: about themselves, or about the advisor they are looking at. */
export function waivedFeeNote(advisor: BillingAdvisor): string {
  return advisor.isOwn ? '(you cover your clients’ fees)' : `(${advisor.name} covers their clients’ fees)`;
}

/**
 * Outstanding Balance: the unpaid invoices and their total (summed in SQL over all of them, whatever page is
 * shown), with the features lock message or its warning, and Pay Balance for those who may pay
 * ('advisor.pay'). Both invoice lists are paged (issue 32): Previous and Next are links (`hrefOf`).
 */
export function OutstandingBalance({
  billing,
  advisor,
  canPay,
  hrefOf,
}: {
  billing: AdvisorBilling;
  advisor: BillingAdvisor & { hash: string };
  canPay: boolean;
  hrefOf: InvoicePageHref;
}) {
  return (
    <Card aria-labelledby="balance-title">
      <h2 id="balance-title">Outstanding Balance</h2>
      {billing.lock === 'locked' ? (
        <div role="alert" className={styles.locked}>
          <p>{FEATURE_LOCKED_MESSAGE}</p>
          <p>{lockedFeaturesText(advisor.isOwn ? null : advisor.name)}</p>
        </div>
      ) : billing.lock === 'warning' ? (
        <p role="status" className={styles.warning}>
          {lockWarningText(billing.unpaidInvoices, billing.maxInvoices, advisor.isOwn ? null : advisor.name)}
        </p>
      ) : null}
      <p className={styles.balance}>
        <span className={styles.balanceAmount}>{formatUsd(billing.outstanding)}</span> in {billing.unpaidInvoices} unpaid{' '}
        {billing.unpaidInvoices === 1 ? 'invoice' : 'invoices'}
        {billing.isWaivingFee ? ` ${waivedFeeNote(advisor)}` : ''}.
      </p>
      {canPay && billing.unpaidInvoices > 0 ? (
        <PayBalance
          advisorHash={advisor.hash}
          outstanding={billing.outstanding}
          gatewayLabel={billing.gatewayLabel}
          paymentForm={billing.paymentForm}
          canKeepMethod={!billing.impersonating}
        />
      ) : null}
      {billing.invoices.length ? (
        <Table id="unpaid-invoices" label="Unpaid invoices" responsive="stack" columnLabels={['Invoice', 'Date', 'Amount', 'Paid', 'Due']}>
          <THead>
            <tr>
              <Th>Invoice</Th>
              <Th>Date</Th>
              <Th align="right">Amount</Th>
              <Th align="right">Paid</Th>
              <Th align="right">Due</Th>
            </tr>
          </THead>
          <TBody>
            {billing.invoices.length === 0 ? (
              <EmptyRow colSpan={5}>No unpaid invoices.</EmptyRow>
            ) : (
              billing.invoices.map((i) => (
                <Tr key={i.hash}>
                  <Td>{i.description}</Td>
                  <Td>{day.format(new Date(i.createdAt))}</Td>
                  <Td numeric>{formatUsd(i.amount)}</Td>
                  <Td numeric>{formatUsd(i.amountPaid)}</Td>
                  <Td numeric>{formatUsd(i.amountDue)}</Td>
                </Tr>
              ))
            )}
          </TBody>
        </Table>
      ) : null}
      <Pager label="Unpaid invoice pages" page={billing.openPage.page} pageCount={billing.openPage.pageCount} hrefOf={(n) => hrefOf('invoices', n)} />
      <InvoiceHistory paid={billing.paidInvoices} page={billing.paidPage} hrefOf={hrefOf} />
    </Card>
  );
}

/**
 * Paid invoices stay findable (issue 27): the newest first, each with the receipt of the payment that paid
 * it, folded under the open balance so the page leads with what is due; all of them, a page at a time
 * (issue 32), the fold open on a page past the first.
 */
function InvoiceHistory({ paid, page, hrefOf }: { paid: AdvisorBilling['paidInvoices']; page: AdvisorBilling['paidPage']; hrefOf: InvoicePageHref }) {
  if (!paid.length) return null;
  return (
    <details className={styles.history} id="invoice-history" open={page.page > 1}>
      <summary>Invoice history ({page.total} paid)</summary>
      <Table label="Paid invoices" responsive="stack" columnLabels={['Invoice', 'Paid on', 'Amount', 'Receipt']}>
        <THead>
          <tr>
            <Th>Invoice</Th>
            <Th>Paid on</Th>
            <Th align="right">Amount</Th>
            <Th>Receipt</Th>
          </tr>
        </THead>
        <TBody>
          {paid.map((i) => (
            <Tr key={i.hash}>
              <Td>{i.description}</Td>
              <Td>{i.paidOn}</Td>
              <Td numeric>{formatUsd(i.amount)}</Td>
              <Td>
                {i.receiptHash ? (
                  <Link href={`/receipts/${i.receiptHash}`}>
                    Receipt<span className="visually-hidden"> for {i.description}</span>
                  </Link>
                ) : (
                  '—'
                )}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <Pager label="Invoice history pages" page={page.page} pageCount={page.pageCount} hrefOf={(n) => hrefOf('paid', n)} />
    </details>
  );
}

/** Auto-Pay: the stored method, Disable Auto-Pay while it is on, and the removal of the stored method. */
export function AutoPaySection({ billing, advisorHash, canPay }: { billing: AdvisorBilling; advisorHash: string; canPay: boolean }) {
  const method = billing.paymentMethod;
  if (!billing.isAutoPay && !method) return null;
  return (
    <Card aria-labelledby="autopay-title">
      <h2 id="autopay-title">Auto-Pay</h2>
      <p>
        {billing.isAutoPay ? 'Auto-pay is on' : 'Auto-pay is off'}
        {method ? ` with ${method.kind === 'bank' ? 'bank account' : (method.brand ?? 'card')} ending in ${method.last4}` : ''}.
      </p>
      {canPay ? (
        <AutoPayActions advisorHash={advisorHash} isAutoPay={billing.isAutoPay} hasMethod={method !== null} canChangeSettings={!billing.impersonating} />
      ) : null}
    </Card>
  );
}

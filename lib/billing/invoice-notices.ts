import 'server-only';
import type { Queryable } from '@/db';
import { formatUsd, subtractMoney } from '@/lib/money';
import { notify } from '@/lib/notifications';
import { advisorUserId } from './payment-notices';

/** Where an advisor pays: the dashboard's Outstanding Balance (components/dashboard/billing-sections.tsx). */
export const PAY_BALANCE_LINK = '/dashboard#balance-title';

/*
 * An invoice is due when it opens: invoices have no due date (an open one counts toward the features lock
 * at once), so "an invoice is due" is told when it is created, and again when a returned eCheck opens it
 * again. Once per opening: `invoice-due:<invoice>` for its creation, `invoice-due:<invoice>:returned:<payment>`
 * for a reopening. The advisor alone is told (the invoice is theirs to pay), with the amount and the way
 * to Pay Balance. Not told when auto-pay is queued to charge it in the same transaction
 * (invoice-waived-fee.ts): a refusal is told then, by auto-pay (autopay-failed).
 */

type DueInvoice = { id: number; advisorId: number; description: string; amount: string; amountPaid?: string | null };

/** Tells the advisor an invoice is due. `reopenedBy`: the returned payment that opened it again (its return was mailed, so the bell only). */
export async function tellInvoiceDue(q: Queryable, invoice: DueInvoice, reopenedBy: number | null = null): Promise<void> {
  const due = formatUsd(subtractMoney(invoice.amount, invoice.amountPaid ?? '0'));
  const again = reopenedBy !== null;
  await notify(
    q,
    {
      key: again ? `invoice-due:${invoice.id}:returned:${reopenedBy}` : `invoice-due:${invoice.id}`,
      kind: 'invoice-due',
      link: PAY_BALANCE_LINK,
      title: again ? `Invoice due again: ${due}` : `Invoice due: ${due}`,
      body: again
        ? `"${invoice.description}" (${due}) is open again: the bank payment that paid it was returned.`
        : `A new invoice is due: "${invoice.description}", ${due}. It counts toward your outstanding balance until it is paid.`,
      action: 'Pay your balance',
      ...(again ? { mail: false } : {}),
    },
    [await advisorUserId(q, invoice.advisorId)],
  );
}

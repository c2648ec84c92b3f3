import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '@/db';
import { advisors, clients, estatePlans, invoices, persons } from '@/db/schema';
import { enqueue } from '@/lib/jobs/enqueue';
import { audit } from '@/lib/kernel/audit';
import type { AnyContext } from '@/lib/kernel/context';
import { personName } from '@/lib/people/person-name';
import { personNameColumns } from '@/lib/people/person-name-columns';
import { tellInvoiceDue } from './invoice-notices';
import { autoPayJob } from './jobs/auto-pay';
import { trustFeeOfPlan } from './trust-fee';

/**
 * When a plan whose advisor waives the fee (is_waiving_fee) is submitted, the advisor is invoiced instead,
 * at the discounted price, once per plan; an advisor on auto-pay has the invoice charged by the auto-pay
 * job, queued in the same transaction; any other advisor is told the invoice is due (invoice-notices.ts).
 * Call inside the submission's transaction.
 */
export async function invoiceWaivedFee(ctx: AnyContext, q: Queryable, planId: number): Promise<number | null> {
  const fee = await trustFeeOfPlan(q, planId, ctx.now);
  if (!fee.waived || fee.advisorId === null) return null;
  const [existing] = await q.select({ id: invoices.id }).from(invoices).where(eq(invoices.estatePlanId, planId)).limit(1);
  if (existing) return null;
  const [owner] = await q
    .select({ clientId: clients.id, ...personNameColumns })
    .from(estatePlans)
    .innerJoin(clients, eq(clients.id, estatePlans.clientId))
    .innerJoin(persons, eq(persons.id, clients.personId))
    .where(eq(estatePlans.id, planId));
  const description = `Trust fee for ${personName(owner)}`;
  const [invoice] = await q
    .insert(invoices)
    .values({
      advisorId: fee.advisorId,
      clientId: owner.clientId,
      estatePlanId: planId,
      description,
      amount: fee.advisorInvoice,
    })
    .returning({ id: invoices.id });
  await audit(q, ctx, 'invoice.create', { type: 'invoice', id: invoice.id }, { amount: fee.advisorInvoice, reason: 'fee waived by advisor' });
  const [advisor] = await q
    .select({ isAutoPay: advisors.isAutoPay })
    .from(advisors)
    .where(and(eq(advisors.id, fee.advisorId), sql`exists (select 1 from payment_methods pm where pm.advisor_id = ${advisors.id})`));
  // Auto-pay charges it at once: the advisor hears of it only if that fails (autopay-failed); else it is due now.
  if (advisor?.isAutoPay) await enqueue(q, autoPayJob, { invoiceId: invoice.id });
  else await tellInvoiceDue(q, { id: invoice.id, advisorId: fee.advisorId, description, amount: fee.advisorInvoice });
  return invoice.id;
}

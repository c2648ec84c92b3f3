import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { db } from '@/db';
import { advisorFirms, advisors, firms, persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/kernel/context';
import { loadAdvisor } from '@/lib/kernel/scope';
import { personName } from '@/lib/people/person-name';
import { personNameColumns } from '@/lib/people/person-name-columns';
import { advisorBilling, type InvoiceView } from './dashboard';

/**
 * An advisor's account in the spec's Advisor shape (platform §3): the user, firms, fee waiving, auto-pay,
 * the stored method and the open invoices. The payment calls answer it after a change, and so does
 * `POST /api/advisor/fetch` (lib/legacy/fetch-advisor.ts) with the clients and invites.
 */
export type AdvisorAccount = {
  hash: string;
  user: { hash: string; email: string; person: { name: { full: string; first_name: string; last_name: string } } };
  firms: { id: string; name: string }[];
  is_waiving_fee: boolean;
  is_auto_pay: boolean;
  vault_id: boolean;
  outstanding_balance: string;
  max_invoices: number;
  invoices_count: number;
  invoices: InvoiceView[];
};

/** The account of an advisor already loaded within the actor's scope ('advisor.read'). */
export async function advisorAccountOf(advisor: { id: number; hash: string; userId: number }): Promise<AdvisorAccount> {
  const [[user], firmRows, billing] = await Promise.all([
    db
      .select({
        hash: users.hash,
        email: users.email,
        ...personNameColumns,
      })
      .from(users)
      .innerJoin(persons, eq(persons.id, users.personId))
      .where(eq(users.id, advisor.userId))
      .limit(1),
    db
      .select({ hash: firms.hash, name: firms.name })
      .from(advisorFirms)
      .innerJoin(firms, eq(firms.id, advisorFirms.firmId))
      .where(eq(advisorFirms.advisorId, advisor.id))
      .orderBy(asc(advisorFirms.position), asc(firms.id)),
    advisorBilling(advisor.id),
  ]);
  const [row] = await db.select({ isAutoPay: advisors.isAutoPay }).from(advisors).where(eq(advisors.id, advisor.id)).limit(1);
  return {
    hash: advisor.hash,
    user: { hash: user.hash, email: user.email, person: { name: { full: personName(user), first_name: user.firstName, last_name: user.lastName } } },
    firms: firmRows.map((f) => ({ id: f.hash, name: f.name })),
    is_waiving_fee: billing.isWaivingFee,
    is_auto_pay: row?.isAutoPay ?? false,
    vault_id: billing.paymentMethod !== null,
    outstanding_balance: billing.outstanding,
    max_invoices: billing.maxInvoices,
    invoices_count: billing.unpaidInvoices,
    invoices: billing.invoices,
  };
}

/** An advisor's account, by public hash within the actor's scope ('advisor.read'). */
export async function advisorAccount(ctx: RequestContext, advisorHash: string): Promise<AdvisorAccount> {
  return advisorAccountOf(await loadAdvisor(ctx, advisorHash, 'advisor.read'));
}

import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { db } from '@/db';
import { advisorFirms, advisors, firms, persons, users } from '@/db/schema';
import { loadAdvisor } from '@/lib/kernel/scope';
import type { RequestContext } from '@/lib/kernel/context';
import { invitesOfAdvisor, type InviteView } from '@/lib/invites/invites';
import { personName } from '@/lib/people/person-name';
import { personNameColumns } from '@/lib/people/person-name-columns';
import type { AdvisorRefInput } from '@/lib/validation/advisors';
import { listClientPage } from './client-list';
import { advisorBilling, type InvoiceView } from './dashboard';
import { DEFAULT_LIST_STATE } from './rules';

/** The legacy client row of `/api/advisor/fetch` (platform spec §3 Client, the fields a list shows). */
export type LegacyClient = {
  hash: string;
  person: { name: { full: string }; contact_info: { email: string | null; phone: string | null } };
  spouse: { name: { full: string } } | null;
  created_at: string;
  estate_plans: { status: string; status_full: string }[];
  completion_percent: number | null;
  last_change_at: string;
};

export type AdvisorFetchResult = {
  advisor: {
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
  clients: LegacyClient[];
  invites: InviteView[];
  invoices: InvoiceView[];
};

/**
 * `POST /api/advisor/fetch`: an advisor in the actor's scope with their clients (every household, newest
 * first, one query), invites and open invoices. The earlier front end replaced its advisor data with this
 * after each advisor, file or payment call.
 */
export async function fetchAdvisor(ctx: RequestContext, input: AdvisorRefInput): Promise<AdvisorFetchResult> {
  const advisor = await loadAdvisor(ctx, input.advisor_id, 'advisor.read');
  const [[user], firmRows, billing, invites, page] = await Promise.all([
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
    invitesOfAdvisor(advisor.id),
    listClientPage(ctx.actor, { advisorIds: [advisor.id], state: { ...DEFAULT_LIST_STATE, size: 100_000 }, stalledDays: 14 }),
  ]);
  const [row] = await db.select({ isAutoPay: advisors.isAutoPay }).from(advisors).where(eq(advisors.id, advisor.id)).limit(1);
  return {
    advisor: {
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
    },
    clients: page.rows.map((c) => ({
      hash: c.hash,
      person: { name: { full: c.name }, contact_info: { email: c.email, phone: c.phone } },
      spouse: c.spouseName ? { name: { full: c.spouseName } } : null,
      created_at: c.createdAt.toISOString(),
      estate_plans: c.status ? [{ status: c.status, status_full: c.statusLabel }] : [],
      completion_percent: c.completionPercent,
      last_change_at: c.lastChangeAt.toISOString(),
    })),
    invites,
    invoices: billing.invoices,
  };
}

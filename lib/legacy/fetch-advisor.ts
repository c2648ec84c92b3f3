import 'server-only';
import { advisorAccountOf, type AdvisorAccount } from '@/lib/advisors/advisor-account';
import { listClientPage } from '@/lib/advisors/client-list';
import type { InvoiceView } from '@/lib/advisors/dashboard';
import { DEFAULT_LIST_STATE } from '@/lib/advisors/rules';
import { invitesOfAdvisor, type InviteView } from '@/lib/invites/invites';
import type { RequestContext } from '@/lib/kernel/context';
import { loadAdvisor } from '@/lib/kernel/scope';
import type { AdvisorRefInput } from '@/lib/validation/advisors';

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
  advisor: AdvisorAccount;
  clients: LegacyClient[];
  invites: InviteView[];
  invoices: InvoiceView[];
};

/**
 * How many households `/api/advisor/fetch` lists, newest first: the earlier front end's whole list for any
 * book it knew, and a bound for a firm's biggest (10,000 households would be one 5 MB answer and one statement
 * over the whole book, issue 32). The dashboard pages the rest; like the invites' (API_INVITES) and open
 * invoices' (API_INVOICES) bounds.
 */
export const API_CLIENTS = 500;

/**
 * `POST /api/advisor/fetch`: an advisor in the actor's scope with their newest `limit` households (one
 * query), invites and open invoices. The earlier front end replaced its advisor data with this after each
 * advisor, file or payment call.
 */
export async function fetchAdvisor(ctx: RequestContext, input: AdvisorRefInput, limit = API_CLIENTS): Promise<AdvisorFetchResult> {
  const advisor = await loadAdvisor(ctx, input.advisor_id, 'advisor.read');
  const [account, invites, page] = await Promise.all([
    advisorAccountOf(advisor),
    invitesOfAdvisor(advisor.id, ctx.now),
    listClientPage(ctx.actor, { advisorIds: [advisor.id], state: { ...DEFAULT_LIST_STATE, size: limit }, stalledDays: 14 }),
  ]);
  return {
    advisor: account,
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
    invoices: account.invoices,
  };
}

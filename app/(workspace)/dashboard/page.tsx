import type { Metadata } from 'next';
import { AdminSections } from '@/components/admin/admin-sections';
import { DashboardView } from '@/components/dashboard/dashboard-view';
import { WorkQueue } from '@/components/legal-queue/work-queue';
import { OverviewView } from '@/components/overview/overview-view';
import { loadAdminSections } from '@/lib/admin/queries';
import { loadDashboard } from '@/lib/advisors/dashboard';
import { listStateQuery, parseListState } from '@/lib/advisors/rules';
import { requirePageContext } from '@/lib/http/page';
import { uploadTargets } from '@/lib/files/queries';
import { can, hasGlobalReach } from '@/lib/kernel/policy';
import { listLegalQueue } from '@/lib/legal-queue/queries';
import { parseQueueState, queueParams } from '@/lib/legal-queue/rules';
import { listAdvisorOverview } from '@/lib/overview/queries';
import { parseInvoicePages } from '@/lib/validation/list-page';
import { advisorListQuery, parseAdvisorListState } from '@/lib/overview/rules';

export const metadata: Metadata = { title: 'Dashboard', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The signed-in home of advisors, staff, firm supervisors, attorneys and admins. The list state (advisor,
 * filter, sort, search, page) lives in the address; the page reads it, and everything is filtered, sorted
 * and paged in SQL (lib/advisors/client-list.ts). Attorneys and admins land on the advisors overview
 * (lib/overview/queries.ts) and drill into one advisor's client list with `advisor=`; above it, their work
 * queue of submitted plans (lib/legal-queue/queries.ts). The overview and the queue keep each other's state
 * in their links, so filtering one does not reset the other.
 */
export default async function DashboardPage({ searchParams }: Props) {
  const params = await searchParams;
  const state = parseListState(params);
  const overviewState = parseAdvisorListState(params);
  const queueState = parseQueueState(params);
  const overviewParams = Object.fromEntries(new URLSearchParams(advisorListQuery(overviewState)));
  const overviewAndQueue = new URLSearchParams({ ...overviewParams, ...queueParams(queueState) }).toString();
  const ctx = await requirePageContext('dashboard.view', `/dashboard${!state.advisor && overviewAndQueue ? `?${overviewAndQueue}` : listStateQuery(state)}`);
  if (!state.advisor && hasGlobalReach(ctx.actor)) {
    const page = await listAdvisorOverview(ctx, overviewState);
    // The queue measures each plan's wait from the request's time.
    const queue = can(ctx.actor, 'plans.queue') ? await listLegalQueue(ctx, queueState, new Date()) : null;
    return (
      <OverviewView
        actor={ctx.actor}
        page={page}
        state={overviewState}
        queue={queue ? <WorkQueue page={queue} state={queueState} keepParams={overviewParams} /> : null}
        keepParams={queueParams(queueState)}
      >
        {can(ctx.actor, 'user.update') ? <AdminSections data={await loadAdminSections(ctx.actor, { q: '', page: 1 })} /> : null}
      </OverviewView>
    );
  }
  // The selected advisor's invoice lists are paged too (`invoices=`, `paid=`; issue 32).
  const invoicePages = parseInvoicePages(params);
  const data = await loadDashboard(ctx, state, invoicePages);
  // The advisory side uploads documents for its listed households whose latest plan is with the attorneys:
  // one more statement for everyone who may upload, whatever the page lists (the statement count stays the
  // same for 5 and 5,000 households, docs/performance.md).
  const owners = data.page.rows.filter((r) => r.clientId === r.owner1Id);
  const targets = await uploadTargets(
    ctx,
    owners.map((r) => r.owner1Id),
  );
  const uploads = Object.fromEntries(owners.filter((r) => targets.has(r.owner1Id)).map((r) => [r.hash, targets.get(r.owner1Id)!]));
  return <DashboardView actor={ctx.actor} data={data} state={state} uploads={uploads} invoicePages={invoicePages} />;
}

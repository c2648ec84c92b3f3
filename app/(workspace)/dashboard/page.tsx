import type { Metadata } from 'next';
import { DashboardView } from '@/components/dashboard/dashboard-view';
import { loadDashboard } from '@/lib/advisors/dashboard';
import { listStateQuery, parseListState } from '@/lib/advisors/rules';
import { requirePageContext } from '@/lib/http/page';
import { uploadTargets } from '@/lib/files/queries';

export const metadata: Metadata = { title: 'Dashboard', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The signed-in home of advisors, staff, firm supervisors, attorneys and admins. The list state (advisor,
 * filter, sort, search, page) lives in the address; the page reads it, and everything is filtered, sorted
 * and paged in SQL (lib/advisors/client-list.ts).
 */
export default async function DashboardPage({ searchParams }: Props) {
  const state = parseListState(await searchParams);
  const ctx = await requirePageContext('dashboard.view', `/dashboard${listStateQuery(state)}`);
  const data = await loadDashboard(ctx, state);
  // The advisory side uploads documents for its listed households whose latest plan is with the attorneys:
  // one more statement for everyone who may upload, whatever the page lists (the statement count stays the
  // same for 5 and 5,000 households, docs/performance.md).
  const owners = data.page.rows.filter((r) => r.clientId === r.owner1Id);
  const targets = await uploadTargets(
    ctx,
    owners.map((r) => r.owner1Id),
  );
  const uploads = Object.fromEntries(owners.filter((r) => targets.has(r.owner1Id)).map((r) => [r.hash, targets.get(r.owner1Id)!]));
  return <DashboardView actor={ctx.actor} data={data} state={state} uploads={uploads} />;
}

import type { Metadata } from 'next';
import { AdminSections } from '@/components/admin/admin-sections';
import { DashboardView } from '@/components/dashboard/dashboard-view';
import { loadAdminSections } from '@/lib/admin/queries';
import { can } from '@/lib/kernel/policy';
import { loadDashboard } from '@/lib/advisors/dashboard';
import { listStateQuery, parseListState } from '@/lib/advisors/rules';
import { requirePageContext } from '@/lib/http/page';

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
  return (
    <DashboardView actor={ctx.actor} data={data} state={state}>
      {can(ctx.actor, 'user.update') ? <AdminSections data={await loadAdminSections(ctx.actor, { q: '', page: 1 })} /> : null}
    </DashboardView>
  );
}

import { advisorListQuery, type AdvisorListState } from '@/lib/overview/rules';

/** The dashboard address of the advisors list with `change` applied, keeping the other lists' parameters. */
export function advisorListHref(state: AdvisorListState, keepParams: Record<string, string>, change: Partial<AdvisorListState>): string {
  const query = new URLSearchParams({ ...keepParams, ...Object.fromEntries(new URLSearchParams(advisorListQuery({ ...state, ...change }))) }).toString();
  return query ? `/dashboard?${query}` : '/dashboard';
}

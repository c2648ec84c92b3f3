import { z } from 'zod';
import type { EstatePlanStatus } from '@/db/schema';
import { ESTATE_PLAN_STATUSES, isAttorneyStatus, isUnderAttorneyControl } from '@/lib/estate-plans/statuses';
import { withoutNul } from '@/lib/validation/fields';

/*
 * The legal team's work queue (issue 27) on the Admin / Attorney dashboard: its filters, the address's
 * state and the texts of its rows, free of server imports so the page, its SQL and the unit tests share one
 * definition. The parameters carry a `q` prefix (qstatus, qadvisor, qclient, qpage): the dashboard's address
 * also holds the advisors overview's state (aq, asort, adir, apage) and, with `advisor=`, an advisor's
 * client list (q, filter, sort, dir, page), and each list keeps the others' state in its links.
 */

/**
 * The status filter: the open work by default (the client list's Attorney Control: attorney-stage statuses
 * but canceled and complete), one attorney-stage status, or every attorney-stage status ('all').
 */
export const QUEUE_STATUS_FILTERS = ['attorney', 'sent', 'preparing', 'hold', 'awaiting', 'finalizing', 'canceled', 'complete', 'all'] as const;
export type QueueStatusFilter = (typeof QUEUE_STATUS_FILTERS)[number];

const labelOf = (code: EstatePlanStatus) => ESTATE_PLAN_STATUSES.find((s) => s.code === code)!.label;

/** The filter's option labels: the spec's filter group and status labels, and 'All submitted'. */
export const QUEUE_FILTER_LABELS: Record<QueueStatusFilter, string> = {
  attorney: 'Attorney Control',
  sent: labelOf('sent'),
  preparing: labelOf('preparing'),
  hold: labelOf('hold'),
  awaiting: labelOf('awaiting'),
  finalizing: labelOf('finalizing'),
  canceled: labelOf('canceled'),
  complete: labelOf('complete'),
  all: 'All submitted',
};

/** The latest plan's statuses a status filter keeps (always attorney-stage ones: the queue lists nothing else). */
export function queueStatuses(filter: QueueStatusFilter): EstatePlanStatus[] {
  const attorney = ESTATE_PLAN_STATUSES.map((s) => s.code).filter(isAttorneyStatus);
  if (filter === 'all') return attorney;
  if (filter === 'attorney') return attorney.filter(isUnderAttorneyControl);
  return [filter];
}

/** Rows per page (fixed: the SQL pages with LIMIT/OFFSET and counts the whole filtered queue). */
export const QUEUE_PAGE_SIZE = 25;
export const QUEUE_SEARCH_MAX_LENGTH = 100;

export type QueueState = {
  status: QueueStatusFilter;
  /** Advisor (name or email) or firm name, matched anywhere. */
  advisor: string;
  /** A client's name (either spouse), matched anywhere. */
  client: string;
  page: number;
};

export const DEFAULT_QUEUE_STATE: QueueState = { status: 'attorney', advisor: '', client: '', page: 1 };

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
// A NUL cannot be searched for (PostgreSQL text holds none): dropped, as the other lists do.
const searchText = z
  .preprocess(
    first,
    z
      .string()
      .catch('')
      .transform((s) => withoutNul(s).trim().slice(0, QUEUE_SEARCH_MAX_LENGTH)),
  )
  .default('');
const stateSchema = z.object({
  qstatus: z.preprocess(first, z.enum(QUEUE_STATUS_FILTERS).catch('attorney')).default('attorney'),
  qadvisor: searchText,
  qclient: searchText,
  qpage: z.preprocess(first, z.coerce.number().int().min(1).max(100_000).catch(1)).default(1),
});

/** Reads the queue's state from search params; anything malformed falls back to its default (never an error). */
export function parseQueueState(params: Record<string, string | string[] | undefined>): QueueState {
  const parsed = stateSchema.parse(params);
  return { status: parsed.qstatus, advisor: parsed.qadvisor, client: parsed.qclient, page: parsed.qpage };
}

/** The queue's state as address parameters, defaults left out (so a plain /dashboard is the default queue). */
export function queueParams(state: Partial<QueueState>): Record<string, string> {
  const merged = { ...DEFAULT_QUEUE_STATE, ...state };
  const params: Record<string, string> = {};
  if (merged.status !== DEFAULT_QUEUE_STATE.status) params.qstatus = merged.status;
  if (merged.advisor) params.qadvisor = merged.advisor;
  if (merged.client) params.qclient = merged.client;
  if (merged.page !== 1) params.qpage = String(merged.page);
  return params;
}

/** Whether the queue shows anything but its default view (a filter or a search is on). */
export function isFiltered(state: QueueState): boolean {
  return state.status !== DEFAULT_QUEUE_STATE.status || state.advisor !== '' || state.client !== '';
}

/** `/dashboard?…` with the queue's state and `keep` (the other lists' parameters on the same page). */
export function dashboardHref(state: Partial<QueueState>, keep: Record<string, string> = {}): string {
  const query = new URLSearchParams({ ...keep, ...queueParams(state) }).toString();
  return query ? `/dashboard?${query}` : '/dashboard';
}

const DAY_MS = 86_400_000;

/** Whole days from `since` to `now` (0 within the first day; never negative, whatever the clocks say). */
export function daysBetween(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
}

/** How long a submitted plan has waited: 'Less than a day', '1 day', '12 days'. */
export function waitedText(days: number): string {
  if (days < 1) return 'Less than a day';
  return days === 1 ? '1 day' : `${days.toLocaleString('en-US')} days`;
}

/**
 * Whether a row's wait is still counting: an open plan waits on the legal team (or on the client, In Client
 * Contact); a canceled or complete one waits for nobody, so its row shows no wait.
 */
export function isWaiting(status: EstatePlanStatus): boolean {
  return isUnderAttorneyControl(status);
}

import { z } from 'zod';
import type { EstatePlanStatus } from '@/db/schema';
import { ESTATE_PLAN_STATUSES, isUnderAttorneyControl } from '@/lib/estate-plans/statuses';
import { withoutNul } from '@/lib/validation/fields';

/*
 * The advisor workspace's rules, free of server imports so the dashboard's client components, the SQL
 * queries and the unit tests share one definition: the client list's filters, sort orders and URL state,
 * and the reminder allowance. (The invite resend wait is lib/invites/rules.ts; the features lock
 * lib/billing/lock.ts.)
 */

// ---- Client list filters (platform spec §4 "Client list filters") ----------------------------------------

export const CLIENT_FILTERS = ['all', 'none', 'incomplete', 'attorney', 'canceled', 'complete', 'stalled', 'funding'] as const;
export type ClientFilter = (typeof CLIENT_FILTERS)[number];

export const FILTER_LABELS: Record<ClientFilter, string> = {
  all: 'All',
  none: 'None',
  incomplete: 'Incomplete',
  attorney: 'Attorney Control',
  canceled: 'Canceled',
  complete: 'Complete',
  stalled: 'Stalled',
  funding: 'Funding left',
};

/**
 * The latest plan's statuses a filter keeps, or 'no-plan' (None), or null for no status condition (All,
 * Stalled, whose own condition is on the household's last change and submission).
 * - Incomplete: statuses that are not attorney-controlled (the client stage).
 * - Attorney Control: attorney statuses except canceled and complete.
 * - Funding left: the statuses funding is tracked in (lib/funding/marks.ts FUNDING_PLAN_STATUSES, written
 *   out here for the browser), with an open funding task (lib/funding/progress-sql.ts, in SQL).
 */
export function filterStatuses(filter: ClientFilter): readonly EstatePlanStatus[] | 'no-plan' | null {
  switch (filter) {
    case 'none':
      return 'no-plan';
    case 'incomplete':
      return ESTATE_PLAN_STATUSES.filter((s) => s.stage === 'client').map((s) => s.code);
    case 'attorney':
      return ESTATE_PLAN_STATUSES.map((s) => s.code).filter(isUnderAttorneyControl);
    case 'canceled':
      return ['canceled'];
    case 'complete':
      return ['complete'];
    case 'funding':
      return ['finalizing', 'complete'];
    default:
      return null;
  }
}

/**
 * The status filters as the number households_list_filter_name_idx keeps for owner 1's latest plan
 * (householdFilterBucket in db/schema/clients.ts, which spells the same stages in SQL): a filter that is
 * its statuses alone. All, Stalled and Funding left (its statuses span two) have none.
 */
export const FILTER_BUCKETS: Partial<Record<ClientFilter, number>> = { none: 0, incomplete: 1, attorney: 2, canceled: 3, complete: 4 };

/** Whether a household with this latest status (null: no plan) passes a status filter (Stalled and Funding left add conditions in SQL). */
export function statusPassesFilter(status: EstatePlanStatus | null, filter: ClientFilter): boolean {
  const kept = filterStatuses(filter);
  if (kept === null) return true;
  if (kept === 'no-plan') return status === null;
  return status !== null && kept.includes(status);
}

/** Days without an intake change after which an unsubmitted household counts as stalled (STALLED_AFTER_DAYS). */
export const DEFAULT_STALLED_DAYS = 14;
export function stalledAfterDays(env: Record<string, string | undefined> = process.env): number {
  const days = Number(env.STALLED_AFTER_DAYS);
  return Number.isInteger(days) && days >= 1 && days <= 365 ? days : DEFAULT_STALLED_DAYS;
}

/** The reminder allowance: at most one 'Send reminder' e-mail per household within this window. */
export const REMINDER_INTERVAL_MS = 24 * 60 * 60 * 1000;
export function canSendReminder(lastSentAt: Date | null, now: Date): boolean {
  return lastSentAt === null || now.getTime() - lastSentAt.getTime() >= REMINDER_INTERVAL_MS;
}

// ---- Search --------------------------------------------------------------------------------------------

/** Status codes whose label (or code) contains the search text, so 'review' finds 'Sent for Review'; N/A too. */
export function statusesMatching(term: string): { codes: EstatePlanStatus[]; noPlan: boolean } {
  const needle = term.trim().toLowerCase();
  if (!needle) return { codes: [], noPlan: false };
  return {
    codes: ESTATE_PLAN_STATUSES.filter((s) => s.label.toLowerCase().includes(needle) || s.code.includes(needle)).map((s) => s.code),
    noPlan: 'n/a'.includes(needle),
  };
}

/** Search text as a LIKE pattern matching it anywhere, with LIKE's wildcards taken literally. */
export function likePattern(term: string): string {
  return `%${term
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The digits of a search, for matching phone numbers stored as digits ('(555) 12' → '55512'), or ''. */
export function phoneDigits(term: string): string {
  const digits = term.replace(/\D/g, '');
  return digits.length >= 3 ? digits : '';
}

// ---- Sorting and the URL state ---------------------------------------------------------------------------

export const CLIENT_SORTS = ['name', 'spouse', 'created', 'status'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const SORT_LABELS: Record<ClientSort, string> = { name: 'Name', spouse: 'Spouse', created: 'Created', status: 'Status' };

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 100;

/** The dashboard's list state as it lives in the address (`/dashboard?advisor=…&filter=…&sort=…&dir=…&q=…&page=…`). */
export type ClientListState = {
  advisor: string;
  filter: ClientFilter;
  sort: ClientSort;
  dir: 'asc' | 'desc';
  q: string;
  page: number;
  size: number;
};

export const DEFAULT_LIST_STATE: ClientListState = { advisor: '', filter: 'all', sort: 'created', dir: 'asc', q: '', page: 1, size: DEFAULT_PAGE_SIZE };

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const listStateSchema = z.object({
  advisor: z
    .preprocess(
      first,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,64}$/)
        .catch(''),
    )
    .default(''),
  filter: z.preprocess(first, z.enum(CLIENT_FILTERS).catch('all')).default('all'),
  sort: z.preprocess(first, z.enum(CLIENT_SORTS).catch('created')).default('created'),
  dir: z.preprocess(first, z.enum(['asc', 'desc']).catch('asc')).default('asc'),
  // A NUL cannot be searched for (PostgreSQL text holds none); it is dropped rather than sent to the query.
  q: z
    .preprocess(
      first,
      z
        .string()
        .catch('')
        .transform((s) => withoutNul(s).trim().slice(0, SEARCH_MAX_LENGTH)),
    )
    .default(''),
  page: z.preprocess(first, z.coerce.number().int().min(1).max(100_000).catch(1)).default(1),
  size: z
    .preprocess(
      first,
      z.coerce
        .number()
        .int()
        .refine((n) => (PAGE_SIZES as readonly number[]).includes(n))
        .catch(DEFAULT_PAGE_SIZE),
    )
    .default(DEFAULT_PAGE_SIZE),
});

/** Reads the list state from search params; anything malformed falls back to its default (never an error). */
export function parseListState(params: Record<string, string | string[] | undefined>): ClientListState {
  return listStateSchema.parse(params) as ClientListState;
}

/** The query string of a list state, leaving defaults out so addresses stay short and shareable. */
export function listStateQuery(state: Partial<ClientListState>): string {
  const merged = { ...DEFAULT_LIST_STATE, ...state };
  const params = new URLSearchParams();
  for (const key of ['advisor', 'filter', 'sort', 'dir', 'q', 'page', 'size'] as const) {
    const value = merged[key];
    if (value !== DEFAULT_LIST_STATE[key] && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The SQL ordering of a sort: `created` ascending means newest first (the spec's "newest first when
 * ascending"); name and spouse sort by last name, first name; status in workflow order; a row without the
 * value (no spouse, no plan) sorts last in both directions; ties by newest client.
 */
export function sortDirectionOf(sort: ClientSort, dir: 'asc' | 'desc'): 'asc' | 'desc' {
  if (sort === 'created') return dir === 'asc' ? 'desc' : 'asc';
  return dir;
}

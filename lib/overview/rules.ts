import { z } from 'zod';
import { withoutNul } from '@/lib/validation/fields';

/*
 * The Admin / Attorney advisors overview's list rules (platform spec §2 "Admin / Attorney dashboard"),
 * free of server imports so the page, its SQL and the unit tests share one definition: the columns a
 * reader can sort by, the address's list state (`/dashboard?aq=…&asort=…&adir=…&apage=…`) and paging.
 * The parameters carry an `a` prefix: with `advisor=` set the same address shows that advisor's client
 * list, whose own state uses q, sort, dir and page (lib/advisors/rules.ts).
 */

export const ADVISOR_SORTS = ['name', 'firms', 'clients', 'submitted', 'review', 'activity'] as const;
export type AdvisorSort = (typeof ADVISOR_SORTS)[number];

export const ADVISOR_SORT_LABELS: Record<AdvisorSort, string> = {
  name: 'Advisor',
  firms: 'Firms',
  clients: 'Clients',
  submitted: 'Submitted',
  review: 'In attorney review',
  activity: 'Last activity',
};

/** Page size of the advisors table (fixed: 500 advisors are 20 pages). */
export const ADVISOR_PAGE_SIZE = 25;
export const ADVISOR_SEARCH_MAX_LENGTH = 100;

export type AdvisorListState = { q: string; sort: AdvisorSort; dir: 'asc' | 'desc'; page: number };

export const DEFAULT_ADVISOR_LIST_STATE: AdvisorListState = { q: '', sort: 'name', dir: 'asc', page: 1 };

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const stateSchema = z.object({
  // A NUL cannot be searched for (PostgreSQL text holds none): dropped, as the client list does.
  aq: z
    .preprocess(
      first,
      z
        .string()
        .catch('')
        .transform((s) => withoutNul(s).trim().slice(0, ADVISOR_SEARCH_MAX_LENGTH)),
    )
    .default(''),
  asort: z.preprocess(first, z.enum(ADVISOR_SORTS).catch('name')).default('name'),
  adir: z.preprocess(first, z.enum(['asc', 'desc']).catch('asc')).default('asc'),
  apage: z.preprocess(first, z.coerce.number().int().min(1).max(100_000).catch(1)).default(1),
});

/** Reads the overview's list state from search params; anything malformed falls back to its default. */
export function parseAdvisorListState(params: Record<string, string | string[] | undefined>): AdvisorListState {
  const parsed = stateSchema.parse(params);
  return { q: parsed.aq, sort: parsed.asort, dir: parsed.adir, page: parsed.apage };
}

/** The query string of a list state (defaults left out): '' or '?aq=…&asort=…'. */
export function advisorListQuery(state: Partial<AdvisorListState>): string {
  const merged = { ...DEFAULT_ADVISOR_LIST_STATE, ...state };
  const params = new URLSearchParams();
  if (merged.q) params.set('aq', merged.q);
  if (merged.sort !== DEFAULT_ADVISOR_LIST_STATE.sort) params.set('asort', merged.sort);
  if (merged.dir !== DEFAULT_ADVISOR_LIST_STATE.dir) params.set('adir', merged.dir);
  if (merged.page !== 1) params.set('apage', String(merged.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The direction a header link asks for: the other direction on the active column, otherwise the
 * column's natural first direction (names and firms A→Z; counts and last activity largest/newest first,
 * which is what a reader clicking "Clients" or "Last activity" wants to see).
 */
export function nextDirection(state: Pick<AdvisorListState, 'sort' | 'dir'>, sort: AdvisorSort): 'asc' | 'desc' {
  if (state.sort === sort) return state.dir === 'asc' ? 'desc' : 'asc';
  return sort === 'name' || sort === 'firms' ? 'asc' : 'desc';
}

/** The rows' order, as the SQL applies it: the chosen column, empty values last, then by name and id. */
export type AdvisorOrderTerm = {
  column: 'last_key' | 'first_key' | 'firm_key' | 'clients' | 'submitted' | 'review' | 'last_activity' | 'id';
  dir: 'asc' | 'desc';
  nullsLast: boolean;
};

export function advisorOrder(sort: AdvisorSort, dir: 'asc' | 'desc'): AdvisorOrderTerm[] {
  const byName: AdvisorOrderTerm[] = [
    { column: 'last_key', dir: 'asc', nullsLast: true },
    { column: 'first_key', dir: 'asc', nullsLast: true },
    { column: 'id', dir: 'asc', nullsLast: true },
  ];
  switch (sort) {
    case 'name':
      return [
        { column: 'last_key', dir, nullsLast: true },
        { column: 'first_key', dir, nullsLast: true },
        { column: 'id', dir, nullsLast: true },
      ];
    case 'firms':
      return [{ column: 'firm_key', dir, nullsLast: true }, ...byName];
    case 'clients':
      return [{ column: 'clients', dir, nullsLast: true }, ...byName];
    case 'submitted':
      return [{ column: 'submitted', dir, nullsLast: true }, ...byName];
    case 'review':
      return [{ column: 'review', dir, nullsLast: true }, ...byName];
    case 'activity':
      // An advisor without any household has no activity: last in both directions.
      return [{ column: 'last_activity', dir, nullsLast: true }, ...byName];
  }
}

/** Paging arithmetic: the page shown (clamped into range), its first and last row numbers, the page count. */
export function pageWindow(total: number, page: number, size = ADVISOR_PAGE_SIZE): { pageCount: number; first: number; last: number } {
  const pageCount = Math.max(1, Math.ceil(total / size));
  if (total === 0) return { pageCount, first: 0, last: 0 };
  const first = (page - 1) * size + 1;
  if (first > total) return { pageCount, first: 0, last: 0 };
  return { pageCount, first, last: Math.min(total, page * size) };
}

// ---- The documents' rows ---------------------------------------------------------------------------------

export type DocumentIconKind = 'pdf' | 'text' | 'image' | 'file';

/** The icon of a document's name (spec §2): pdf, text, image (png, jpg, jpeg) or a generic file, by type or extension. */
export function documentIconKind(name: string, contentType: string | null | undefined): DocumentIconKind {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (type === 'application/pdf' || extension === 'pdf') return 'pdf';
  if (type === 'text/plain' || extension === 'txt') return 'text';
  if (type === 'image/png' || type === 'image/jpeg' || ['png', 'jpg', 'jpeg'].includes(extension)) return 'image';
  return 'file';
}

const PLAIN_DATE_PARTS = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: '2-digit', year: 'numeric' });

/**
 * 'Thu Nov 26 2026': a document's date as a plain date string (spec §3), the shape of JavaScript's
 * Date.toDateString, in the app's time zone (APP_TIME_ZONE), so every reader sees the same day.
 */
export function formatPlainDate(iso: string, timeZone = process.env.APP_TIME_ZONE || 'America/New_York'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts = Object.fromEntries(
    PLAIN_DATE_PARTS(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.month} ${parts.day} ${parts.year}`;
}

/** Where a document opens (a new tab): the view route of its plan (spec §2). */
export function documentViewPath(planHash: string, fileHash: string): string {
  return `/api/file/${encodeURIComponent(planHash)}/${encodeURIComponent(fileHash)}/view/get`;
}

/** Where an upload goes (spec §7, multipart field newFile). */
export function documentUploadPath(planHash: string): string {
  return `/api/file/${encodeURIComponent(planHash)}/upload`;
}

/** The overview's timings (spec §9). */
export const TOOLTIP_REFRESH_AFTER_FOCUS_MS = 100;
export const TOOLTIP_REFRESH_AFTER_COLLAPSE_MS = 350;
export const DOCUMENT_GROUP_EXPAND_AFTER_RETURN_MS = 500;

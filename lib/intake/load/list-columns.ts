import { sql, type SQL } from 'drizzle-orm';
import { lockColumns } from '@/lib/billing/feature-lock';
import type { HouseholdOwners } from '../owners';
import { recordLists } from '../records/sections';
import { clientsColumn } from './client-rows';
import { noteColumn } from './note';
import { advisorColumn, planColumn } from './plan-and-advisor';
import { frozenColumn, type ListScope } from './subqueries';

type RecordLists = typeof recordLists;

/** Each subquery, rendered to text once (frozenColumn). */
const columns = {
  clients: frozenColumn(clientsColumn),
  ...(Object.fromEntries(Object.entries(recordLists).map(([name, list]) => [name, frozenColumn(list.column)])) as Record<
    keyof RecordLists,
    ReturnType<typeof frozenColumn>
  >),
  plan: frozenColumn(planColumn),
  note: frozenColumn(noteColumn),
  advisor: frozenColumn(advisorColumn),
};

/**
 * The household's clients, every list of theirs as a JSON array of pivot rows (one element per item and
 * owning client), owner 1's latest plan and note: subqueries of one statement, so the page's load does not
 * grow with the lists and the database is asked once. Never a cipher: identifiers and account
 * numbers only by their last four.
 */
export function listColumns(scope: ListScope) {
  return {
    ...(Object.fromEntries(Object.entries(columns).map(([name, column]) => [name, column(scope)])) as Record<keyof typeof columns, SQL<unknown>>),
    // The features lock's figures (owner 1's advisor's), for the page's notice and the view's featureLock.
    ...lockColumns(sql`${scope.owner1Id}`),
  };
}

/** The row of listColumns as a driver answers it (undefined columns: none read). */
export type ListRow = Partial<Record<keyof ReturnType<typeof listColumns>, unknown>>;

/** Each list section's views from its column of the row (records/sections.ts), under its IntakeView key. */
export type RecordViews = { [K in keyof RecordLists]: ReturnType<RecordLists[K]['views']> };

export function recordViews(row: ListRow | undefined, owners: HouseholdOwners): RecordViews {
  return Object.fromEntries(Object.entries(recordLists).map(([name, list]) => [name, list.views(row?.[name as keyof RecordLists], owners)])) as RecordViews;
}

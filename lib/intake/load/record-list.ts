import type { AnyColumn, SQL } from 'drizzle-orm';
import type { HouseholdOwners } from '../owners';
import { jsonRows, type RowOf, type Shape } from './json-shape';
import { itemsOf, type Item } from './pivots';
import { listColumn, type ListScope } from './subqueries';

/**
 * How a list section is read (declared in its definition, records/<section>.ts, listed in
 * records/sections.ts): its column of the intake's one statement, and its views from that column's value.
 */
export type RecordList<V> = {
  column: (scope: ListScope) => SQL<unknown>;
  views: (value: unknown, owners: HouseholdOwners) => V[];
};

/**
 * A list section's read. The element `shape` (typed from the drizzle columns; `clientId` is the pivot's)
 * over the joined tables `from` (the pivot table first, joined to its items), in `orderBy`; the rows, one per
 * item and owning client, grouped by item (its id, or `key`) with each owner's `terms` (none by default);
 * each item's `view`, in the list's `order` (else the elements' order).
 */
export function recordList<S extends Shape & { id: AnyColumn; clientId: AnyColumn }, V, T = null>(list: {
  shape: S;
  from: SQL;
  orderBy: readonly AnyColumn[];
  terms?: (row: RowOf<S>) => T;
  key?: (row: RowOf<S>) => string;
  view: (item: Item<RowOf<S>, T>) => V;
  order?: (a: V, b: V) => number;
}): RecordList<V> {
  const terms = list.terms ?? (() => null as T);
  return {
    column: (scope) => listColumn(scope, list.shape, list.orderBy, list.from),
    views: (value, owners) => {
      // Every shape here has an id and a clientId column (an integer each): RowOf cannot see it for any S.
      const rows = jsonRows(value, list.shape) as (RowOf<S> & { id: number; clientId: number })[];
      const views = itemsOf(rows, owners, terms, list.key).map(list.view);
      return list.order ? views.sort(list.order) : views;
    },
  };
}

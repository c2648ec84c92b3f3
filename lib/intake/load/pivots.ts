import { deriveOwner, type HouseholdOwners, type Owner, type Pivot } from '../owners';

/** One item of a list: its first pivot row's columns, whose it is, and each owner's per-owner values. */
export type Item<R, V> = { row: R; owner: Owner; values1: V | null; values2: V | null };

/**
 * The items of a list's pivot rows (one row per item and owning client): grouped by item (its id, or
 * `keyOf`), with `valuesOf` of each owning client's row.
 */
export function itemsOf<R extends { id: number; clientId: number }, V>(
  rows: readonly R[],
  owners: HouseholdOwners,
  valuesOf: (row: R) => V,
  keyOf: (row: R) => string = (row) => String(row.id),
): Item<R, V>[] {
  return groupPivots(rows, keyOf, (row) => ({ clientId: row.clientId, values: valuesOf(row) })).map(({ row, pivots }) => ({
    row,
    owner: deriveOwner(pivots, owners) ?? '1',
    values1: valuesOfClient(pivots, owners.owner1Id),
    values2: valuesOfClient(pivots, owners.owner2Id),
  }));
}

/** Groups joined item-pivot rows by item, keeping the first row's item columns and every pivot. */
function groupPivots<R, V>(rows: readonly R[], keyOf: (row: R) => string, pivotOf: (row: R) => Pivot<V>): { row: R; pivots: Pivot<V>[] }[] {
  const groups = new Map<string, { row: R; pivots: Pivot<V>[] }>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.pivots.push(pivotOf(row));
    else groups.set(key, { row, pivots: [pivotOf(row)] });
  }
  return [...groups.values()];
}

function valuesOfClient<V>(pivots: readonly Pivot<V>[], clientId: number | null): V | null {
  if (clientId === null) return null;
  return pivots.find((p) => p.clientId === clientId)?.values ?? null;
}

/** The first place in the order an item serves in, of either owner's (unordered last). */
export const firstOrder = (a: number | null, b: number | null) => Math.min(a ?? 100, b ?? 100);

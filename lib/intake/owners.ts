import type { Owner } from '@/lib/validation/lists';

/*
 * The owner engine: one set of rules for every intake list (children, beneficiaries, trustees, agents,
 * properties, companies, gifts, accounts). An item is stored once and linked to each owning client by a
 * pivot row carrying that client's own values (tier and share, serve order, primary residence, stock ...).
 * The owner (1 = the household's client, 2 = the spouse, both) is never stored: it is derived from which
 * pivots exist. Pure functions, shared by the forms (what the modal shows when the owner changes) and the
 * domain functions (which pivot rows to write), so both sides move values the same way.
 */

export type { Owner } from '@/lib/validation/lists';

/** The two clients of a household, by their internal ids; a single client has no owner 2. */
export type HouseholdOwners = { owner1Id: number; owner2Id: number | null };

/** A pivot row as stored: the owning client and that client's values for the item. */
export type Pivot<V> = { clientId: number; values: V };

/**
 * What a record form edits about ownership: the owner, and the per-client values. With owner both and
 * `sameValues` ticked, the spouse's values are the client's (values2 is ignored and written as values1).
 */
export type OwnedValues<V> = { owner: Owner; sameValues: boolean; values1: V; values2: V };

/** The owner a new record starts with: both when there is a spouse, otherwise the client. */
export function defaultOwner(household: HouseholdOwners): Owner {
  return household.owner2Id === null ? '1' : 'both';
}

/** The owners a household may choose from. */
export function ownerChoices(household: HouseholdOwners): Owner[] {
  return household.owner2Id === null ? ['1'] : ['1', '2', 'both'];
}

/** The owner of an item from its pivot rows: on both lists it is both. Null for an item on neither list. */
export function deriveOwner<V>(pivots: readonly Pivot<V>[], household: HouseholdOwners): Owner | null {
  const on1 = pivots.some((p) => p.clientId === household.owner1Id);
  const on2 = household.owner2Id !== null && pivots.some((p) => p.clientId === household.owner2Id);
  if (on1 && on2) return 'both';
  if (on1) return '1';
  if (on2) return '2';
  return null;
}

/** Deep equality of two plain value objects (numbers, strings, booleans, nulls). */
export function sameValuesOf<V>(a: V, b: V): boolean {
  return JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));
}

function normalise(value: unknown): unknown {
  if (value === undefined || value === '') return null;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(normalise);
  return Object.fromEntries(
    Object.keys(value as Record<string, unknown>)
      .sort()
      .map((k) => [k, normalise((value as Record<string, unknown>)[k])]),
  );
}

/**
 * The form's view of a stored item: its owner, each client's values (the absent one filled with `empty`
 * for a single owner), and `sameValues` ticked when both clients hold equal values (or the item has one owner).
 */
export function toOwnedValues<V>(pivots: readonly Pivot<V>[], household: HouseholdOwners, empty: V): OwnedValues<V> {
  const owner = deriveOwner(pivots, household) ?? defaultOwner(household);
  const values1 = pivots.find((p) => p.clientId === household.owner1Id)?.values ?? empty;
  const values2 = (household.owner2Id !== null && pivots.find((p) => p.clientId === household.owner2Id)?.values) || empty;
  return { owner, sameValues: owner !== 'both' || sameValuesOf(values1, values2), values1, values2 };
}

/** A new record's ownership: the default owner, empty values, same values ticked. */
export function newOwnedValues<V>(household: HouseholdOwners, empty: V): OwnedValues<V> {
  return { owner: defaultOwner(household), sameValues: true, values1: empty, values2: empty };
}

/**
 * What the form shows when the user picks another owner, so no value typed in is lost or lands on the
 * wrong person:
 * - 1 → 2 (and 2 → 1): the values move to the other client.
 * - 1 → both, 2 → both: same values stay ticked and both clients start from the values there were.
 * - both → 1: client 1's values are kept; both → 2: client 2's (client 1's when they were the same).
 */
export function changeOwner<V>(current: OwnedValues<V>, next: Owner, empty: V): OwnedValues<V> {
  if (next === current.owner) return current;
  const effective2 = current.sameValues ? current.values1 : current.values2;
  switch (`${current.owner}>${next}`) {
    case '1>2':
      return { owner: '2', sameValues: true, values1: empty, values2: current.values1 };
    case '2>1':
      return { owner: '1', sameValues: true, values1: current.values2, values2: empty };
    case '1>both':
      return { owner: 'both', sameValues: true, values1: current.values1, values2: current.values1 };
    case '2>both':
      return { owner: 'both', sameValues: true, values1: current.values2, values2: current.values2 };
    case 'both>1':
      return { owner: '1', sameValues: true, values1: current.values1, values2: empty };
    case 'both>2':
      return { owner: '2', sameValues: true, values1: empty, values2: effective2 };
    default:
      throw new Error(`Unknown owner change ${current.owner} → ${next}`);
  }
}

/**
 * Ticking "same values" copies the client's values to the spouse; `fill` (companies) instead fills each
 * missing value of one client from the other (spec: a missing share or stock count is filled from the other).
 */
export function setSameValues<V>(current: OwnedValues<V>, same: boolean, fill?: (a: V, b: V) => V): OwnedValues<V> {
  if (!same) return { ...current, sameValues: false, values2: current.sameValues ? current.values1 : current.values2 };
  const values1 = fill ? fill(current.values1, current.values2) : current.values1;
  return { ...current, sameValues: true, values1, values2: values1 };
}

/**
 * The pivot rows an item must have for the chosen owner and values (validated against the household).
 * 'Same values' only matters for owner both: an item of the spouse alone keeps its values in values2, as
 * `changeOwner` and `toOwnedValues` put them there (with same values ticked).
 */
export function desiredPivots<V>(owned: OwnedValues<V>, household: HouseholdOwners): Pivot<V>[] {
  if (owned.owner !== '1' && household.owner2Id === null) {
    throw new OwnerError('This household has no spouse: the owner must be the client.');
  }
  const values2 = owned.sameValues ? owned.values1 : owned.values2;
  switch (owned.owner) {
    case '1':
      return [{ clientId: household.owner1Id, values: owned.values1 }];
    case '2':
      return [{ clientId: household.owner2Id!, values: owned.values2 }];
    case 'both':
      return [
        { clientId: household.owner1Id, values: owned.values1 },
        { clientId: household.owner2Id!, values: values2 },
      ];
  }
}

/**
 * The same ownership seen from the other client: owner 1 ↔ 2 and their values swapped. The earlier front
 * end numbers the owners from the client its page was opened for, who may be the household's owner 2.
 */
export function swapOwners<V>(owned: OwnedValues<V>): OwnedValues<V> {
  const owner: Owner = owned.owner === '1' ? '2' : owned.owner === '2' ? '1' : 'both';
  // With both and same values the client's values are the ones that count, and stay them after the swap.
  if (owned.owner === 'both' && owned.sameValues) return { owner, sameValues: true, values1: owned.values1, values2: owned.values1 };
  return { owner, sameValues: owned.sameValues, values1: owned.values2, values2: owned.values1 };
}

/** Raised for an owner the household cannot have; the domain turns it into a field error on `owner`. */
export class OwnerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OwnerError';
  }
}

/** The writes that turn the stored pivots into the desired ones: rows to add, to change, and clients to unlink. */
export type PivotSync<V> = { insert: Pivot<V>[]; update: Pivot<V>[]; remove: number[] };

export function syncPivots<V>(stored: readonly Pivot<V>[], desired: readonly Pivot<V>[]): PivotSync<V> {
  const storedBy = new Map(stored.map((p) => [p.clientId, p]));
  const desiredBy = new Map(desired.map((p) => [p.clientId, p]));
  return {
    insert: desired.filter((p) => !storedBy.has(p.clientId)),
    update: desired.filter((p) => storedBy.has(p.clientId) && !sameValuesOf(storedBy.get(p.clientId)!.values, p.values)),
    remove: stored.filter((p) => !desiredBy.has(p.clientId)).map((p) => p.clientId),
  };
}

/**
 * Splits a household's items into the spec's 1/2/Both lists (beneficiaries1, beneficiaries2,
 * beneficiariesBoth ...): each item exactly once, by its derived owner.
 */
export function byOwner<T>(items: readonly T[], ownerOf: (item: T) => Owner | null): { '1': T[]; '2': T[]; both: T[] } {
  const lists = { '1': [] as T[], '2': [] as T[], both: [] as T[] };
  for (const item of items) {
    const owner = ownerOf(item);
    if (owner) lists[owner].push(item);
  }
  return lists;
}

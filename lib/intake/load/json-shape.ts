import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/*
 * The shape of one list's element: its keys in order, each with the drizzle column (or SQL expression) of
 * its value, or a nested shape that is null when `absentWhen`. The database builds each element as a JSON
 * array of the values, not an object: json_build_object repeated every key for every row and was most of
 * the statement's time in the embedded database (docs/performance.md); the same shape then names the values
 * here, and types them from the columns (RowOf).
 */
export type Shape = { readonly [key: string]: AnyColumn | SQL | Nested<Shape, boolean> };
export type Nested<S extends Shape, Optional extends boolean> = { readonly absentWhen: SQL; readonly shape: S; readonly optional: Optional };

/** A value as JSON hands it back: a timestamp as its text; a numeric as a JSON number (cast it: asText). */
type JsonOfColumn<C extends AnyColumn> =
  (C['_']['columnType'] extends 'PgNumeric' ? number : C['_']['data'] extends Date ? string : C['_']['data']) | (C['_']['notNull'] extends true ? never : null);
type ValueOf<V> = V extends AnyColumn
  ? JsonOfColumn<V>
  : V extends SQL<infer T>
    ? T
    : V extends Nested<infer S, infer O>
      ? O extends true
        ? RowOf<S> | null
        : RowOf<S>
      : never;

/** One element of a list of `S`, named. */
export type RowOf<S extends Shape> = { -readonly [K in keyof S]: ValueOf<S[K]> };

/** A nested shape, null where `absentWhen` holds (a left join that found nothing: `optional`). */
export function nested<S extends Shape, O extends boolean>(absentWhen: SQL, shape: S, optional: O): Nested<S, O> {
  return { absentWhen, shape, optional };
}

/** A column's value as text (money and percentages reach big.js as exact decimal strings, never a float). */
export function asText<C extends AnyColumn>(column: C): SQL<string | (C['_']['notNull'] extends true ? never : null)> {
  return sql`${column}::text`;
}

/** A column of a left-joined table: null when the join found no row. */
export function orNull<C extends AnyColumn>(column: C): SQL<JsonOfColumn<C> | null> {
  return sql`${column}`;
}

function isNested(value: Shape[string]): value is Nested<Shape, boolean> {
  return 'absentWhen' in value;
}

function jsonArraySql(shape: Shape): SQL {
  const values = Object.values(shape).map((v) => (isNested(v) ? sql`case when ${v.absentWhen} then null else ${jsonArraySql(v.shape)} end` : sql`${v}`));
  return sql`json_build_array(${sql.join(values, sql`, `)})`;
}

/** The JSON array of a subquery's rows of `shape`, ordered by `orderBy` ('[]' when none). */
export function jsonList(shape: Shape, orderBy: readonly (AnyColumn | SQL)[]): SQL {
  return sql`coalesce(json_agg(${jsonArraySql(shape)} order by ${sql.join([...orderBy], sql`, `)}), '[]'::json)`;
}

/** The JSON array of a subquery's one row of `shape`. */
export function jsonElement(shape: Shape): SQL {
  return jsonArraySql(shape);
}

/** A json column as the driver hands it: parsed (pg, PGlite) or, defensively, as text. */
function jsonValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/** A shape's keys in order, each with its nested names (null for a plain value): read per row, built once. */
type Names = readonly (readonly [key: string, nested: Names | null])[];
const namesByShape = new WeakMap<Shape, Names>();

function namesOf(shape: Shape): Names {
  let names = namesByShape.get(shape);
  if (!names) {
    // The values are drizzle columns (proxies, for an alias's): asked once here, never per row.
    names = Object.entries(shape).map(([key, spec]) => [key, isNested(spec) ? namesOf(spec.shape) : null] as const);
    namesByShape.set(shape, names);
  }
  return names;
}

function named(names: Names, values: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < names.length; i++) {
    const [key, nested] = names[i];
    const value = values[i];
    out[key] = nested === null || value === null ? value : named(nested, value as unknown[]);
  }
  return out;
}

/** The rows of a jsonList column, named by its shape. */
export function jsonRows<S extends Shape>(value: unknown, shape: S): RowOf<S>[] {
  const rows = jsonValue(value) as unknown[][] | null;
  const names = namesOf(shape);
  return (rows ?? []).map((values) => named(names, values) as RowOf<S>);
}

/** The row of a jsonElement column, named by its shape; null when the subquery found none. */
export function jsonOne<S extends Shape>(value: unknown, shape: S): RowOf<S> | null {
  const values = jsonValue(value) as unknown[] | null;
  return values ? (named(namesOf(shape), values) as RowOf<S>) : null;
}

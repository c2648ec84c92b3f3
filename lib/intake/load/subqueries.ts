import { sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { jsonList, type Shape } from './json-shape';

/** Where a list's subquery looks: the household's client ids, and owner 1's (plans, note, advisor). */
export type ListScope = { clientIds: SQLWrapper; owner1Id: SQLWrapper };

const entries = new WeakMap<object, SQL>();

/**
 * A table under an alias of a subquery's: its columns read `"c"."id"`, and `as(c)` is its entry in a `from`
 * (`"clients" "c"`; drizzle's alias alone writes only `"c"` there).
 */
export function aliased<T extends PgTable, A extends string>(table: T, name: A) {
  const aliasTable = alias(table, name);
  entries.set(aliasTable, sql`${table} ${aliasTable}`);
  return aliasTable;
}

/** The `from` entry of a table made by aliased. */
export function as(aliasTable: object): SQL {
  const entry = entries.get(aliasTable);
  if (!entry) throw new Error('Not a table of aliased()');
  return entry;
}

/** A record's id, public hash and version: the first columns of every list's element. */
export function recordColumns<T extends { id: AnyColumn; hash: AnyColumn; version: AnyColumn }>(t: T): Pick<T, 'id' | 'hash' | 'version'> {
  return columnsOf(t, 'id', 'hash', 'version');
}

/**
 * Some of a table's columns under their own names, in the order given (a shape's values are in that order).
 * The names are the table's keys: one the table lacks does not compile.
 */
export function columnsOf<T extends object, K extends keyof T & string>(t: T, ...names: K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const name of names) picked[name] = t[name];
  return picked;
}

/** The condition of a pivot's client column: one of the household's clients. */
export function inClients(scope: ListScope, column: AnyColumn): SQL {
  return sql`${column} = any(${scope.clientIds})`;
}

/** A subquery as a column of the one statement. */
export function subquery(body: SQL): SQL<unknown> {
  // Nested in its own SQL: drizzle unqualifies the columns at the top of a one-table select's fields.
  return sql<unknown>`(${body})`;
}

/**
 * A list as a column: the JSON array of `shape` over the joined tables `from` (a pivot table first, joined to
 * its items), for the pivots of the household's clients (the shape's clientId).
 */
export function listColumn(scope: ListScope, shape: Shape & { clientId: AnyColumn }, orderBy: readonly AnyColumn[], from: SQL): SQL<unknown> {
  return subquery(sql`select ${jsonList(shape, orderBy)}
      from ${from}
      where ${inClients(scope, shape.clientId)}`);
}

const dialect = new PgDialect();
const HOLE = /\u0001(clientIds|owner1Id)\u0001/;

/**
 * A column of the statement, its SQL rendered to text once, with only the scope's two values left as SQL.
 * Drizzle walks every column reference each time it builds a statement: the lists' columns cost 14 to 20 ms
 * to build against 2 ms as text, and a write builds the statement again inside its transaction
 * (db/prepared.ts). `build` must bind no value of its own.
 */
export function frozenColumn(build: (scope: ListScope) => SQL): (scope: ListScope) => SQL<unknown> {
  const holes: ListScope = { clientIds: sql.raw('\u0001clientIds\u0001'), owner1Id: sql.raw('\u0001owner1Id\u0001') };
  const { sql: text, params } = dialect.sqlToQuery(build(holes));
  if (params.length) throw new Error('A frozen column binds no value of its own');
  // split with the hole's name captured: text, name, text, name, ..., text.
  const parts = text.split(new RegExp(HOLE, 'g'));
  return (scope) => sql.join(parts.map((part, i) => (i % 2 ? sql`${scope[part as keyof ListScope]}` : sql.raw(part)))) as SQL<unknown>;
}

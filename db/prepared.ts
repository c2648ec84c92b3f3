import 'server-only';
import { db, getHandle, type Queryable } from './index';

/*
 * Reads built once. Drizzle turns a query builder into SQL text on every call: for the reads every
 * request makes (the actor) and the intake's load (a statement with ten JSON subqueries), building the
 * text cost the server's thread more than sending it (about 1.8 ms per client-info render, measured in
 * docs/performance.md). A prepared read is built once per database with its values as placeholders
 * (`sql.placeholder('clientIds')`), and `execute({ clientIds })` only fills them in. Lists go in as one
 * array value (`column = any(placeholder)`), so the text does not depend on their length.
 *
 * The name also names the statement on PostgreSQL (node-postgres prepares it once per connection), so one
 * name must always build the same text. Inside a transaction the read is built for that transaction:
 * a prepared query belongs to the session it was built on, and writes are rare next to reads.
 */
export function preparedRead<P>(name: string, build: (q: Queryable) => { prepare(name: string): P }): (q?: Queryable) => P {
  const statementName = `tw_${name}`;
  // Keyed by the database handle, so tests that close and reopen the database get a read of the new one.
  const byDatabase = new WeakMap<object, P>();
  return (q = db) => {
    if (q !== db) return build(q).prepare(statementName);
    const database = getHandle().db;
    let read = byDatabase.get(database);
    if (read === undefined) {
      read = build(database).prepare(statementName);
      byDatabase.set(database, read);
    }
    return read;
  };
}

import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { db, type Queryable } from '@/db';
import { listClientPage } from '@/lib/advisors/client-list';
import { DEFAULT_LIST_STATE, type ClientListState } from '@/lib/advisors/rules';
import { rowsOf } from '@/lib/kernel/rows';

/*
 * EXPLAIN of the dashboard list's own statement (issue 32's index tests): the statement listClientPage sends,
 * caught unsent, then its plan with the values known (a custom plan, PostgreSQL's first runs) and without
 * them (a generic plan: the embedded database plans every statement so, db/embedded-worker.mjs).
 */

export const listState = (change: Partial<ClientListState> = {}): ClientListState => ({ ...DEFAULT_LIST_STATE, ...change });

/** The first statement a read sends, unsent (given a Queryable that keeps it and returns no rows). */
export async function firstStatementOf(read: (q: Queryable) => Promise<unknown>): Promise<SQL> {
  let kept: SQL | null = null;
  const keeper = {
    execute: async (statement: SQL) => {
      kept ??= statement;
      return { rows: [] };
    },
  } as unknown as Queryable;
  await read(keeper);
  return kept!;
}

/** The one statement listClientPage sends for a state, unsent. */
export async function listStatementOf(query: Parameters<typeof listClientPage>[1], actor: Parameters<typeof listClientPage>[0]): Promise<SQL> {
  return firstStatementOf((q) => listClientPage(actor, query, q));
}

const planText = (rows: Record<string, unknown>[]) => rows.map((r) => String(Object.values(r)[0])).join('\n');

/** The plan's text of a statement with its values (a custom plan), sequential scans discouraged. */
export async function customPlan(statement: SQL): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return planText(rowsOf<Record<string, unknown>>(await tx.execute(sql`explain ${statement}`)));
  });
}

const literal = (v: unknown): string => (typeof v === 'number' ? String(v) : v === null ? 'null' : `'${String(v).replace(/'/g, "''")}'`);

/** The plan's text of the same statement planned without its values (PREPARE, a forced generic plan, EXPLAIN EXECUTE). */
export async function genericPlan(statement: SQL): Promise<string> {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql.raw(`prepare list_plan as ${text}`));
    try {
      return planText(rowsOf<Record<string, unknown>>(await tx.execute(sql.raw(`explain execute list_plan(${params.map(literal).join(', ')})`))));
    } finally {
      await tx.execute(sql.raw('deallocate list_plan'));
    }
  });
}

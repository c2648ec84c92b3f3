import 'server-only';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '@/db';
import { AppError } from '@/lib/kernel/errors';
import type { Household } from '@/lib/kernel/scope';
import { clientIdsOf } from '../write-steps';
import type { RecordDef, RecordTable, StoredRecord } from './define';

/*
 * A section's record within the household: what the engine and a section's hooks (a gift's beneficiary, an
 * agent reused under another type) look records up by. Apart from engine.ts so the definitions can use it.
 */

type AnyDef = RecordDef<never, StoredRecord, never>;
const clientColumn = (def: Pick<AnyDef, 'pivot'>) => def.pivot.table.clientId;

/** The SQL that keeps a section's record to the household's: some pivot of it belongs to one of the household's clients. */
export function inHousehold(def: Pick<AnyDef, 'table' | 'pivot'>, household: Household): SQL {
  return sql`exists (select 1 from ${def.pivot.table} where ${def.pivot.record} = ${def.table.id} and ${inArray(clientColumn(def), clientIdsOf(household))})`;
}

/** A record of this household's section by public hash; NOT_FOUND for any other. */
export async function findInHousehold<S extends StoredRecord>(
  tx: Tx,
  def: { table: RecordTable; columns: RecordDef<never, S, never>['columns']; pivot: AnyDef['pivot'] },
  household: Household,
  hash: string,
  where?: SQL,
): Promise<S> {
  const rows = await tx
    .select(def.columns as never)
    .from(def.table as PgTable)
    .where(and(eq(def.table.hash, hash), where, inHousehold(def, household)))
    .limit(1);
  if (!rows[0]) throw new AppError('NOT_FOUND');
  return rows[0] as S;
}

import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { preparedRead } from '@/db/prepared';
import { clients } from '@/db/schema';
import { can, type Permission } from '@/lib/kernel/policy';
import { clientScope, householdReads, loadHouseholdWith, type Household } from '@/lib/kernel/scope';
import { AppError } from '@/lib/kernel/errors';
import type { PublicContext } from '@/lib/kernel/context';
import type { IntakeView } from '../types';
import { intakeViewOf } from './intake-view';
import { listColumns } from './list-columns';

/*
 * The client-info page's one load of a household: the IntakeView of lib/intake/types.ts. The number of SQL
 * queries is fixed whatever the household holds: the household (through the scope), then two statements
 * run together: the two clients, and one row holding every list as JSON (children with their guardians,
 * beneficiaries, trustees, agents, the assets of sections 7-14, owner 1's note and latest plan). 3 in all
 * (4 when the page is addressed by a numeric client id). Each list is a JSON array of its pivot rows (one
 * element per item and owning client), built by a subquery over the household's clients and grouped here
 * by item. Only the columns the view uses are selected: never an SSN, identifier or account number cipher.
 * Money and percentages are cast to text in SQL, so they reach big.js as exact decimal strings, never
 * through a float.
 *
 * Why JSON: on the embedded database every statement has a fixed cost in its thread, and drizzle's row
 * mapping a cost in the server's; one statement of one row replaced five row sets (docs/performance.md).
 *
 * The folder: the clients', plan's, advisor's and note's shapes (their columns, typed from the drizzle
 * schema: json-shape.ts) and views beside their subqueries (client-rows, plan-and-advisor, note); each list
 * section's read is declared in its definition (records/<section>.ts, recordList) and listed in
 * records/sections.ts; the statement's columns (list-columns) and the view's assembly (intake-view).
 */

/** The spec's numeric client id form of the page's address (resolved within the scope to the hash). */
const NUMERIC_ID = /^\d{1,9}$/;

/**
 * The public hash a client-info address stands for: a hash as it is, a numeric client id resolved within
 * the actor's scope (one query); NOT_FOUND outside it, exactly as an unknown hash.
 */
export async function resolveClientHash(ctx: PublicContext, hashOrId: string, permission: Permission = 'intake.read', q: Queryable = db): Promise<string> {
  const address = (hashOrId ?? '').trim();
  if (!NUMERIC_ID.test(address)) return address;
  if (!ctx.actor || !can(ctx.actor, permission)) throw new AppError('NOT_FOUND');
  const [row] = await q
    .select({ hash: clients.hash })
    .from(clients)
    .where(and(eq(clients.id, Number(address)), clientScope(ctx.actor)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row.hash;
}

/**
 * Loads the intake of the household a client address opens (either spouse's hash, or the numeric client
 * id), within the actor's scope for the permission; NOT_FOUND otherwise.
 */
export async function loadIntake(ctx: PublicContext, clientHashOrId: string, permission: Permission = 'intake.read', q: Queryable = db): Promise<IntakeView> {
  const hash = await resolveClientHash(ctx, clientHashOrId, permission, q);
  // The scope check and every list in one statement: the household's row carries the lists' columns.
  const row = await loadHouseholdWith(ctx, hash, permission, householdWithLists, q);
  return intakeViewOf(ctx, row, row);
}

/**
 * The household's clients and every list in one row (listColumns), built once (db/prepared.ts): read with
 * the household's scope check for the page, and on its own for a household already loaded.
 */
const householdWithLists = householdReads('intake_household', ({ owner1Id, owner2Id }) =>
  listColumns({ clientIds: sql`array[${owner1Id}, ${owner2Id}]`, owner1Id }),
);
const householdLists = preparedRead('intake_lists', (q) =>
  q
    .select(listColumns({ clientIds: sql.placeholder('clientIds'), owner1Id: sql.placeholder('owner1Id') }))
    .from(clients)
    .where(sql`${clients.id} = ${sql.placeholder('owner1Id')}`),
);

/**
 * The IntakeView of a household already loaded through the scope (a write reloads it inside its
 * transaction with this), from one statement.
 */
export async function loadHouseholdIntake(ctx: PublicContext, household: Household, q: Queryable = db): Promise<IntakeView> {
  const clientIds = household.spouseId === null ? [household.clientId] : [household.clientId, household.spouseId];
  const [listRow] = await householdLists(q).execute({ clientIds, owner1Id: household.clientId });
  return intakeViewOf(ctx, household, listRow);
}

import 'server-only';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { db, type Queryable } from '@/db';
import { preparedRead } from '@/db/prepared';
import { advisors, clients, estatePlans, households } from '@/db/schema';
import { HASH_SHAPE } from '@/db/schema/columns';
import type { Actor } from './actor';
import type { PublicContext } from './context';
import { AppError } from './errors';
import { can, hasGlobalReach, type Permission } from './policy';

/*
 * Authorization in the query. One SQL fragment per kind of record says which rows an actor reaches; every
 * read and write that addresses a record by its public hash puts the fragment in its `where`, so a record
 * outside the scope is simply not found (404) and the outsider never learns that it exists. The rules:
 * a client reaches their own household (self and spouse); an advisor their clients; staff the clients of
 * the advisors they work for; a firm supervisor the clients of every advisor in their firms; attorneys and
 * admins everything. (Who is on which list is loaded with the actor, lib/auth/actor.ts.)
 *
 * The loaders only read: they check the scope and answer the record, nothing else. What a write must check
 * or record on the way (the features lock, the submission lock, the household's last change) the write
 * does itself (lib/intake/write.ts).
 */

type ClientColumns = { id: AnyPgColumn; advisorId: AnyPgColumn };
type AdvisorColumns = { id: AnyPgColumn };
type PlanColumns = { clientId: AnyPgColumn };

const NOTHING = sql`false`;
const EVERYTHING = sql`true`;

/** Client rows (households) inside the actor's scope; `t` may be an alias of `clients` (a spouse join). */
export function clientScope(actor: Actor, t: ClientColumns = clients): SQL {
  if (hasGlobalReach(actor)) return EVERYTHING;
  const reach: SQL[] = [];
  if (actor.householdClientIds.length) reach.push(inArray(t.id, actor.householdClientIds));
  if (actor.advisorIds.length) reach.push(inArray(t.advisorId, actor.advisorIds));
  return reach.length ? or(...reach)! : NOTHING;
}

/**
 * clientScope for a prepared read (db/prepared.ts): the actor's lists are placeholders, so every actor
 * without global reach shares one statement text; give `scopeValues(actor)` to its execute. Same rows as
 * clientScope: an empty list reaches nothing.
 */
function listedClientScope(t: ClientColumns = clients): SQL {
  return sql`(${t.id} = any(${sql.placeholder('scopeClientIds')}) or ${t.advisorId} = any(${sql.placeholder('scopeAdvisorIds')}))`;
}

/** The values of listedClientScope's placeholders for an actor. */
function scopeValues(actor: Actor) {
  return { scopeClientIds: actor.householdClientIds, scopeAdvisorIds: actor.advisorIds };
}

/** Advisor rows whose clients, invites and billing are inside the actor's scope. */
export function advisorScope(actor: Actor, t: AdvisorColumns = advisors): SQL {
  if (hasGlobalReach(actor)) return EVERYTHING;
  return actor.advisorIds.length ? inArray(t.id, actor.advisorIds) : NOTHING;
}

/** Estate plans of the households inside the actor's scope. */
export function planScope(actor: Actor, t: PlanColumns = estatePlans): SQL {
  if (hasGlobalReach(actor)) return EVERYTHING;
  return sql`exists (select 1 from ${clients} where ${clients.id} = ${t.clientId} and ${clientScope(actor)})`;
}

/** A household as its loaders return it: owner 1 (the client), and owner 2 (the spouse) when married. */
export type Household = {
  householdId: number;
  householdHash: string;
  /** Owner 1. */
  clientId: number;
  clientHash: string;
  /** Owner 2, when married. */
  spouseId: number | null;
  spouseHash: string | null;
  /** The addressed client's advisor. */
  advisorId: number | null;
  /** Which of the two the hash addressed. */
  addressedClientId: number;
};

/** The actor of a door that refuses guests; the loaders take any context and treat a guest as outside. */
function actorOrOutside(ctx: PublicContext, permission: Permission, hash: string): Actor {
  // Without the permission the record is as good as absent: 404, the same answer as an unknown hash.
  if (!ctx.actor || !can(ctx.actor, permission)) throw new AppError('NOT_FOUND');
  // So is an address that cannot be a hash (a page's path parameter is not checked by any schema).
  if (!HASH_SHAPE.test(hash)) throw new AppError('NOT_FOUND');
  return ctx.actor;
}

/** Owner 1's and owner 2's client ids inside a household read, for the columns a loader adds to it. */
export type HouseholdOwnerIds = { owner1Id: SQL; owner2Id: SQL };
type ExtraColumns = Record<string, SQL>;

/**
 * The prepared reads of a household by client hash (one for attorneys and admins, one for everyone whose
 * reach is a list), with `columns` added to the same statement: a page that needs the household's data
 * reads it together with the scope check, in one round trip (lib/intake/load/, the intake's lists).
 */
export function householdReads<C extends ExtraColumns>(name: string, columns: (owners: HouseholdOwnerIds) => C) {
  return {
    everywhere: preparedRead(`${name}_everywhere`, (q) => householdQuery(q, EVERYTHING, columns)),
    inLists: preparedRead(`${name}_in_lists`, (q) => householdQuery(q, listedClientScope(), columns)),
  };
}
type HouseholdReads<C extends ExtraColumns> = ReturnType<typeof householdReads<C>>;

const plainHousehold = householdReads('household', () => ({}));

/**
 * Loads the household a client hash belongs to (either spouse's hash opens it), within the actor's scope
 * for the permission; throws NOT_FOUND otherwise. Owner 1 and owner 2 are the household row's. Pass the
 * transaction of a write so the check and the write see the same rows. Only reads.
 */
export async function loadHousehold(ctx: PublicContext, clientHash: string, permission: Permission, q: Queryable = db): Promise<Household> {
  return loadHouseholdWith(ctx, clientHash, permission, plainHousehold, q);
}

/** loadHousehold with the columns of `reads` (householdReads) read in the same statement. */
export async function loadHouseholdWith<C extends ExtraColumns>(
  ctx: PublicContext,
  clientHash: string,
  permission: Permission,
  reads: HouseholdReads<C>,
  q: Queryable = db,
): Promise<Household & { [K in keyof C]: unknown }> {
  const actor = actorOrOutside(ctx, permission, clientHash);
  const read = hasGlobalReach(actor) ? reads.everywhere : reads.inLists;
  // drizzle cannot follow the spread of a generic column set through its result type; the row is the
  // household's columns (householdQuery) and the added ones.
  const [row] = (await read(q).execute({ clientHash, ...scopeValues(actor) })) as unknown as (Household & { [K in keyof C]: unknown })[];
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The household of a client hash, where the scope lets the actor reach it (every intake door reads it). */
function householdQuery<C extends ExtraColumns>(q: Queryable, scope: SQL, columns: (owners: HouseholdOwnerIds) => C) {
  const owner1 = alias(clients, 'owner1');
  const owner2 = alias(clients, 'owner2');
  return q
    .select({
      householdId: households.id,
      householdHash: households.hash,
      clientId: owner1.id,
      clientHash: owner1.hash,
      spouseId: owner2.id,
      spouseHash: owner2.hash,
      advisorId: clients.advisorId,
      addressedClientId: clients.id,
      ...columns({ owner1Id: sql`${owner1.id}`, owner2Id: sql`${owner2.id}` }),
    })
    .from(clients)
    .innerJoin(households, or(eq(households.owner1ClientId, clients.id), eq(households.owner2ClientId, clients.id)))
    .innerJoin(owner1, eq(owner1.id, households.owner1ClientId))
    .leftJoin(owner2, eq(owner2.id, households.owner2ClientId))
    .where(and(eq(clients.hash, sql.placeholder('clientHash')), scope))
    .limit(1);
}

/** Loads an advisor by hash within the actor's scope for the permission; NOT_FOUND otherwise. */
export async function loadAdvisor(ctx: PublicContext, advisorHash: string, permission: Permission, q: Queryable = db) {
  const actor = actorOrOutside(ctx, permission, advisorHash);
  const [row] = await q
    .select({ id: advisors.id, hash: advisors.hash, userId: advisors.userId })
    .from(advisors)
    .where(and(eq(advisors.hash, advisorHash), advisorScope(actor)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Loads an estate plan by hash within the actor's scope for the permission; NOT_FOUND otherwise. */
export async function loadEstatePlan(ctx: PublicContext, planHash: string, permission: Permission, q: Queryable = db) {
  const actor = actorOrOutside(ctx, permission, planHash);
  const [row] = await q
    .select({ id: estatePlans.id, hash: estatePlans.hash, clientId: estatePlans.clientId, status: estatePlans.status })
    .from(estatePlans)
    .where(and(eq(estatePlans.hash, planHash), planScope(actor)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

import 'server-only';
import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db, type Queryable } from '@/db';
import { auditLog, clients, households, persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { assertCan } from '@/lib/kernel/policy';
import { loadHousehold } from '@/lib/kernel/scope';
import { personNameColumnsOf } from '@/lib/people/person-name-columns';
import { personName } from '@/lib/people/person-name';
import { ACTIVITY_PAGE_SIZE, householdActivityQuerySchema, ownActivityQuerySchema, type HouseholdActivityQuery } from '@/lib/validation/activity';
import { ACTIVITY_KINDS, staffLabel, type ActivityKind } from './activity-kinds';
import { roleOf, type ActivityRow, type ActivityUser } from './activity-row';
import { CLIENT_ACTIONS, OWN_ACCOUNT_ACTIONS, plainWords, type Viewer } from './plain-words';

/*
 * A household's activity (issue 29), read from audit_log by its household_id (migration 0018): newest first,
 * paged by keyset (`id < before`, on the index (household_id, id desc)), one row more than the page read to
 * know whether an Older page exists. Two readers:
 * - staff (attorneys and admins, 'activity.read.household', within the same scope as the client-info page):
 *   every row of the household, with who, as whom, what, the key facts and the address; filterable by kind
 *   and by who acted;
 * - the household's clients ('activity.read.own'): only the actions with a plain-words sentence
 *   (lib/activity/plain-words.ts), chosen in SQL, so a page is full and a staff-only row is never read.
 */

const actorUser = alias(users, 'activity_actor');
const actorPerson = alias(persons, 'activity_actor_person');
const impersonatorUser = alias(users, 'activity_impersonator');
const impersonatorPerson = alias(persons, 'activity_impersonator_person');
const targetPerson = alias(persons, 'activity_target_person');

function userOf(
  id: number | null,
  email: string | null,
  flags: { isLegal: boolean | null; isAdmin: boolean | null; isAdvisory: boolean | null },
  name: Parameters<typeof personName>[0] | null,
): ActivityUser | null {
  if (id === null || email === null) return null;
  return {
    userId: id,
    email,
    name: personName(name ?? {}),
    firstName: name?.firstName ?? '',
    role: roleOf({ isLegal: !!flags.isLegal, isAdmin: !!flags.isAdmin, isAdvisory: !!flags.isAdvisory }),
  };
}

/** One page (plus one row) of a household's rows matching `where`, older than `before`. */
async function readRows(q: Queryable, householdId: number, where: SQL | undefined, before: number | undefined, limit: number): Promise<ActivityRow[]> {
  const rows = await q
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      meta: auditLog.meta,
      ip: auditLog.ip,
      actorId: actorUser.id,
      actorEmail: actorUser.email,
      actorLegal: actorUser.isLegal,
      actorAdmin: actorUser.isAdmin,
      actorAdvisory: actorUser.isAdvisory,
      actorName: personNameColumnsOf(actorPerson),
      impersonatorId: impersonatorUser.id,
      impersonatorEmail: impersonatorUser.email,
      impersonatorLegal: impersonatorUser.isLegal,
      impersonatorAdmin: impersonatorUser.isAdmin,
      impersonatorAdvisory: impersonatorUser.isAdvisory,
      impersonatorName: personNameColumnsOf(impersonatorPerson),
      targetPersonId: targetPerson.id,
      targetPersonName: personNameColumnsOf(targetPerson),
    })
    .from(auditLog)
    .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
    .leftJoin(actorPerson, eq(actorPerson.id, actorUser.personId))
    .leftJoin(impersonatorUser, eq(impersonatorUser.id, auditLog.impersonatorUserId))
    .leftJoin(impersonatorPerson, eq(impersonatorPerson.id, impersonatorUser.personId))
    .leftJoin(targetPerson, and(eq(auditLog.targetType, 'person'), eq(targetPerson.id, auditLog.targetId)))
    .where(and(eq(auditLog.householdId, householdId), where, before !== undefined ? lt(auditLog.id, before) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    meta: r.meta !== null && typeof r.meta === 'object' && !Array.isArray(r.meta) ? (r.meta as Record<string, unknown>) : null,
    ip: r.ip,
    actor: userOf(r.actorId, r.actorEmail, { isLegal: r.actorLegal, isAdmin: r.actorAdmin, isAdvisory: r.actorAdvisory }, r.actorName),
    impersonator: userOf(
      r.impersonatorId,
      r.impersonatorEmail,
      { isLegal: r.impersonatorLegal, isAdmin: r.impersonatorAdmin, isAdvisory: r.impersonatorAdvisory },
      r.impersonatorName,
    ),
    targetPerson: r.targetPersonId === null ? null : { id: r.targetPersonId, name: personName(r.targetPersonName ?? {}) },
  }));
}

/** The parameters read by a schema, a bad one refused with a 422 naming its field. */
function parse<T>(
  schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } },
  params: Record<string, unknown>,
): T {
  const parsed = schema.safeParse(params);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? 'filters')] ??= issue.message;
  throw new AppError('VALIDATION', Object.values(fieldErrors)[0], fieldErrors);
}

function kindCondition(kind: ActivityKind): SQL {
  const prefixes = ACTIVITY_KINDS.find((k) => k.kind === kind)!.prefixes;
  return or(...prefixes.map((p) => sql`${auditLog.action} like ${`${p.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`))!;
}

/** A person the staff view's filter offers: someone who acted in the household (or an admin acting as someone). */
export type ActivityPerson = { hash: string; label: string };

/** Everyone who acted in the household, by name (one indexed read of the household's rows). */
async function peopleOf(q: Queryable, householdId: number): Promise<(ActivityPerson & { id: number })[]> {
  const acted = sql`(select actor_user_id from audit_log where household_id = ${householdId} and actor_user_id is not null
                     union select impersonator_user_id from audit_log where household_id = ${householdId} and impersonator_user_id is not null)`;
  const rows = await q
    .select({ id: users.id, hash: users.hash, email: users.email, name: personNameColumnsOf(persons) })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(sql`${users.id} in ${acted}`);
  return rows.map((r) => ({ id: r.id, hash: r.hash, label: `${personName(r.name) || r.email} (${r.email})` })).sort((a, b) => a.label.localeCompare(b.label));
}

export type StaffActivityEntry = {
  id: number;
  createdAt: Date;
  actor: { name: string; email: string } | null;
  impersonator: { name: string; email: string } | null;
  action: string;
  label: string;
  details: string | null;
  ip: string | null;
};

export type HouseholdActivityPage = {
  rows: StaffActivityEntry[];
  /** `before=` for the Older link, null when nothing older matches. */
  older: number | null;
  filters: Omit<HouseholdActivityQuery, 'before'>;
  people: ActivityPerson[];
  /** The household's clients' names, for the page's title ("Pat Rivera and Sam Rivera"). */
  names: string;
};

/** Owner 1's and owner 2's names. */
async function namesOf(q: Queryable, owners: number[]): Promise<string> {
  const rows = await q
    .select({ id: clients.id, name: personNameColumnsOf(persons) })
    .from(clients)
    .innerJoin(persons, eq(persons.id, clients.personId))
    .where(inArray(clients.id, owners));
  return owners
    .map((id) => rows.find((r) => r.id === id))
    .filter((r) => r !== undefined)
    .map((r) => personName(r.name))
    .join(' and ');
}

/**
 * A household's activity for attorneys and admins, addressed by one of its clients' public ids (the
 * client-info page's address), within the actor's scope (the same loader as the page's: out of scope or
 * unknown is 404); other roles are refused (403). Filters and the cursor as the address has them.
 */
export async function listHouseholdActivity(
  ctx: RequestContext,
  clientHash: string,
  params: Record<string, unknown>,
  q: Queryable = db,
  size = ACTIVITY_PAGE_SIZE,
): Promise<HouseholdActivityPage> {
  assertCan(ctx.actor, 'activity.read.household');
  const household = await loadHousehold(ctx, clientHash, 'activity.read.household', q);
  const query = parse(householdActivityQuerySchema, params);
  const people = await peopleOf(q, household.householdId);
  const conditions: SQL[] = [];
  if (query.kind) conditions.push(kindCondition(query.kind));
  if (query.who) {
    const person = people.find((p) => p.hash === query.who);
    if (!person) throw new AppError('VALIDATION', 'Choose a person from the list.', { who: 'Choose a person from the list.' });
    conditions.push(or(eq(auditLog.actorUserId, person.id), eq(auditLog.impersonatorUserId, person.id))!);
  }
  const read = await readRows(q, household.householdId, conditions.length ? and(...conditions) : undefined, query.before, size + 1);
  const rows = read.slice(0, size).map((r) => {
    const { label, details } = staffLabel(r);
    return {
      id: r.id,
      createdAt: r.createdAt,
      actor: r.actor && { name: r.actor.name, email: r.actor.email },
      impersonator: r.impersonator && { name: r.impersonator.name, email: r.impersonator.email },
      action: r.action,
      label,
      details,
      ip: r.ip,
    };
  });
  return {
    rows,
    older: read.length > size ? rows[rows.length - 1].id : null,
    filters: { kind: query.kind, who: query.who },
    people: people.map(({ hash, label }) => ({ hash, label })),
    names: await namesOf(
      q,
      [household.clientId, household.spouseId].filter((id): id is number => id !== null),
    ),
  };
}

export type OwnActivityEntry = { id: number; createdAt: Date; text: string };
export type OwnActivityPage = { rows: OwnActivityEntry[]; older: number | null };

/** The reader and their spouse (login, person, first name), from the reader's own client row. */
async function viewerOf(q: Queryable, userId: number, clientId: number): Promise<{ householdId: number; viewer: Viewer } | null> {
  const [household] = await q
    .select({ id: households.id, owner1: households.owner1ClientId, owner2: households.owner2ClientId })
    .from(households)
    .where(or(eq(households.owner1ClientId, clientId), eq(households.owner2ClientId, clientId)))
    .limit(1);
  if (!household) return null;
  const owners = await q
    .select({ clientId: clients.id, userId: clients.userId, personId: clients.personId, firstName: persons.firstName })
    .from(clients)
    .innerJoin(persons, eq(persons.id, clients.personId))
    .where(
      inArray(
        clients.id,
        [household.owner1, household.owner2].filter((id): id is number => id !== null),
      ),
    );
  const own = owners.find((o) => o.clientId === clientId);
  const spouse = owners.find((o) => o.clientId !== clientId);
  if (!own) return null;
  return {
    householdId: household.id,
    viewer: { userId, personId: own.personId, spouse: spouse ? { userId: spouse.userId, personId: spouse.personId, firstName: spouse.firstName } : null },
  };
}

/**
 * The signed-in client's household's activity in plain words ('activity.read.own'): only the actions with a
 * sentence, and of the account actions only the reader's own. An admin acting as the client reads what the
 * client would.
 */
export async function listOwnActivity(
  ctx: RequestContext,
  params: Record<string, unknown>,
  q: Queryable = db,
  size = ACTIVITY_PAGE_SIZE,
): Promise<OwnActivityPage> {
  assertCan(ctx.actor, 'activity.read.own');
  const { before } = parse(ownActivityQuerySchema, params);
  if (ctx.actor.clientId === null) return { rows: [], older: null };
  const found = await viewerOf(q, ctx.actor.userId, ctx.actor.clientId);
  if (!found) return { rows: [], older: null };
  const { householdId, viewer } = found;
  const forClients = and(
    inArray(auditLog.action, [...CLIENT_ACTIONS]),
    // A login's own changes (password, e-mail …) are its owner's alone, not the spouse's to read.
    or(sql`${auditLog.action} not in ${[...OWN_ACCOUNT_ACTIONS]}`, and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, viewer.userId))),
  );
  const read = await readRows(q, householdId, forClients, before, size + 1);
  const page = read.slice(0, size);
  const rows = page.flatMap((r) => {
    const text = plainWords(r, viewer);
    return text ? [{ id: r.id, createdAt: r.createdAt, text }] : [];
  });
  return { rows, older: read.length > size ? page[page.length - 1].id : null };
}

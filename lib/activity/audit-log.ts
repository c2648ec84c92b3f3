import 'server-only';
import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db, type Queryable } from '@/db';
import { auditLog, clients, households, persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { assertCan } from '@/lib/kernel/policy';
import { personNameColumnsOf } from '@/lib/people/person-name-columns';
import { personName } from '@/lib/people/person-name';
import { AUDIT_PAGE_SIZE, auditLogQuerySchema, type AuditLogFilters, type AuditLogQuery } from '@/lib/validation/audit-log';

/*
 * The admins' global audit log (issue 29): every row of audit_log, newest first, filtered by who acted, the
 * start of the action's name, a household and a range of days, paged by keyset (`id < cursor order by id
 * desc`: a page costs the same at the end of a million rows as at the start, and rows written while someone
 * pages never shift a page, so nothing shows twice or goes missing). The page and the CSV export read through
 * the same filters and the same statement (auditRows). Admins only ('audit.read'), checked here.
 */

/** A user as a row names them: their sign-in e-mail and their name. */
export type AuditPerson = { email: string; name: string };

export type AuditEntry = {
  id: number;
  createdAt: Date;
  /** Who acted: the signed-in user, or during an impersonation the user acted as; null for System (a job). */
  actor: AuditPerson | null;
  /** The admin really at the keyboard during an impersonation; null otherwise. */
  impersonator: AuditPerson | null;
  action: string;
  /** The record acted on (table-ish type and its internal id); `email` when it is a user. */
  target: { type: string; id: number | null; email: string | null } | null;
  ip: string | null;
  userAgent: string | null;
  meta: unknown;
};

export type AuditLogPage = {
  rows: AuditEntry[];
  /** `after=` for the Newer link (the newest row shown), null when nothing newer matches. */
  newer: number | null;
  /** `before=` for the Older link (the oldest row shown), null when nothing older matches. */
  older: number | null;
  filters: AuditLogFilters;
};

/** The filters turned into conditions once (a user or household looked up), for every page of a read or an export. */
export type AuditQuery = { where: SQL | undefined; filters: AuditLogFilters };

const TIME_ZONE = () => process.env.APP_TIME_ZONE || 'America/New_York';

/** A refusal of one filter field (422 with the message under the field). */
function invalid(field: keyof AuditLogQuery, message: string): AppError {
  return new AppError('VALIDATION', message, { [field]: message });
}

/** Reads the filters (and the page's cursor) from the address's parameters; a bad one is a 422 naming its field. */
export function parseAuditLogQuery(params: Record<string, unknown>): AuditLogQuery {
  const parsed = auditLogQuerySchema.safeParse(params);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? 'filters')] ??= issue.message;
  throw new AppError('VALIDATION', Object.values(fieldErrors)[0], fieldErrors);
}

/** Who acted: the user themself, or an admin acting as someone (so an admin's filter shows what they did as others too). */
async function userCondition(q: Queryable, value: string): Promise<SQL> {
  const byEmail = value.includes('@');
  const [user] = await q
    .select({ id: users.id })
    .from(users)
    .where(byEmail ? eq(users.email, value.toLowerCase()) : eq(users.hash, value))
    .limit(1);
  if (!user) throw invalid('user', 'No user has this e-mail address or id.');
  return or(eq(auditLog.actorUserId, user.id), eq(auditLog.impersonatorUserId, user.id))!;
}

/**
 * The rows about a household, given its public id or one of its clients': those whose `household_id` is
 * the household's (every row about its clients, plans, documents, payments, intake items and its clients'
 * logins: lib/kernel/audit.ts). A client without a household (none should be) matches the rows about it.
 */
async function householdCondition(q: Queryable, hash: string): Promise<SQL> {
  const [client] = await q.select({ id: clients.id }).from(clients).where(eq(clients.hash, hash)).limit(1);
  const [household] = await q
    .select({ id: households.id })
    .from(households)
    .where(client ? or(eq(households.owner1ClientId, client.id), eq(households.owner2ClientId, client.id)) : eq(households.hash, hash))
    .limit(1);
  if (household) return eq(auditLog.householdId, household.id);
  if (!client) throw invalid('household', 'No household or client has this id.');
  return and(eq(auditLog.targetType, 'client'), eq(auditLog.targetId, client.id))!;
}

/** An action's name starting with the text (LIKE's wildcards taken literally). */
function actionCondition(prefix: string): SQL {
  return sql`${auditLog.action} like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
}

/** From the first moment of `from` to the last of `to`, both days in the app's time zone (APP_TIME_ZONE). */
function dayConditions(from: string | undefined, to: string | undefined): SQL[] {
  const zone = TIME_ZONE();
  const out: SQL[] = [];
  if (from) out.push(sql`${auditLog.createdAt} >= ((${from}::date)::timestamp at time zone ${zone})`);
  if (to) out.push(sql`${auditLog.createdAt} < ((${to}::date + 1)::timestamp at time zone ${zone})`);
  return out;
}

/**
 * Checks the permission and turns the parameters into the statement's conditions (422 on a bad filter, or
 * on a user or household that does not exist: an empty list would hide a typo).
 */
export async function prepareAuditQuery(
  ctx: RequestContext,
  params: Record<string, unknown>,
  q: Queryable = db,
): Promise<AuditQuery & { query: AuditLogQuery }> {
  assertCan(ctx.actor, 'audit.read');
  const query = parseAuditLogQuery(params);
  const filters: AuditLogFilters = { user: query.user, action: query.action, household: query.household, from: query.from, to: query.to };
  const conditions: SQL[] = [];
  if (filters.user) conditions.push(await userCondition(q, filters.user));
  if (filters.action) conditions.push(actionCondition(filters.action));
  if (filters.household) conditions.push(await householdCondition(q, filters.household));
  conditions.push(...dayConditions(filters.from, filters.to));
  return { where: conditions.length ? and(...conditions) : undefined, filters, query };
}

const actorUser = alias(users, 'audit_actor');
const actorPerson = alias(persons, 'audit_actor_person');
const impersonatorUser = alias(users, 'audit_impersonator');
const impersonatorPerson = alias(persons, 'audit_impersonator_person');
const targetUser = alias(users, 'audit_target_user');

/**
 * One batch of rows by keyset: older than `before` (newest first), or newer than `after` (oldest first, for
 * the Newer link; the caller turns it round), at most `limit`, with the actor's and impersonator's e-mail
 * and name and a user target's e-mail joined by primary key.
 */
export async function auditRows(query: AuditQuery, page: { before?: number; after?: number; limit: number }, q: Queryable = db): Promise<AuditEntry[]> {
  const cursor = page.after !== undefined ? gt(auditLog.id, page.after) : page.before !== undefined ? lt(auditLog.id, page.before) : undefined;
  const rows = await q
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      meta: auditLog.meta,
      actorEmail: actorUser.email,
      actor: personNameColumnsOf(actorPerson),
      impersonatorEmail: impersonatorUser.email,
      impersonator: personNameColumnsOf(impersonatorPerson),
      targetEmail: targetUser.email,
    })
    .from(auditLog)
    .leftJoin(actorUser, eq(actorUser.id, auditLog.actorUserId))
    .leftJoin(actorPerson, eq(actorPerson.id, actorUser.personId))
    .leftJoin(impersonatorUser, eq(impersonatorUser.id, auditLog.impersonatorUserId))
    .leftJoin(impersonatorPerson, eq(impersonatorPerson.id, impersonatorUser.personId))
    .leftJoin(targetUser, and(eq(auditLog.targetType, 'user'), eq(targetUser.id, auditLog.targetId)))
    .where(and(query.where, cursor))
    .orderBy(page.after !== undefined ? asc(auditLog.id) : desc(auditLog.id))
    .limit(page.limit);
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    actor: r.actorEmail === null ? null : { email: r.actorEmail, name: personName(r.actor ?? {}) },
    impersonator: r.impersonatorEmail === null ? null : { email: r.impersonatorEmail, name: personName(r.impersonator ?? {}) },
    action: r.action,
    target: r.targetType === null && r.targetId === null ? null : { type: r.targetType ?? '', id: r.targetId, email: r.targetEmail },
    ip: r.ip,
    userAgent: r.userAgent,
    meta: r.meta,
  }));
}

/** Whether any row of the query lies beyond `id` on one side (for the other side's paging link). */
async function anyBeyond(query: AuditQuery, side: 'older' | 'newer', id: number, q: Queryable): Promise<boolean> {
  const [row] = await q
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(query.where, side === 'older' ? lt(auditLog.id, id) : gt(auditLog.id, id)))
    .limit(1);
  return row !== undefined;
}

/**
 * A page of the audit log for an admin, newest first: `AUDIT_PAGE_SIZE` rows older than `before`, or newer
 * than `after`, with the links to the pages either side (one row more than the page is read, so the side
 * read past knows whether it goes on; the other side is one indexed look). Parameters as the address has
 * them: see lib/validation/audit-log.ts.
 */
export async function listAuditLog(ctx: RequestContext, params: Record<string, unknown>, q: Queryable = db, size = AUDIT_PAGE_SIZE): Promise<AuditLogPage> {
  const prepared = await prepareAuditQuery(ctx, params, q);
  const { before, after } = prepared.query;
  const read = await auditRows(prepared, { before, after, limit: size + 1 }, q);
  const more = read.length > size;
  const rows = read.slice(0, size);
  if (after !== undefined) rows.reverse();
  if (rows.length === 0) {
    // A page past either end (a link followed after the rows it named changed filters, or typed): back to the rows there are.
    const newer = before !== undefined && (await anyBeyond(prepared, 'newer', before - 1, q)) ? before - 1 : null;
    const older = after !== undefined && (await anyBeyond(prepared, 'older', after + 1, q)) ? after + 1 : null;
    return { rows, newer, older, filters: prepared.filters };
  }
  const newest = rows[0].id;
  const oldest = rows[rows.length - 1].id;
  const newer = after !== undefined ? (more ? newest : null) : before !== undefined && (await anyBeyond(prepared, 'newer', newest, q)) ? newest : null;
  const older = after !== undefined ? ((await anyBeyond(prepared, 'older', oldest, q)) ? oldest : null) : more ? oldest : null;
  return { rows, newer, older, filters: prepared.filters };
}

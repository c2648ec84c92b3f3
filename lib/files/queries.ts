import 'server-only';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { estatePlans, files, persons, users } from '@/db/schema';
import type { PublicContext } from '@/lib/kernel/context';
import { can } from '@/lib/kernel/policy';
import { planScope } from '@/lib/kernel/scope';
import { personName } from '@/lib/people/person-name';
import { personNameColumns } from '@/lib/people/person-name-columns';
import { formatAppDate } from '@/lib/format/app-time';
import { ATTORNEY_STATUSES } from '@/lib/estate-plans/statuses';
import { documentViewPath, type DocumentView } from './document-view';

/** The columns of a document as listed, with its plan's hash and its uploader's name (left join: System). */
function documentSelect(q: Queryable) {
  return q
    .select({
      hash: files.hash,
      planHash: estatePlans.hash,
      planId: files.estatePlanId,
      name: files.name,
      contentType: files.contentType,
      createdAt: files.createdAt,
      creatorId: files.createdByUserId,
      ...personNameColumns,
    })
    .from(files)
    .innerJoin(estatePlans, eq(estatePlans.id, files.estatePlanId))
    .leftJoin(users, eq(users.id, files.createdByUserId))
    .leftJoin(persons, eq(persons.id, users.personId));
}

type DocumentRow = Awaited<ReturnType<ReturnType<typeof documentSelect>['execute']>>[number];

/** A listed document's row as the pages show it (lib/files/document-page.ts reads its page in raw SQL). */
export function toDocumentView(row: Omit<DocumentRow, 'planId'>): DocumentView {
  return {
    hash: row.hash,
    planHash: row.planHash,
    name: row.name,
    contentType: row.contentType,
    createdBy: row.creatorId === null ? null : personName(row) || 'Unknown user',
    removable: row.creatorId !== null,
    createdAt: row.createdAt.toISOString(),
    dateText: formatAppDate(row.createdAt),
    viewPath: documentViewPath(row.planHash, row.hash),
  };
}

const NEWEST_FIRST = [desc(files.createdAt), desc(files.id)];

/** The documents of some plans by plan id, newest first (the caller checked the scope), grouped by plan id. */
export async function documentsOfPlans(planIds: number[], q: Queryable = db): Promise<Map<number, DocumentView[]>> {
  const byPlan = new Map<number, DocumentView[]>();
  if (!planIds.length) return byPlan;
  const rows = await documentSelect(q)
    .where(inArray(files.estatePlanId, planIds))
    .orderBy(...NEWEST_FIRST);
  for (const row of rows) {
    const list = byPlan.get(row.planId) ?? [];
    list.push(toDocumentView(row));
    byPlan.set(row.planId, list);
  }
  return byPlan;
}

/** One document of a plan by its public hash, with what opening and deleting need (storage, creator). */
export async function findDocument(planId: number, fileHash: string, q: Queryable = db, lock = false) {
  const where: SQL = and(eq(files.estatePlanId, planId), eq(files.hash, fileHash))!;
  const query = q
    .select({
      id: files.id,
      hash: files.hash,
      name: files.name,
      contentType: files.contentType,
      size: files.size,
      storage: files.storage,
      storageKey: files.storageKey,
      createdByUserId: files.createdByUserId,
    })
    .from(files)
    .where(where)
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The shown names of a plan's documents (the duplicate rule compares against them). */
export async function documentNamesOfPlan(planId: number, q: Queryable = db): Promise<string[]> {
  const rows = await q.select({ name: files.name }).from(files).where(eq(files.estatePlanId, planId));
  return rows.map((r) => r.name);
}

/** Where the dashboard's upload control sends a household's document: its latest plan, and that plan's names. */
export type UploadTarget = { planHash: string; existingNames: string[] };

/**
 * The upload targets of the dashboard's listed households (by owner 1's client id): each household whose
 * latest plan is in an attorney-stage status, for an actor who may upload (`file.upload`), within the scope.
 * One statement for the page, whatever its size; households that take no upload now are absent.
 */
export async function uploadTargets(ctx: PublicContext, owner1Ids: number[], q: Queryable = db): Promise<Map<number, UploadTarget>> {
  const targets = new Map<number, UploadTarget>();
  if (!ctx.actor || !can(ctx.actor, 'file.upload') || !owner1Ids.length) return targets;
  const latest = sql`(select distinct on (${estatePlans.clientId}) ${estatePlans.id} as id
    from ${estatePlans} where ${inArray(estatePlans.clientId, owner1Ids)}
    order by ${estatePlans.clientId}, ${estatePlans.createdAt} desc, ${estatePlans.id} desc)`;
  const rows = await q
    .select({
      clientId: estatePlans.clientId,
      planHash: estatePlans.hash,
      // Spelled out: drizzle leaves a one-table select's columns unqualified, which the subquery would rebind.
      names: sql<string[] | null>`(select array_agg(f.name order by f.id) from ${files} f where f.estate_plan_id = "estate_plans"."id")`,
    })
    .from(estatePlans)
    .where(and(sql`${estatePlans.id} in ${latest}`, inArray(estatePlans.status, ATTORNEY_STATUSES), planScope(ctx.actor)));
  for (const row of rows) targets.set(row.clientId, { planHash: row.planHash, existingNames: row.names ?? [] });
  return targets;
}

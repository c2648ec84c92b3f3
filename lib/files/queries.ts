import 'server-only';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { estatePlans, files } from '@/db/schema';
import type { PublicContext } from '@/lib/kernel/context';
import { can } from '@/lib/kernel/policy';
import { planScope } from '@/lib/kernel/scope';
import { personName } from '@/lib/people/person-name';
import { formatAppDate } from '@/lib/format/app-time';
import { ATTORNEY_STATUSES } from '@/lib/estate-plans/statuses';
import { documentViewPath, type DocumentView } from './document-view';
import { rowsOf } from '@/lib/kernel/rows';
import { LIST_PAGE_SIZE } from '@/lib/validation/list-page';

/** A listed document's columns, with its plan's hash and its uploader's name (null creator: System). */
type DocumentRow = {
  hash: string;
  planHash: string;
  name: string;
  contentType: string;
  createdAt: Date;
  creatorId: number | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  suffix: string | null;
};

/** A listed document's row as the pages show it (lib/files/document-page.ts reads its page in raw SQL). */
export function toDocumentView(row: DocumentRow): DocumentView {
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

/**
 * A document row of raw SQL (the paged reads, lateral per plan) as the pages show it: its columns are
 * hash, plan_hash, name, content_type, created_at, created_by_user_id and the creator's four name columns.
 */
export function rawDocumentView(r: Record<string, unknown>): DocumentView {
  return toDocumentView({
    hash: String(r.hash),
    planHash: String(r.plan_hash),
    name: String(r.name),
    contentType: String(r.content_type),
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
    creatorId: r.created_by_user_id === null || r.created_by_user_id === undefined ? null : Number(r.created_by_user_id),
    firstName: r.first_name as string | null,
    middleName: r.middle_name as string | null,
    lastName: r.last_name as string | null,
    suffix: r.suffix as string | null,
  });
}

/** How many documents of each plan the compatibility answers carry (the newest; issue 32). */
export const ANSWER_DOCUMENTS_PER_PLAN = LIST_PAGE_SIZE;

/**
 * The newest documents of some plans by plan id (at most ANSWER_DOCUMENTS_PER_PLAN each, newest first; the
 * caller checked the scope), grouped by plan id: one statement, each plan's entries read in the order of
 * files_plan_created_idx, never a plan's whole book.
 */
export async function documentsOfPlans(planIds: number[], q: Queryable = db): Promise<Map<number, DocumentView[]>> {
  const byPlan = new Map<number, DocumentView[]>();
  if (!planIds.length) return byPlan;
  const rows = rowsOf<Record<string, unknown>>(
    await q.execute(sql`
      select ep.id as plan_id, ep.hash as plan_hash, f.hash, f.name, f.content_type, f.created_at, f.created_by_user_id,
             p.first_name, p.middle_name, p.last_name, p.suffix
        from estate_plans ep
        cross join lateral (
          select fl.id, fl.hash, fl.name, fl.content_type, fl.created_at, fl.created_by_user_id from files fl
           where fl.estate_plan_id = ep.id
           order by fl.created_at desc, fl.id desc
           limit ${ANSWER_DOCUMENTS_PER_PLAN}) f
        left join users u on u.id = f.created_by_user_id
        left join persons p on p.id = u.person_id
       where ep.id in (${sql.join(
         planIds.map((id) => sql`${id}`),
         sql`, `,
       )})
       order by ep.id, f.created_at desc, f.id desc`),
  );
  for (const row of rows) {
    const planId = Number(row.plan_id);
    const list = byPlan.get(planId) ?? [];
    list.push(rawDocumentView(row));
    byPlan.set(planId, list);
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

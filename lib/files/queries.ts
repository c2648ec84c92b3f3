import 'server-only';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { estatePlans, files, households, persons, users } from '@/db/schema';
import type { PublicContext } from '@/lib/kernel/context';
import { can } from '@/lib/kernel/policy';
import { planScope } from '@/lib/kernel/scope';
import { personName } from '@/lib/people/person-name';
import { formatAppDate } from '@/lib/format/app-time';
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
      firstName: persons.firstName,
      middleName: persons.middleName,
      lastName: persons.lastName,
      suffix: persons.suffix,
    })
    .from(files)
    .innerJoin(estatePlans, eq(estatePlans.id, files.estatePlanId))
    .leftJoin(users, eq(users.id, files.createdByUserId))
    .leftJoin(persons, eq(persons.id, users.personId));
}

type DocumentRow = Awaited<ReturnType<ReturnType<typeof documentSelect>['execute']>>[number];

export function toDocumentView(row: DocumentRow): DocumentView {
  return {
    hash: row.hash,
    planHash: row.planHash,
    name: row.name,
    contentType: row.contentType,
    createdBy: row.creatorId === null ? null : personName(row) || 'Unknown user',
    createdAt: row.createdAt.toISOString(),
    dateText: formatAppDate(row.createdAt),
    viewPath: documentViewPath(row.planHash, row.hash),
  };
}

const NEWEST_FIRST = [desc(files.createdAt), desc(files.id)];

/**
 * The documents of a household's plans (every plan of it, newest document first), for anyone whose scope
 * reaches the household with `file.view` (the household, its advisory side, attorneys, admins). The
 * household is named by its public hash; a household outside the scope lists nothing.
 */
export async function listDocuments(ctx: PublicContext, household: { householdHash: string }, q: Queryable = db): Promise<DocumentView[]> {
  if (!ctx.actor || !can(ctx.actor, 'file.view')) return [];
  const rows = await documentSelect(q)
    .innerJoin(households, eq(households.owner1ClientId, estatePlans.clientId))
    .where(and(eq(households.hash, household.householdHash), planScope(ctx.actor)))
    .orderBy(...NEWEST_FIRST);
  return rows.map(toDocumentView);
}

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

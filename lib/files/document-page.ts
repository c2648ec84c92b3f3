import 'server-only';
import { sql } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import type { PublicContext } from '@/lib/kernel/context';
import { can } from '@/lib/kernel/policy';
import { planScope } from '@/lib/kernel/scope';
import { rowsOf } from '@/lib/kernel/rows';
import { LIST_PAGE_SIZE, pageOf } from '@/lib/validation/list-page';
import type { DocumentView } from './document-view';
import { rawDocumentView } from './queries';

/** One page of a household's documents, newest first, with the counts the page shows around it. */
export type DocumentPage = {
  documents: DocumentView[];
  /** Every document of the household's plans (the pager's total). */
  total: number;
  /** The documents of each plan by its hash (the latest plan's say whether "your documents are ready"). */
  perPlan: Record<string, number>;
  page: number;
  pageCount: number;
};

const EMPTY: DocumentPage = { documents: [], total: 0, perPlan: {}, page: 1, pageCount: 1 };

type Raw = Record<string, unknown>;

/**
 * A page of the documents of a household's plans (every plan of it, newest first, ties by id), for anyone
 * whose scope reaches the household with `file.view`; a household outside the scope lists nothing. One
 * statement whatever the number of documents (issue 32): the household's plans with their document counts
 * (an index-only count per plan, files_plan_created_idx), the page's offset from their sum (a page past the
 * end is the last), and the page, read per plan from the same index in its order, at most `offset + size`
 * entries of each plan, merged and cut: a page costs its place in the list, never the household's whole book.
 */
export async function listDocumentPage(
  ctx: PublicContext,
  household: { householdHash: string },
  requested = 1,
  q: Queryable = db,
  size = LIST_PAGE_SIZE,
): Promise<DocumentPage> {
  if (!ctx.actor || !can(ctx.actor, 'file.view')) return EMPTY;
  // `estate_plans` keeps its name (no alias): planScope's fragment names its columns by the table.
  const [row] = rowsOf<{ plans: unknown; documents: unknown }>(
    await q.execute(sql`
      with plans as materialized (
        select estate_plans.id, estate_plans.hash, (select count(*)::int from files f where f.estate_plan_id = estate_plans.id) as documents
          from estate_plans join households h on h.owner1_client_id = estate_plans.client_id
         where h.hash = ${household.householdHash} and ${planScope(ctx.actor)}),
      win as (
        select (least(${requested - 1}::int, greatest(0, (coalesce(sum(documents), 0)::int - 1) / ${size}::int)) * ${size}::int) as skip from plans)
      select
        (select coalesce(json_agg(json_build_object('hash', plans.hash, 'documents', plans.documents)), '[]'::json) from plans) as plans,
        (select coalesce(json_agg(d order by d.created_at desc, d.id desc), '[]'::json) from (
           select f.id, f.hash, plans.hash as plan_hash, f.name, f.content_type, f.created_at, f.created_by_user_id,
                  p.first_name, p.middle_name, p.last_name, p.suffix
             from plans
             cross join lateral (
               select fl.id, fl.hash, fl.name, fl.content_type, fl.created_at, fl.created_by_user_id from files fl
                where fl.estate_plan_id = plans.id
                order by fl.created_at desc, fl.id desc
                limit (select skip from win) + ${size}::int) f
             left join users u on u.id = f.created_by_user_id
             left join persons p on p.id = u.person_id
            order by f.created_at desc, f.id desc
            limit ${size}::int offset (select skip from win)) d) as documents`),
  );
  const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  const plans = json<{ hash: string; documents: number }[]>(row?.plans ?? []);
  const perPlan = Object.fromEntries(plans.map((p) => [p.hash, Number(p.documents)]));
  const total = plans.reduce((sum, p) => sum + Number(p.documents), 0);
  const { page, pageCount } = pageOf(total, requested, size);
  const documents = json<Raw[]>(row?.documents ?? []).map(rawDocumentView);
  return { documents, total, perPlan, page, pageCount };
}

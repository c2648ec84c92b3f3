import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import type { EstatePlanStatus } from '@/db/schema';
import { filterStatuses, likePattern } from '@/lib/advisors/rules';
import { isAttorneyStatus, statusLabel } from '@/lib/estate-plans/statuses';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { assertCan } from '@/lib/kernel/policy';
import { rowsOf } from '@/lib/kernel/rows';
import { LIST_PAGE_SIZE } from '@/lib/validation/list-page';
import { advisorScope } from '@/lib/kernel/scope';
import { personName } from '@/lib/people/person-name';
import type { AdvisorRefInput } from '@/lib/validation/advisors';
import { ADVISOR_PAGE_SIZE, advisorOrder, type AdvisorListState } from './rules';

/*
 * The Admin / Attorney advisors overview (platform spec §2): every advisor with their firms and household
 * figures, searched, sorted and paged in SQL (one statement per page, whatever the number of advisors and
 * households), and one advisor's households with their documents for the expandable rows (two statements).
 * Reads only. Attorneys and admins alone ('advisors.list'); the scope fragment is kept in the queries all
 * the same, so a wider permission later cannot reach further than the actor's scope.
 *
 * The figures count households, as the advisor's client list lists them (a married couple is one row),
 * under owner 1's advisor, from the households' list columns the database keeps (migration 0005):
 * - submitted: the one "submitted" rule (lib/estate-plans/submitted.ts) over those columns, counted by the
 *   households' trigger into advisor_status_counts (migration filter_counts spells the rule in SQL; the
 *   recount in tests/integration/advisor-household-counts.test.ts uses the TypeScript one);
 * - in attorney review: the latest plan under attorney control (attorney statuses but canceled, complete),
 *   the client list's Attorney Control filter;
 * - last activity: the latest intake change of any of the advisor's households or change of one of their
 *   estate plans (a status change, a submission), kept on each household (households.list_activity_at,
 *   migration plan-activity): one entry of households_list_owner1_activity_idx per advisor.
 */

export type AdvisorOverviewRow = {
  hash: string;
  /** The advisor's user (issue 21's 'Act as Advisor' addresses users). */
  userHash: string;
  name: string;
  email: string;
  firms: string[];
  clients: number;
  submitted: number;
  inReview: number;
  lastActivity: string | null;
};

export type AdvisorOverviewPage = { rows: AdvisorOverviewRow[]; total: number; page: number; pageCount: number; size: number };

type Raw = Record<string, unknown>;
const toIso = (v: unknown): string | null => (v === null || v === undefined ? null : (v instanceof Date ? v : new Date(String(v))).toISOString());

/** The search over advisors: their name (full, or first and last), email and firm names. */
function searchCondition(q: string): SQL {
  if (!q) return sql`true`;
  const pattern = likePattern(q);
  return sql`(lower(concat_ws(' ', p.first_name, p.middle_name, p.last_name, p.suffix)) like ${pattern}
           or lower(concat_ws(' ', p.first_name, p.last_name)) like ${pattern}
           or lower(u.email) like ${pattern}
           or lower(coalesce(fn.names, '')) like ${pattern})`;
}

function orderSql(state: AdvisorListState, rel: string): SQL {
  const terms = advisorOrder(state.sort, state.dir).map(
    (t) => sql`${sql.raw(`${rel}.${t.column}`)} ${t.dir === 'asc' ? sql`asc` : sql`desc`} ${t.nullsLast ? sql`nulls last` : sql`nulls first`}`,
  );
  return sql.join(terms, sql`, `);
}

/** One page of the advisors table, with the total of the search, in one statement. */
export async function listAdvisorOverview(ctx: RequestContext, state: AdvisorListState, q: Queryable = db): Promise<AdvisorOverviewPage> {
  const { actor } = ctx;
  assertCan(actor, 'advisors.list');
  const size = ADVISOR_PAGE_SIZE;
  const offset = (state.page - 1) * size;
  const review = filterStatuses('attorney') as readonly EstatePlanStatus[];
  // What the whole list needs is only what its order and search read: the households' figures when sorting
  // by one of them (grouped once over the households), the plans' last change when sorting by last activity,
  // the firm names when searching or sorting by firm. Everything else is read for the page's 25 rows only,
  // through the advisor's index entries (households_list_owner1_idx, clients_advisor_idx): the default view
  // groups nothing (docs/performance.md, "Advisors overview").
  const byFigure = state.sort === 'clients' || state.sort === 'submitted' || state.sort === 'review';
  const byActivity = state.sort === 'activity';
  const byFirm = state.sort === 'firms' || state.q !== '';
  // The household figures come from the advisors' kept counts per status (advisor_status_counts, kept by
  // the households' trigger in the transaction of every change, issue 32): a few rows per advisor rather
  // than their book; the last intake change is one entry of households_list_owner1_change_idx.
  const householdFigures = (advisorId: SQL) => sql`
      select coalesce(sum(k.households), 0)::int as clients, coalesce(sum(k.submitted), 0)::int as submitted,
             coalesce(sum(k.households) filter (where k.status in ${review}), 0)::int as review,
             (select max(h.list_activity_at) from households h where h.list_owner1_advisor_id = ${advisorId}) as last_activity
        from advisor_status_counts k where k.advisor_id = ${advisorId}`;
  const firmNames = sql`string_agg(f.name, E'\n' order by af.position, f.id) as names, (array_agg(lower(f.name) order by af.position, f.id))[1] as firm_key`;
  const result = await q.execute(sql`
    with ${sql.join(
      [
        ...(byFigure
          ? [
              sql`stats as (
      select k.advisor_id, sum(k.households)::int as clients, sum(k.submitted)::int as submitted,
             (coalesce(sum(k.households) filter (where k.status in ${review}), 0))::int as review
        from advisor_status_counts k
       group by k.advisor_id)`,
            ]
          : []),
        ...(byActivity
          ? [
              sql`activity as (
      select h.list_owner1_advisor_id as advisor_id, max(h.list_activity_at) as last_activity
        from households h where h.list_owner1_advisor_id is not null
       group by h.list_owner1_advisor_id)`,
            ]
          : []),
        ...(byFirm
          ? [sql`firm_names as (select af.advisor_id, ${firmNames} from advisor_firms af join firms f on f.id = af.firm_id group by af.advisor_id)`]
          : []),
        sql`listed as (
      select a.id, a.hash, u.hash as user_hash, u.email, p.first_name, p.middle_name, p.last_name, p.suffix,
             lower(p.last_name) as last_key, lower(p.first_name) as first_key,
             ${byFirm ? sql`fn.firm_key` : sql`null::text as firm_key`},
             ${byFigure ? sql`coalesce(s.clients, 0) as clients, coalesce(s.submitted, 0) as submitted, coalesce(s.review, 0) as review` : sql`0 as clients, 0 as submitted, 0 as review`},
             ${byActivity ? sql`act.last_activity` : sql`null::timestamptz as last_activity`}
        from advisors a
        join users u on u.id = a.user_id
        join persons p on p.id = u.person_id
        ${byFigure ? sql`left join stats s on s.advisor_id = a.id` : sql``}
        ${byActivity ? sql`left join activity act on act.advisor_id = a.id` : sql``}
        ${byFirm ? sql`left join firm_names fn on fn.advisor_id = a.id` : sql``}
       where ${advisorScope(actor)} and ${searchCondition(state.q)})`,
      ],
      sql`, `,
    )}
    select t.total, pg.*, fig.clients as page_clients, fig.submitted as page_submitted, fig.review as page_review,
           fig.last_activity as page_last_activity, pf.names as page_firm_names
      from (select count(*)::int as total from listed) t
      left join lateral (select * from listed l order by ${orderSql(state, 'l')} limit ${sql.raw(String(size))} offset ${offset}) pg on true
      left join lateral (${householdFigures(sql`pg.id`)}) fig on pg.id is not null
      left join lateral (select ${firmNames} from advisor_firms af join firms f on f.id = af.firm_id where af.advisor_id = pg.id) pf on pg.id is not null
     order by ${orderSql(state, 'pg')}`);
  const all = rowsOf<Raw>(result);
  const total = all.length ? Number(all[0].total ?? 0) : 0;
  const rows = all
    .filter((r) => r.id !== null && r.id !== undefined)
    .map((r) => ({
      hash: String(r.hash),
      userHash: String(r.user_hash),
      name: personName({
        firstName: r.first_name as string,
        middleName: r.middle_name as string | null,
        lastName: r.last_name as string,
        suffix: r.suffix as string | null,
      }),
      email: String(r.email),
      firms: r.page_firm_names ? String(r.page_firm_names).split('\n') : [],
      clients: Number(r.page_clients ?? 0),
      submitted: Number(r.page_submitted ?? 0),
      inReview: Number(r.page_review ?? 0),
      lastActivity: toIso(r.page_last_activity),
    }));
  return { rows, total, page: state.page, size, pageCount: Math.max(1, Math.ceil(total / size)) };
}

// ---- One advisor's households and documents (the expandable rows) ----------------------------------------

export type OverviewDocument = {
  hash: string;
  /** The plan the file belongs to: its view link is /api/file/{planHash}/{hash}/view/get. */
  planHash: string;
  name: string;
  contentType: string;
  createdAt: string;
  /** The uploader's name, or null for a System file. */
  createdBy: string | null;
  /** It has a creator, so an admin may delete it (a System file stays; platform spec §5). */
  removable: boolean;
};

export type OverviewClient = {
  /** Owner 1's client hash: client-info opens the household with it. */
  hash: string;
  name: string;
  spouseName: string | null;
  email: string | null;
  phone: string | null;
  statusLabel: string;
  /** The latest plan (uploads go to it), and whether its status accepts files (attorney stage). */
  planHash: string | null;
  canUpload: boolean;
  /** The newest documents (at most EXPANDED_DOCUMENTS_LIMIT); client-info pages through all of them. */
  documents: OverviewDocument[];
  /** How many documents the household has in all. */
  documentCount: number;
};

export type AdvisorClients = { advisorHash: string; name: string; total: number; clients: OverviewClient[] };

/** The expandable rows show at most this many households (newest first); the drill-down lists them all. */
export const EXPANDED_CLIENTS_LIMIT = 100;

/**
 * Each expanded household shows at most this many of its documents, the newest (issue 32: a household's
 * documents grow without bound); its count says how many there are and client-info lists them page by page.
 */
export const EXPANDED_DOCUMENTS_LIMIT = LIST_PAGE_SIZE;

/**
 * One advisor's households, newest first (at most EXPANDED_CLIENTS_LIMIT), each with its latest plan, its
 * newest documents (at most EXPANDED_DOCUMENTS_LIMIT, read per plan from files_plan_created_idx) and their
 * count: the advisor row's expansion. Two statements.
 */
export async function loadAdvisorClients(ctx: RequestContext, input: AdvisorRefInput, q: Queryable = db): Promise<AdvisorClients> {
  const { actor } = ctx;
  assertCan(actor, 'advisors.list');
  const [advisor] = rowsOf<Raw>(
    await q.execute(sql`
      select a.id, a.hash, p.first_name, p.middle_name, p.last_name, p.suffix,
             (select count(*)::int from households h where h.list_owner1_advisor_id = a.id) as total
        from advisors a join users u on u.id = a.user_id join persons p on p.id = u.person_id
       where a.hash = ${input.advisor_id} and ${advisorScope(actor)}`),
  );
  if (!advisor) throw new AppError('NOT_FOUND');
  const rows = rowsOf<Raw>(
    await q.execute(sql`
      select o1.hash, p.first_name, p.middle_name, p.last_name, p.suffix, p.email, p.phone,
             sp.first_name as spouse_first_name, sp.middle_name as spouse_middle_name, sp.last_name as spouse_last_name, sp.suffix as spouse_suffix,
             lp.hash as plan_hash, lp.status as plan_status,
             (select coalesce(json_agg(json_build_object('hash', d.hash, 'plan_hash', d.plan_hash, 'name', d.name, 'content_type', d.content_type,
                       'created_at', d.created_at, 'first_name', cp.first_name, 'middle_name', cp.middle_name, 'last_name', cp.last_name,
                       'suffix', cp.suffix, 'has_creator', d.created_by_user_id is not null) order by d.created_at desc, d.id desc), '[]'::json)
                from (select f.id, f.hash, ep.hash as plan_hash, f.name, f.content_type, f.created_at, f.created_by_user_id
                        from estate_plans ep
                        cross join lateral (select * from files fl where fl.estate_plan_id = ep.id and fl.deleted_at is null
                                             order by fl.created_at desc, fl.id desc limit ${sql.raw(String(EXPANDED_DOCUMENTS_LIMIT))}) f
                       where ep.client_id = h.owner1_client_id
                       order by f.created_at desc, f.id desc limit ${sql.raw(String(EXPANDED_DOCUMENTS_LIMIT))}) d
                left join users cu on cu.id = d.created_by_user_id
                left join persons cp on cp.id = cu.person_id) as documents,
             (select count(*)::int from files f join estate_plans ep on ep.id = f.estate_plan_id
               where ep.client_id = h.owner1_client_id and f.deleted_at is null) as document_count
        from households h
        join clients o1 on o1.id = h.owner1_client_id
        join persons p on p.id = o1.person_id
        left join clients o2 on o2.id = h.owner2_client_id
        left join persons sp on sp.id = o2.person_id
        left join lateral (select ep.hash, ep.status from estate_plans ep where ep.client_id = h.owner1_client_id order by ep.created_at desc, ep.id desc limit 1) lp on true
       where h.list_owner1_advisor_id = ${Number(advisor.id)}
       order by h.list_owner1_created_at desc, h.owner1_client_id desc
       limit ${sql.raw(String(EXPANDED_CLIENTS_LIMIT))}`),
  );
  const clients = rows.map((r): OverviewClient => {
    const status = (r.plan_status as EstatePlanStatus | null) ?? null;
    const docs = (typeof r.documents === 'string' ? JSON.parse(r.documents) : r.documents) as Raw[];
    return {
      hash: String(r.hash),
      name: personName({
        firstName: r.first_name as string,
        middleName: r.middle_name as string | null,
        lastName: r.last_name as string,
        suffix: r.suffix as string | null,
      }),
      spouseName:
        r.spouse_first_name === null || r.spouse_first_name === undefined
          ? null
          : personName({
              firstName: r.spouse_first_name as string,
              middleName: r.spouse_middle_name as string | null,
              lastName: r.spouse_last_name as string,
              suffix: r.spouse_suffix as string | null,
            }),
      email: (r.email as string | null) ?? null,
      phone: (r.phone as string | null) ?? null,
      statusLabel: status ? statusLabel(status) : 'N/A',
      planHash: (r.plan_hash as string | null) ?? null,
      canUpload: status !== null && isAttorneyStatus(status),
      documentCount: Number(r.document_count ?? docs.length),
      documents: docs.map((d) => ({
        hash: String(d.hash),
        planHash: String(d.plan_hash),
        name: String(d.name),
        contentType: String(d.content_type),
        createdAt: toIso(d.created_at)!,
        createdBy: d.has_creator
          ? personName({
              firstName: d.first_name as string,
              middleName: d.middle_name as string | null,
              lastName: d.last_name as string,
              suffix: d.suffix as string | null,
            }) || 'Unknown user'
          : null,
        removable: Boolean(d.has_creator),
      })),
    };
  });
  return {
    advisorHash: String(advisor.hash),
    name: personName({
      firstName: advisor.first_name as string,
      middleName: advisor.middle_name as string | null,
      lastName: advisor.last_name as string,
      suffix: advisor.suffix as string | null,
    }),
    total: Number(advisor.total),
    clients,
  };
}

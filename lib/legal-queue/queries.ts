import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { db, type Queryable } from '@/db';
import { clients, type EstatePlanStatus } from '@/db/schema';
import { likePattern } from '@/lib/advisors/rules';
import { ATTORNEY_STATUSES, statusLabel } from '@/lib/estate-plans/statuses';
import { trustSubmittedSql } from '@/lib/estate-plans/submitted';
import type { RequestContext } from '@/lib/kernel/context';
import { assertCan } from '@/lib/kernel/policy';
import { rowsOf } from '@/lib/kernel/rows';
import { clientScope } from '@/lib/kernel/scope';
import { personName } from '@/lib/people/person-name';
import { daysBetween, isWaiting, QUEUE_PAGE_SIZE, queueStatuses, type QueueState } from './rules';

/*
 * The legal team's work queue (issue 27): the submitted plans, oldest submission first, filtered by status,
 * by advisor or firm and by a client's name, 25 a page, in one statement whatever the number of plans (the
 * filtered total and the page in the same statement, so a page past the end still knows the total).
 *
 * A row is a household's latest plan, the plan its client-info page, its status control and its documents
 * work on (an older plan of the household is history: its status cannot change any more). It is listed
 * while that plan is in an attorney-stage status and the trust is submitted by the one rule of
 * lib/estate-plans/submitted.ts, read from the households' list columns the database keeps (migration 0005):
 * a plan canceled before it was ever submitted is not the legal team's work. The submission date is the
 * plan's `submitted_at`; older data that has the submission flags without it falls back to the plan's
 * first move into an attorney-stage status, and without either the date is unknown and sorts first (the
 * oldest work is the likeliest to be undated).
 *
 * Attorneys and admins only ('plans.queue'); the client scope fragment stays in the SQL all the same, so a
 * wider permission later cannot reach further than the actor's scope. Reads only.
 */

export type QueueRow = {
  planHash: string;
  /** Owner 1's client hash: the review opens at /client-info/{clientHash}. */
  clientHash: string;
  /** The household's names: owner 1, then owner 2 when married. */
  names: string[];
  /** Owner 1's advisor's name, or null for a household without one. */
  advisor: { name: string } | null;
  /** The advisor's firms, in the advisor's firm order. */
  firms: string[];
  status: EstatePlanStatus;
  statusLabel: string;
  /** ISO time of the submission, or null when older data recorded none. */
  submittedAt: string | null;
  /** Whole days since the submission while the plan is open (not canceled or complete), else null. */
  waitingDays: number | null;
};

export type QueuePage = { rows: QueueRow[]; total: number; page: number; pageCount: number; size: number };

type Raw = Record<string, unknown>;
const toDate = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
const nameOf = (r: Raw, prefix: string) =>
  personName({
    firstName: (r[`${prefix}first_name`] as string) ?? '',
    middleName: r[`${prefix}middle_name`] as string | null,
    lastName: (r[`${prefix}last_name`] as string) ?? '',
    suffix: r[`${prefix}suffix`] as string | null,
  });

/** A client's name, either spouse's, from the households' list columns (lowercased full and first-last names). */
function clientCondition(term: string): SQL {
  if (!term) return sql`true`;
  const pattern = likePattern(term);
  return sql`(h.list_owner1_names like ${pattern} or coalesce(h.list_owner2_names, '') like ${pattern})`;
}

/** Owner 1's advisor by name (full, or first and last), email, or one of the advisor's firms' names. */
function advisorCondition(term: string): SQL {
  if (!term) return sql`true`;
  const pattern = likePattern(term);
  return sql`exists (
      select 1 from advisors qa join users qu on qu.id = qa.user_id join persons qp on qp.id = qu.person_id
       where qa.id = h.list_owner1_advisor_id
         and (lower(concat_ws(' ', qp.first_name, qp.middle_name, qp.last_name, qp.suffix)) like ${pattern}
              or lower(concat_ws(' ', qp.first_name, qp.last_name)) like ${pattern}
              or lower(qu.email) like ${pattern}
              or exists (select 1 from advisor_firms qaf join firms qf on qf.id = qaf.firm_id where qaf.advisor_id = qa.id and lower(qf.name) like ${pattern})))`;
}

/**
 * One page of the work queue and the filtered total, in one statement. `now` (the request's time, from the
 * door) measures how long each open plan has waited.
 */
export async function listLegalQueue(ctx: RequestContext, state: QueueState, now: Date, q: Queryable = db): Promise<QueuePage> {
  const { actor } = ctx;
  assertCan(actor, 'plans.queue');
  const size = QUEUE_PAGE_SIZE;
  const offset = (state.page - 1) * size;
  const owner1 = alias(clients, 'o1');
  const submitted = trustSubmittedSql({
    latestPlanSubmitted: sql`h.list_plan_submitted`,
    owner1Flag: sql`h.list_owner1_submitted`,
    owner2Flag: sql`h.list_owner2_submitted`,
  });
  // The order of the page and of the whole queue: oldest submission first (undated first), then the plan's id,
  // so no row shows on two pages.
  const order = (rel: string) => sql.raw(`${rel}.submitted_at asc nulls first, ${rel}.plan_id asc`);
  const result = await q.execute(sql`
    with listed as (
      select h.owner1_client_id, h.owner2_client_id, h.list_owner1_advisor_id as advisor_id, h.list_status as status,
             lp.id as plan_id, lp.hash as plan_hash,
             coalesce(lp.submitted_at, (select min(sc.created_at) from estate_plan_status_changes sc
                                         where sc.estate_plan_id = lp.id and sc.to_status in ${ATTORNEY_STATUSES})) as submitted_at
        from households h
        -- A left join (owner 1 always exists) the planner drops when the scope does not read it (global reach).
        left join clients o1 on o1.id = h.owner1_client_id
        join lateral (select ep.id, ep.hash, ep.submitted_at from estate_plans ep
                       where ep.client_id = h.owner1_client_id order by ep.created_at desc, ep.id desc limit 1) lp on true
       where h.list_status in ${queueStatuses(state.status)}
         and ${submitted}
         and ${clientScope(actor, owner1)}
         and ${clientCondition(state.client)}
         and ${advisorCondition(state.advisor)})
    select t.total, pg.plan_hash, pg.status, pg.submitted_at, pg.owner2_client_id,
           n1.client_hash, n1.first_name, n1.middle_name, n1.last_name, n1.suffix,
           n2.first_name as spouse_first_name, n2.middle_name as spouse_middle_name, n2.last_name as spouse_last_name, n2.suffix as spouse_suffix,
           pg.advisor_id, na.first_name as advisor_first_name, na.middle_name as advisor_middle_name, na.last_name as advisor_last_name,
           na.suffix as advisor_suffix, fn.names as firm_names
      from (select count(*)::int as total from listed) t
      left join lateral (select * from listed l order by ${order('l')} limit ${sql.raw(String(size))} offset ${offset}) pg on true
      -- The page's names, each looked up by key for its 25 rows (laterals: never a scan of every client).
      left join lateral (select c.hash as client_hash, p.first_name, p.middle_name, p.last_name, p.suffix
                           from clients c join persons p on p.id = c.person_id where c.id = pg.owner1_client_id) n1 on true
      left join lateral (select p.first_name, p.middle_name, p.last_name, p.suffix
                           from clients c join persons p on p.id = c.person_id where c.id = pg.owner2_client_id) n2 on true
      left join lateral (select p.first_name, p.middle_name, p.last_name, p.suffix
                           from advisors a join users u on u.id = a.user_id join persons p on p.id = u.person_id where a.id = pg.advisor_id) na on true
      left join lateral (select string_agg(f.name, E'\\n' order by af.position, f.id) as names
                           from advisor_firms af join firms f on f.id = af.firm_id where af.advisor_id = pg.advisor_id) fn on pg.advisor_id is not null
     order by ${order('pg')}`);
  const all = rowsOf<Raw>(result);
  const total = all.length ? Number(all[0].total ?? 0) : 0;
  const rows = all
    .filter((r) => r.plan_hash !== null && r.plan_hash !== undefined)
    .map((r): QueueRow => {
      const status = r.status as EstatePlanStatus;
      const submittedAt = toDate(r.submitted_at);
      return {
        planHash: String(r.plan_hash),
        clientHash: String(r.client_hash),
        names: [nameOf(r, ''), ...(r.owner2_client_id === null || r.owner2_client_id === undefined ? [] : [nameOf(r, 'spouse_')])],
        advisor: r.advisor_id === null || r.advisor_id === undefined ? null : { name: nameOf(r, 'advisor_') },
        firms: r.firm_names ? String(r.firm_names).split('\n') : [],
        status,
        statusLabel: statusLabel(status),
        submittedAt: submittedAt?.toISOString() ?? null,
        waitingDays: submittedAt && isWaiting(status) ? daysBetween(submittedAt, now) : null,
      };
    });
  return { rows, total, page: state.page, size, pageCount: Math.max(1, Math.ceil(total / size)) };
}

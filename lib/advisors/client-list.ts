import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { db, type Queryable } from '@/db';
import { advisorHouseholdCounts, advisorStatusCounts, householdFilterBucket, households, householdSearchText, type EstatePlanStatus } from '@/db/schema';
import type { Actor } from '@/lib/kernel/actor';
import { clientScope } from '@/lib/kernel/scope';
import { hasGlobalReach } from '@/lib/kernel/policy';
import { statusLabel } from '@/lib/estate-plans/statuses';
import { trustSubmittedSql } from '@/lib/estate-plans/submitted';
import { personName } from '@/lib/people/person-name';
import { FILTER_BUCKETS, filterStatuses, likePattern, phoneDigits, sortDirectionOf, statusesMatching, type ClientListState } from './rules';
import { rowsOf } from '@/lib/kernel/rows';
import { FUNDING_PLAN_STATUSES_SQL, fundingLeftSql, fundingPercentSql } from '@/lib/funding/progress-sql';

/*
 * The advisor dashboard's client list: filtering, search, sorting and paging all happen in SQL, over the
 * households of the chosen advisors inside the actor's scope, so a page costs the same whatever the number
 * of households. One statement for the page and the filtered total (a second only for a page past the end). The conditions and orders read the households'
 * list columns (db/schema/clients.ts, kept by the triggers of migration 0005); households_list_owner1_idx
 * serves the advisor's rows in the default order.
 *
 * A household is one row under owner 1, with owner 2 as the spouse (docs/data-model.md, "Households"): an owner 2
 * whose owner 1 is not listed (another advisor's client) is listed on their own, without the plan (owner 1's,
 * outside the list), and a spouse outside the actor's scope is not shown.
 */

export type ClientListRow = {
  householdId: number;
  householdHash: string;
  /** The listed client (owner 1, or an owner 2 listed alone) and the household's owners. */
  clientId: number;
  hash: string;
  owner1Id: number;
  owner1Hash: string;
  owner2Id: number | null;
  owner2Hash: string | null;
  advisorId: number | null;
  name: string;
  spouseName: string | null;
  email: string | null;
  phone: string | null;
  createdAt: Date;
  status: EstatePlanStatus | null;
  statusLabel: string;
  submitted: boolean;
  lastChangeAt: Date;
  completionPercent: number | null;
  completionAt: Date | null;
  /** The completion rules' version the cached figure was computed under (null: none yet). */
  completionRules: number | null;
  reminderSentAt: Date | null;
  /**
   * The funding progress in whole percent (issue 30, lib/funding/progress-sql.ts) once the latest plan is
   * being finalized or complete; null before, and for a plan with nothing to fund.
   */
  fundingPercent: number | null;
};

export type ClientPage = { rows: ClientListRow[]; total: number; page: number; pageCount: number; size: number };

export type ClientListQuery = {
  /** The advisors whose households are listed; null lists every household in the actor's scope. */
  advisorIds: number[] | null;
  state: ClientListState;
  stalledDays: number;
};

/** The advisors whose households are listed: ids, one advisor as an SQL expression (a correlated column), or null for the whole scope. */
type ListedAdvisors = number[] | SQL | null;

type RawRow = Record<string, unknown>;
const dateOf = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : dateOf(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The listed households as one SQL relation (`r`), read from the households' list columns alone (kept by the
 * database, migration 0005): owner 1 rows (with their spouse when the spouse is inside the scope), plus
 * (rarely) owner 2 rows whose owner 1 is not listed. Each branch reads one table: the filters, the search
 * and the orders need no join, and the default order comes from households_list_owner1_idx. The page's
 * display columns are joined afterwards to its rows only (listClientPage).
 */
function listedHouseholds(actor: Actor, advisorIds: ListedAdvisors, narrowed: SQL | null = null) {
  const h = alias(households, 'h');
  const owner1 = { id: h.owner1ClientId, advisorId: h.listOwner1AdvisorId };
  const owner2 = { id: h.owner2ClientId, advisorId: h.listOwner2AdvisorId };
  const inList = (t: { id: AnyPgColumn; advisorId: AnyPgColumn }): SQL =>
    advisorIds === null
      ? sql`${clientScope(actor, t)}`
      : Array.isArray(advisorIds)
        ? advisorIds.length
          ? sql`(${t.advisorId} in ${advisorIds} and ${clientScope(actor, t)})`
          : sql`false`
        : sql`(${t.advisorId} = ${advisorIds} and ${clientScope(actor, t)})`;
  const spouse = sql`(${h.owner2ClientId} is not null and ${clientScope(actor, owner2)})`;
  // The one "submitted" rule (lib/estate-plans/submitted.ts) over the household's copies of its facts: owner
  // 1's latest plan and both clients' flags (the database keeps them, migration 0005). A household's
  // submission is the household's, whichever of its clients a row lists.
  const submitted = trustSubmittedSql({
    latestPlanSubmitted: sql`${h.listPlanSubmitted}`,
    owner1Flag: sql`${h.listOwner1Submitted}`,
    owner2Flag: sql`${h.listOwner2Submitted}`,
  });
  // Which households each branch lists (over `households h`), also counted on their own (listClientPage).
  const owner1Where = inList(owner1);
  // When every listed advisor is inside the actor's scope (or the actor sees everything), an owner 1 of a
  // listed advisor is listed, so an owner 2 listed alone has another advisor than its owner 1: said in so
  // many words (it is implied, it changes no row), households_list_owner2_alone_idx serves the branch.
  const listedInScope = Array.isArray(advisorIds) && (hasGlobalReach(actor) || advisorIds.every((id) => actor.advisorIds.includes(id)));
  const otherAdvisor = listedInScope ? sql` and h.list_owner2_advisor_id is distinct from h.list_owner1_advisor_id` : sql``;
  const owner2Where = sql`${h.owner2ClientId} is not null and ${inList(owner2)} and not ${inList(owner1)}${otherAdvisor}`;
  // Aliased tables are named in the FROM by hand (drizzle renders an alias as its name alone there).
  const owner1Rows = sql`
    select h.id as household_id, ${h.owner1ClientId} as client_id, ${h.listOwner1CreatedAt} as created_at,
           ${h.listOwner1Text} as text, ${h.listOwner1Phone} as phone, ${h.listOwner1Last} as last_key, ${h.listOwner1First} as first_key,
           case when ${spouse} then ${h.listOwner2Names} end as spouse_names, case when ${spouse} then ${h.listOwner2Last} end as spouse_last_key,
           case when ${spouse} then ${h.listOwner2First} end as spouse_first_key,
           ${h.listStatus} as status, ${submitted} as submitted, ${h.lastChangeAt} as last_change_at
      from households h
     where ${owner1Where}${narrowed ? sql` and ${narrowed}` : sql``}`;
  const owner2Rows = sql`
    select h.id as household_id, ${h.owner2ClientId} as client_id, ${h.listOwner2CreatedAt} as created_at,
           ${h.listOwner2Text} as text, ${h.listOwner2Phone} as phone, ${h.listOwner2Last} as last_key, ${h.listOwner2First} as first_key,
           null::text as spouse_names, null::text as spouse_last_key, null::text as spouse_first_key,
           null::estate_plan_status as status, ${submitted} as submitted, ${h.lastChangeAt} as last_change_at
      from households h
     where ${owner2Where}`;
  // The owner 1 rows' count: for listed advisors inside the scope, every household listing their client as
  // owner 1 is listed (the scope holds them), so it is the sum of their kept counts (advisor_household_counts,
  // one row each) rather than a count of their books; else counted.
  const owner1Count =
    listedInScope && advisorIds.length
      ? sql<number>`(select coalesce(sum(${advisorHouseholdCounts.households}), 0) from ${advisorHouseholdCounts} where ${advisorHouseholdCounts.advisorId} in ${advisorIds})`
      : sql<number>`(select count(*) from households h where ${owner1Where})`;
  // The owner 1 rows with these latest plan statuses ('' for none), from the kept counts per status
  // (advisor_status_counts, issue 32), under the same condition; null when they must be counted.
  const keptStatusCount = (statuses: readonly string[]): SQL<number> | null =>
    listedInScope && advisorIds.length
      ? sql<number>`(select coalesce(sum(${advisorStatusCounts.households}), 0) from ${advisorStatusCounts} where ${advisorStatusCounts.advisorId} in ${advisorIds} and ${advisorStatusCounts.status} in ${statuses})`
      : null;
  return { owner1Rows, owner2Rows, owner1Where, owner2Where, owner1Count, keptStatusCount };
}

/**
 * The display columns of the page's rows (`k`: household_id, client_id and the order's columns), joined
 * after paging. The listed client is owner 1 or owner 2 of the household; the spouse is shown when the
 * list carried the spouse's columns (only for an owner 1 row whose owner 2 is inside the actor's scope,
 * listedHouseholds), so no scope fragment is repeated here. Few joins: on the embedded database the
 * planning of this statement costs about as much as running it.
 */
function pageRows(keys: SQL, withTotal: boolean): SQL {
  return sql`(
    select h.id as household_id, h.hash as household_hash, k.client_id,
           case when owner1 then o1.hash else o2.hash end as client_hash,
           h.owner1_client_id as owner1_id, o1.hash as owner1_hash, h.owner2_client_id as owner2_id, o2.hash as owner2_hash,
           case when owner1 then o1.advisor_id else o2.advisor_id end as advisor_id,
           p.first_name, p.middle_name, p.last_name, p.suffix, p.email, p.phone,
           spp.first_name as spouse_first_name, spp.middle_name as spouse_middle_name, spp.last_name as spouse_last_name, spp.suffix as spouse_suffix,
           k.created_at, k.last_key, k.first_key, k.spouse_last_key, k.spouse_first_key, k.status, k.submitted,
           h.last_change_at, h.completion_percent, h.completion_at, h.completion_rules, h.reminder_sent_at,
           case when k.status in ${FUNDING_PLAN_STATUSES_SQL} then ${fundingPercentSql(sql`h.id`)} end as funding_percent ${withTotal ? sql`, k.total` : sql``}
      from ${keys} k
      join households h on h.id = k.household_id
      join clients o1 on o1.id = h.owner1_client_id
      left join clients o2 on o2.id = h.owner2_client_id
      cross join lateral (select k.client_id = h.owner1_client_id as owner1) w
      join persons p on p.id = case when owner1 then o1.person_id else o2.person_id end
      left join persons spp on k.spouse_last_key is not null and spp.id = o2.person_id
  ) page`;
}

/** The list's filter and search conditions over the listed rows (`r`). */
function conditions(state: ClientListState, stalledDays: number): SQL {
  const parts: SQL[] = [sql`true`];
  const kept = filterStatuses(state.filter);
  if (kept === 'no-plan') parts.push(sql`r.status is null`);
  else if (kept) parts.push(sql`r.status in ${kept}`);
  if (state.filter === 'stalled') {
    // Not submitted, still in the client stage (or no plan), and no intake change for `stalledDays` days.
    const clientStage = filterStatuses('incomplete') as readonly string[];
    parts.push(sql`not r.submitted and (r.status is null or r.status in ${clientStage}) and r.last_change_at < now() - make_interval(days => ${stalledDays})`);
  }
  // Funding left: the plan is being finalized or complete (the status condition above) and a task is open,
  // counted from the intake's assets and the marks (lib/funding/progress-sql.ts) for those households only.
  if (state.filter === 'funding') parts.push(fundingLeftSql(sql`r.household_id`));
  if (state.q) {
    const pattern = likePattern(state.q);
    // Two LIKEs over texts kept on the household (its list columns): the listed client's names and email,
    // and the spouse's names (only carried when the spouse is in the scope). Each text's fields are
    // separated by a newline, which a search box cannot contain, so no match spans two fields.
    const search: SQL[] = [sql`r.text like ${pattern}`, sql`r.spouse_names like ${pattern}`];
    const digits = phoneDigits(state.q);
    if (digits) search.push(sql`r.phone like ${`%${digits}%`}`);
    const statuses = statusesMatching(state.q);
    if (statuses.codes.length) search.push(sql`r.status in ${statuses.codes}`);
    if (statuses.noPlan) search.push(sql`r.status is null`);
    parts.push(sql`(${sql.join(search, sql` or `)})`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * What a search can match on an owner 1 row, as a condition households_search_owner1_idx serves (a
 * trigram index over the same expression, db/schema/clients.ts): the search's pattern or its phone digits
 * anywhere in the row's searchable text (the client's names and email, the spouse's names, the phone).
 * Implied by the search's own conditions (each of their texts is a part of that text), so it only lets the
 * index pick the candidates, and the list's conditions still decide (a spouse outside the scope, a match
 * across two fields). None when the search also matches statuses: those rows are not found by text.
 */
function searchCandidates(state: ClientListState): SQL | null {
  if (!state.q) return null;
  const statuses = statusesMatching(state.q);
  if (statuses.codes.length || statuses.noPlan) return null;
  const text = sql.raw(householdSearchText('h.'));
  const digits = phoneDigits(state.q);
  return digits ? sql`(${text} like ${likePattern(state.q)} or ${text} like ${`%${digits}%`})` : sql`${text} like ${likePattern(state.q)}`;
}

type OrderTerm = { column: string; asc: boolean; nullsFirst: boolean };

/** The list's order as terms, every direction and nulls placement written out (so it can be reversed). */
function orderTerms(state: ClientListState): OrderTerm[] {
  const asc = sortDirectionOf(state.sort, state.dir) === 'asc';
  // A term's default nulls placement, as PostgreSQL's: last ascending, first descending.
  const plain = (column: string): OrderTerm => ({ column, asc, nullsFirst: !asc });
  // Creation, then id, newest first, as households_list_owner1_idx holds them (never null: nulls last).
  const newest: OrderTerm[] = [
    { column: 'created_at', asc: false, nullsFirst: false },
    { column: 'client_id', asc: false, nullsFirst: false },
  ];
  switch (state.sort) {
    case 'name':
      return [plain('last_key'), plain('first_key'), ...newest];
    case 'spouse':
      return [{ column: 'spouse_last_key', asc, nullsFirst: false }, { column: 'spouse_first_key', asc, nullsFirst: false }, ...newest];
    case 'status':
      // The status enum sorts in workflow order (its declaration order).
      return [{ column: 'status', asc, nullsFirst: false }, ...newest];
    default:
      return asc
        ? [
            { column: 'created_at', asc: true, nullsFirst: true },
            { column: 'client_id', asc: true, nullsFirst: true },
          ]
        : newest;
  }
}

/**
 * The list's order over the listed rows (`r`) or the page's rows (`page`), which carry the same order
 * columns; `reversed` is the exact reverse order (each direction and nulls placement flipped), which reads
 * the same index backwards.
 */
function orderBy(state: ClientListState, rel: 'r' | 'page' = 'r', reversed = false): SQL {
  return sql.raw(
    orderTerms(state)
      .map((t) => {
        const asc = t.asc !== reversed;
        const nullsFirst = t.nullsFirst !== reversed;
        return `${rel}.${t.column} ${asc ? 'asc' : 'desc'} nulls ${nullsFirst ? 'first' : 'last'}`;
      })
      .join(', '),
  );
}

/** The households both branches list, counted straight from the households (the default view's total). */
function countOf(owner1Where: SQL, owner2Where: SQL, owner1Count?: SQL<number>): SQL<number> {
  return sql<number>`${owner1Count ?? sql`(select count(*) from households h where ${owner1Where})`} + (select count(*) from households h where ${owner2Where})`;
}

/**
 * How many households the list shows for one advisor (an SQL expression, e.g. the `advisors.id` of an
 * outer query): the list's own conditions counted, so My Team's figure is the list's unfiltered total (a
 * married couple is one household, as it is one row).
 */
export function listedHouseholdCount(actor: Actor, advisorId: SQL): SQL<number> {
  const { owner1Where, owner2Where } = listedHouseholds(actor, advisorId);
  return countOf(owner1Where, owner2Where);
}

/**
 * The total of a view whose conditions are its statuses alone (All and the status filters, no search),
 * from the advisors' kept counts when the listed advisors are inside the scope, a few rows; All counts
 * the book otherwise (from its index, as before). Null: the view is counted with its rows (a window count).
 * `owner2` says whether the owner 2 rows (listed without a plan: status null) can pass the filter.
 */
function statusOnlyTotal(state: ClientListState, listed: ReturnType<typeof listedHouseholds>): { total: SQL<number>; owner2: boolean } | null {
  if (state.q !== '') return null;
  const owner2Count = sql<number>`(select count(*) from households h where ${listed.owner2Where})`;
  if (state.filter === 'all') return { total: countOf(listed.owner1Where, listed.owner2Where, listed.owner1Count), owner2: true };
  const kept = filterStatuses(state.filter);
  if (FILTER_BUCKETS[state.filter] === undefined || kept === null) return null;
  if (kept === 'no-plan') {
    const owner1 = listed.keptStatusCount(['']);
    return owner1 ? { total: sql<number>`${owner1} + ${owner2Count}`, owner2: true } : null;
  }
  const owner1 = listed.keptStatusCount(kept);
  return owner1 ? { total: owner1, owner2: false } : null;
}

/** One page of the client list, with the filtered total. */
export async function listClientPage(actor: Actor, query: ClientListQuery, q: Queryable = db): Promise<ClientPage> {
  const { state, stalledDays } = query;
  // A status filter's owner 1 rows are narrowed to its bucket (implied by its statuses, so no row changes)
  // for households_list_filter_name_idx; a search's to its candidates (households_search_owner1_idx).
  const bucket = FILTER_BUCKETS[state.filter];
  const narrowed = searchCandidates(state) ?? (bucket === undefined ? null : sql.raw(`${householdFilterBucket('h.')} = ${bucket}`));
  const listed = listedHouseholds(actor, query.advisorIds, narrowed);
  const { owner1Rows, owner2Rows } = listed;
  const all = sql`(${owner1Rows} union all ${owner2Rows}) r`;
  const where = conditions(state, stalledDays);
  const offset = (state.page - 1) * state.size;
  // The page size goes into the text, not as a parameter: a statement planned once for all runs (the
  // embedded database's generic plans) knew no limit, expected a tenth of the listed rows on the page,
  // and joined their persons by reading and hashing every person (filtered views 8.7 → 6.2 ms for 5,000
  // households, docs/performance.md). It is a validated whole number; each size is its own statement.
  if (!Number.isInteger(state.size) || state.size < 1) throw new Error(`Invalid page size ${state.size}`);
  const size = sql.raw(String(state.size));
  const keyColumns = sql`r.household_id, r.client_id, r.created_at, r.last_key, r.first_key, r.spouse_last_key, r.spouse_first_key, r.status, r.submitted`;
  // The page's keys are ordered and cut first, then only their display columns are read.
  const counted = statusOnlyTotal(state, listed);
  if (!counted) {
    // A searched view, Stalled, Funding left (or a status filter over advisors outside the scope) reads
    // every listed household it keeps anyway, so its total comes with the page (a window count).
    const keys = sql`(select ${keyColumns}, count(*) over () as total
        from ${all} where ${where} order by ${orderBy(state)} limit ${size} offset ${offset})`;
    const rows = rowsOf<RawRow>(await q.execute(sql`select page.* from ${pageRows(keys, true)} order by ${orderBy(state, 'page')}`));
    let total = rows.length ? Number(rows[0].total ?? 0) : 0;
    if (!rows.length && state.page > 1) {
      total = Number(rowsOf<RawRow>(await q.execute(sql`select count(*) as total from ${all} where ${where}`))[0]?.total ?? 0);
    }
    return { rows: rows.map(toRow), total, page: state.page, size: state.size, pageCount: Math.max(1, Math.ceil(total / state.size)) };
  }
  // All and the status filters: the total is known before the rows (the kept counts, a few rows; or All's
  // count from the index), in the same statement (one round trip: the embedded database runs statements
  // one at a time). Counting the listed relation made PostgreSQL compute every listed column of all the
  // rows first (5.7 against about 3 ms for 5,000 households, docs/performance.md).
  // Each branch is cut to the page's end in its own order first, so the owner 1 branch reads its index
  // (households_list_owner1_idx, or households_list_filter_name_idx for a filter's name sort) up to the
  // page and stops: PostgreSQL does not merge the two branches' index orders under a LIMIT. A filter of
  // statuses has no owner 2 rows (listed without a plan), so its statement has no owner 2 branch.
  // A page past the middle is read from the end: the same order reversed, cut at the rows after the page
  // (total - offset - size, known from the total), so the last page reads what the first does; its rows
  // come back in the list's order (the outer order) and the ones before the page are dropped below.
  const branches = (reversed: boolean, before: SQL) => {
    const end = sql`${before} + ${size}`;
    const cut = (rows: SQL) => sql`(select * from (${rows}) r where ${where} order by ${orderBy(state, 'r', reversed)} limit ${end})`;
    return counted.owner2 ? sql`(${cut(owner1Rows)} union all ${cut(owner2Rows)}) r` : sql`${cut(owner1Rows)} r`;
  };
  const forward = sql`(select ${keyColumns} from ${branches(false, sql`${offset}`)} where ${where} order by ${orderBy(state)} limit ${size} offset ${offset})`;
  const after = sql`greatest(0, (select total from t) - ${offset} - ${size})`;
  const backward = sql`(select ${keyColumns} from ${branches(true, after)} where ${where} order by ${orderBy(state, 'r', true)} limit ${size} offset ${after})`;
  // The first page is never past the middle: its statement has the forward half alone (less to plan).
  // Past it, each half runs only when its side is chosen (a one-time condition on the total).
  const keys =
    state.page === 1
      ? forward
      : sql`(select * from ${forward} f where ${offset} * 2 < (select total from t)
             union all select * from ${backward} b where ${offset} * 2 >= (select total from t))`;
  const result = await q.execute(
    sql`with t as materialized (select ${counted.total} as total)
        select page.*, t.total from t left join ${pageRows(keys, false)} on true order by ${orderBy(state, 'page')}`,
  );
  const rows = rowsOf<RawRow>(result);
  const total = rows.length ? Number(rows[0].total ?? 0) : 0;
  // Read backwards, a last page shorter than the size comes with rows of the page before it (first in
  // the list's order): the page's rows are the last min(size, total - offset).
  const onPage = Math.max(0, Math.min(state.size, total - offset));
  const found = rows.filter((r) => r.household_id !== null && r.household_id !== undefined);
  return {
    rows: found.slice(Math.max(0, found.length - onPage)).map(toRow),
    total,
    page: state.page,
    size: state.size,
    pageCount: Math.max(1, Math.ceil(total / state.size)),
  };
}

function toRow(r: RawRow): ClientListRow {
  const status = (r.status as EstatePlanStatus | null) ?? null;
  const spouse = r.spouse_first_name !== null && r.spouse_first_name !== undefined;
  return {
    householdId: Number(r.household_id),
    householdHash: String(r.household_hash),
    clientId: Number(r.client_id),
    hash: String(r.client_hash),
    owner1Id: Number(r.owner1_id),
    owner1Hash: String(r.owner1_hash),
    owner2Id: numOrNull(r.owner2_id),
    owner2Hash: (r.owner2_hash as string | null) ?? null,
    advisorId: numOrNull(r.advisor_id),
    name: personName({
      firstName: String(r.first_name ?? ''),
      middleName: r.middle_name as string | null,
      lastName: String(r.last_name ?? ''),
      suffix: r.suffix as string | null,
    }),
    spouseName: spouse
      ? personName({
          firstName: String(r.spouse_first_name ?? ''),
          middleName: r.spouse_middle_name as string | null,
          lastName: String(r.spouse_last_name ?? ''),
          suffix: r.spouse_suffix as string | null,
        })
      : null,
    email: (r.email as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    createdAt: dateOf(r.created_at),
    status,
    statusLabel: status ? statusLabel(status) : 'N/A',
    submitted: Boolean(r.submitted),
    lastChangeAt: dateOf(r.last_change_at),
    completionPercent: numOrNull(r.completion_percent),
    completionAt: dateOrNull(r.completion_at),
    completionRules: numOrNull(r.completion_rules),
    reminderSentAt: dateOrNull(r.reminder_sent_at),
    fundingPercent: numOrNull(r.funding_percent),
  };
}

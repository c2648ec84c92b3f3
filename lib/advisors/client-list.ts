import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { db, type Queryable } from '@/db';
import { clients, type EstatePlanStatus } from '@/db/schema';
import type { Actor } from '@/lib/auth/actor';
import { clientScope } from '@/lib/auth/scope';
import { statusLabel } from '@/lib/estate-plans/statuses';
import { personName } from '@/lib/people/person-name';
import { filterStatuses, likePattern, phoneDigits, sortDirectionOf, statusesMatching, type ClientListState } from './rules';

/*
 * The advisor dashboard's client list: filtering, search, sorting and paging all happen in SQL, over the
 * households of the chosen advisors inside the actor's scope, so a page costs the same whatever the number
 * of households. Two statements: the page and the filtered total. Indexes: clients (advisor_id, created_at desc, id desc) for
 * the advisor's rows in the default order, estate_plans (client_id, created_at) for the latest plan.
 *
 * A household is one row under owner 1, with owner 2 as the spouse, as in lib/clients/queries.ts: an owner 2
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
  reminderSentAt: Date | null;
};

export type ClientPage = { rows: ClientListRow[]; total: number; page: number; pageCount: number; size: number };

export type ClientListQuery = {
  /** The advisors whose households are listed; null lists every household in the actor's scope. */
  advisorIds: number[] | null;
  state: ClientListState;
  stalledDays: number;
};

type RawRow = Record<string, unknown>;
function rowsOf(result: unknown): RawRow[] {
  return (Array.isArray(result) ? result : (result as { rows: RawRow[] }).rows) as RawRow[];
}
const dateOf = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const dateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : dateOf(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Which columns the list's conditions and order need beyond the household, client and creation time. */
type Needs = { person: boolean; spouse: boolean; status: boolean };

function needsOf(state: ClientListState): Needs {
  const search = state.q !== '';
  const statusSearch = search && (statusesMatching(state.q).codes.length > 0 || statusesMatching(state.q).noPlan);
  return {
    person: search || state.sort === 'name',
    spouse: search || state.sort === 'spouse',
    status: statusSearch || state.filter !== 'all' || state.sort === 'status',
  };
}

/**
 * The listed households as one SQL relation (`r`) with only the columns the conditions and the order need:
 * owner 1 rows (with their spouse), plus (rarely) owner 2 rows whose owner 1 is not listed. Two branches with
 * equality joins rather than one join on "owner 1 or owner 2" (a nested loop of bitmap ORs). The page's
 * display columns are joined afterwards to its rows only (listClientPage), so the default view (newest
 * first, no filter) reads names, spouses and plans for 25 households, not 5,000.
 */
function listedHouseholds(actor: Actor, advisorIds: number[] | null, needs: Needs): SQL {
  const c = alias(clients, 'c');
  const o1 = alias(clients, 'o1');
  const sp = alias(clients, 'sp');
  const inList = (t: { id: AnyPgColumn; advisorId: AnyPgColumn }): SQL =>
    advisorIds === null ? sql`${clientScope(actor, t)}` : advisorIds.length ? sql`(${t.advisorId} in ${advisorIds} and ${clientScope(actor, t)})` : sql`false`;
  const person = needs.person ? sql`, p.first_name, p.middle_name, p.last_name, p.suffix, p.email, p.phone` : sql``;
  const spouseA = needs.spouse
    ? sql`, spp.first_name as spouse_first_name, spp.middle_name as spouse_middle_name, spp.last_name as spouse_last_name, spp.suffix as spouse_suffix`
    : sql``;
  const spouseB = needs.spouse ? sql`, null as spouse_first_name, null as spouse_middle_name, null as spouse_last_name, null as spouse_suffix` : sql``;
  const statusA = needs.status
    ? sql`, lp.status, (lp.submitted_at is not null or ${c.isTrustSubmitted} or coalesce(${sp.isTrustSubmitted}, false)) as submitted, h.last_change_at`
    : sql``;
  const statusB = needs.status ? sql`, null::estate_plan_status as status, ${c.isTrustSubmitted} as submitted, h.last_change_at` : sql``;
  const joinPerson = needs.person ? sql`join persons p on p.id = ${c.personId}` : sql``;
  // Aliased tables are named in the FROM by hand (drizzle renders an alias as its name alone there).
  return sql`(
    select h.id as household_id, ${c.id} as client_id, ${c.createdAt} as created_at ${person} ${spouseA} ${statusA}
      from clients c
      join households h on h.owner1_client_id = ${c.id}
      ${joinPerson}
      ${needs.spouse || needs.status ? sql`left join clients sp on ${sp.id} = h.owner2_client_id and ${clientScope(actor, sp)}` : sql``}
      ${needs.spouse ? sql`left join persons spp on spp.id = ${sp.personId}` : sql``}
      ${needs.status ? sql`left join (${latestPlans(inList)}) lp on lp.client_id = ${c.id}` : sql``}
     where ${inList(c)}
    union all
    select h.id, ${c.id}, ${c.createdAt} ${person} ${spouseB} ${statusB}
      from clients c
      join households h on h.owner2_client_id = ${c.id}
      join clients o1 on ${o1.id} = h.owner1_client_id
      ${joinPerson}
     where ${inList(c)} and not ${inList(o1)}
  ) r`;
}

/**
 * The latest plan of each listed client, in one pass (distinct on over the listed clients' plans) rather than
 * one index probe per household: the filters and the status order read it for every listed household.
 */
function latestPlans(inList: (t: { id: AnyPgColumn; advisorId: AnyPgColumn }) => SQL): SQL {
  const pc = alias(clients, 'pc');
  return sql`select distinct on (ep.client_id) ep.client_id, ep.status, ep.submitted_at
      from estate_plans ep join clients pc on ${pc.id} = ep.client_id
     where ${inList(pc)}
     order by ep.client_id, ep.created_at desc, ep.id desc`;
}

/** The display columns of the page's rows (`k`: household_id, client_id), joined after paging. */
function pageRows(actor: Actor, keys: SQL, withTotal: boolean): SQL {
  const sp = alias(clients, 'sp');
  return sql`(
    select h.id as household_id, h.hash as household_hash, c.id as client_id, c.hash as client_hash,
           h.owner1_client_id as owner1_id, o1.hash as owner1_hash, h.owner2_client_id as owner2_id, o2.hash as owner2_hash,
           c.advisor_id, p.first_name, p.middle_name, p.last_name, p.suffix, p.email, p.phone,
           spp.first_name as spouse_first_name, spp.middle_name as spouse_middle_name, spp.last_name as spouse_last_name, spp.suffix as spouse_suffix,
           c.created_at, lp.status,
           (lp.submitted_at is not null or c.is_trust_submitted or coalesce(${sp.isTrustSubmitted}, false)) as submitted,
           h.last_change_at, h.completion_percent, h.completion_at, h.reminder_sent_at ${withTotal ? sql`, k.total` : sql``}
      from ${keys} k
      join households h on h.id = k.household_id
      join clients c on c.id = k.client_id
      join persons p on p.id = c.person_id
      join clients o1 on o1.id = h.owner1_client_id
      left join clients o2 on o2.id = h.owner2_client_id
      left join clients sp on h.owner1_client_id = c.id and ${sp.id} = h.owner2_client_id and ${clientScope(actor, sp)}
      left join persons spp on spp.id = ${sp.personId}
      left join lateral (
        select ep.status, ep.submitted_at from estate_plans ep
         where ep.client_id = c.id and h.owner1_client_id = c.id
         order by ep.created_at desc, ep.id desc limit 1
      ) lp on true
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
  if (state.q) {
    const pattern = likePattern(state.q);
    // One LIKE over the searchable texts, each field separated by a newline (which a search box cannot
    // contain, so no match spans two fields): the full name, the name without middle name and suffix, the
    // email, and the same two for the spouse.
    const search: SQL[] = [
      sql`lower(concat_ws(chr(10), concat_ws(' ', r.first_name, r.middle_name, r.last_name, r.suffix), concat_ws(' ', r.first_name, r.last_name), r.email,
            concat_ws(' ', r.spouse_first_name, r.spouse_middle_name, r.spouse_last_name, r.spouse_suffix), concat_ws(' ', r.spouse_first_name, r.spouse_last_name))) like ${pattern}`,
    ];
    const digits = phoneDigits(state.q);
    if (digits) search.push(sql`regexp_replace(coalesce(r.phone, ''), '\\D', '', 'g') like ${`%${digits}%`}`);
    const statuses = statusesMatching(state.q);
    if (statuses.codes.length) search.push(sql`r.status in ${statuses.codes}`);
    if (statuses.noPlan) search.push(sql`r.status is null`);
    parts.push(sql`(${sql.join(search, sql` or `)})`);
  }
  return sql.join(parts, sql` and `);
}

function orderBy(state: ClientListState, rel: 'r' | 'page' = 'r'): SQL {
  const dir = sortDirectionOf(state.sort, state.dir) === 'asc' ? sql`asc` : sql`desc`;
  const r = sql.raw(rel);
  switch (state.sort) {
    case 'name':
      return sql`lower(${r}.last_name) ${dir}, lower(${r}.first_name) ${dir}, ${r}.created_at desc, ${r}.client_id desc`;
    case 'spouse':
      return sql`lower(${r}.spouse_last_name) ${dir} nulls last, lower(${r}.spouse_first_name) ${dir} nulls last, ${r}.created_at desc, ${r}.client_id desc`;
    case 'status':
      // The status enum sorts in workflow order (its declaration order).
      return sql`${r}.status ${dir} nulls last, ${r}.created_at desc, ${r}.client_id desc`;
    default:
      return sql`${r}.created_at ${dir}, ${r}.client_id ${dir}`;
  }
}

/** One page of the client list, with the filtered total. */
export async function listClientPage(actor: Actor, query: ClientListQuery, q: Queryable = db): Promise<ClientPage> {
  const { state, stalledDays } = query;
  const listed = listedHouseholds(actor, query.advisorIds, needsOf(state));
  const where = conditions(state, stalledDays);
  const offset = (state.page - 1) * state.size;
  const needs = needsOf(state);
  // The page's keys are ordered and cut first, then only their display columns are read. A filtered,
  // searched or re-sorted list reads every listed household anyway, so its total comes with the page (a
  // window count, one statement); the default view counts in a second, lighter statement.
  const lean = !needs.person && !needs.spouse && !needs.status;
  const keys = sql`(select r.household_id, r.client_id ${lean ? sql`` : sql`, count(*) over () as total`} from ${listed} where ${where} order by ${orderBy(state)} limit ${state.size} offset ${offset})`;
  const pageQuery = q.execute(sql`select page.* from ${pageRows(actor, keys, !lean)} order by ${orderBy(state, 'page')}`);
  const [result, counted] = await Promise.all([pageQuery, lean ? q.execute(sql`select count(*) as total from ${listed} where ${where}`) : null]);
  const raw = rowsOf(result);
  let total = counted ? Number(rowsOf(counted)[0]?.total ?? 0) : raw.length ? Number(raw[0].total) : 0;
  if (!counted && !raw.length && state.page > 1) {
    total = Number(rowsOf(await q.execute(sql`select count(*) as total from ${listed} where ${where}`))[0]?.total ?? 0);
  }
  const rows = raw.map(toRow);
  return { rows, total, page: state.page, size: state.size, pageCount: Math.max(1, Math.ceil(total / state.size)) };
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
    name: personName({ firstName: String(r.first_name ?? ''), middleName: r.middle_name as string | null, lastName: String(r.last_name ?? ''), suffix: r.suffix as string | null }),
    spouseName: spouse
      ? personName({ firstName: String(r.spouse_first_name ?? ''), middleName: r.spouse_middle_name as string | null, lastName: String(r.spouse_last_name ?? ''), suffix: r.spouse_suffix as string | null })
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
    reminderSentAt: dateOrNull(r.reminder_sent_at),
  };
}

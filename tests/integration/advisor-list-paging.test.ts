import { sql } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { listClientPage } from '@/lib/advisors/client-list';
import { type ClientFilter, type ClientListState, type ClientSort } from '@/lib/advisors/rules';
import { rowsOf } from '@/lib/kernel/rows';
import { actorOf } from '../helpers/context';
import { makeAdvisor } from '../helpers/factories';
import { resetDatabase } from '../helpers/db';
import { customPlan, genericPlan, listState, listStatementOf } from '../helpers/list-plans';

/*
 * The dashboard list's status filters and late pages (issue 32), on PostgreSQL and the embedded database:
 * - a status filter's total comes from the kept counts per advisor and status (advisor_status_counts) and
 *   equals its rows counted; every page read page by page, the ones past the middle read backwards from the
 *   end, gives the same rows in the same order as the whole list read at once, for every sort and filter;
 * - EXPLAIN of the list's own statement over an advisor of 10,000 households: a filtered name sort reads
 *   households_list_filter_name_idx (both directions), the last page reads households_list_owner1_idx
 *   backwards, with the values known (a custom plan) and without (a generic plan, the embedded database's).
 */

const state = listState;
const statementOf = listStatementOf;

/**
 * A book of `n` households for an advisor, set-based: every third married, plans with the 12 statuses
 * (none for every 13th), every seventh submitted; last names repeat every `names` households (and first
 * names every 10), so names tie and the order's tie-break decides; creation times repeat every 50.
 */
async function seedBook(q: Queryable, prefix: string, advisorId: number, n: number, names: number) {
  await q.execute(sql`
    insert into persons (hash, first_name, last_name, email)
      select ${prefix} || '-p-' || g, (array['Avery','Blake','Casey','Drew','Emery','Finley','Harper','Jordan','Kendall','Logan'])[1 + g % 10],
             'Client' || translate(lpad((g % ${names}::int)::text, 5, '0'), '0123456789', 'abcdefghij'), ${prefix} || g || '@paging.example'
        from generate_series(1, ${n}::int) g`);
  await q.execute(sql`
    insert into clients (hash, person_id, advisor_id, created_at, is_trust_submitted)
      select ${prefix} || '-c-' || g, p.id, ${advisorId}::int, timestamptz '2026-01-01' - (g % 50) * interval '1 hour', g % 7 = 0
        from generate_series(1, ${n}::int) g join persons p on p.hash = ${prefix} || '-p-' || g`);
  await q.execute(sql`
    insert into persons (hash, first_name, last_name)
      select ${prefix} || '-sp-' || g, 'Spouse', 'Partner' || translate(lpad((g % ${names}::int)::text, 5, '0'), '0123456789', 'abcdefghij')
        from generate_series(3, ${n}::int, 3) g`);
  await q.execute(sql`
    insert into clients (hash, person_id, advisor_id)
      select ${prefix} || '-s-' || g, p.id, ${advisorId}::int from generate_series(3, ${n}::int, 3) g join persons p on p.hash = ${prefix} || '-sp-' || g`);
  await q.execute(sql`
    insert into households (hash, owner1_client_id, owner2_client_id)
      select ${prefix} || '-h-' || g, c.id, s.id from generate_series(1, ${n}::int) g
        join clients c on c.hash = ${prefix} || '-c-' || g left join clients s on s.hash = ${prefix} || '-s-' || g`);
  await q.execute(sql`
    insert into estate_plans (hash, client_id, status)
      select ${prefix} || '-e-' || g, c.id, (enum_range(null::estate_plan_status))[1 + g % 12]
        from generate_series(1, ${n}::int) g join clients c on c.hash = ${prefix} || '-c-' || g where g % 13 <> 0`);
}

const FILTERS: ClientFilter[] = ['all', 'none', 'incomplete', 'attorney', 'canceled', 'complete'];
const SORTS: ClientSort[] = ['created', 'name', 'spouse', 'status'];

describe('the dashboard list’s status filters and late pages (issue 32)', () => {
  let actor: Awaited<ReturnType<typeof actorOf>>;
  let small: number;
  let big: number;
  let bigActor: Awaited<ReturnType<typeof actorOf>>;

  beforeAll(async () => {
    await resetDatabase();
    const a = await makeAdvisor();
    small = a.advisor.id;
    actor = await actorOf(a.user);
    const other = await makeAdvisor();
    // A small book with the row triggers on (its counts kept by them), and another advisor's, two of whose
    // spouses move to the first advisor: listed alone there, without a plan.
    await seedBook(db, 'pg-s', small, 137, 40);
    await seedBook(db, 'pg-o', other.advisor.id, 30, 40);
    await db.execute(sql`update clients set advisor_id = ${small} where hash in ('pg-o-s-3', 'pg-o-s-6')`);
    // A big book, set-based with the triggers off (as the bench seeds), its list columns and counts computed once.
    const b = await makeAdvisor();
    big = b.advisor.id;
    bigActor = await actorOf(b.user);
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await seedBook(tx, 'pg-b', big, 10_000, 2_000);
      await tx.execute(sql`select households_list_refresh(array(select id from households where hash like 'pg-b-%'))`);
      await tx.execute(sql`
        insert into advisor_household_counts (advisor_id, households)
          select list_owner1_advisor_id, count(*) from households where hash like 'pg-b-%' group by 1`);
      await tx.execute(sql`
        insert into advisor_status_counts (advisor_id, status, households, submitted)
          select list_owner1_advisor_id, coalesce(list_status::text, ''), count(*),
                 count(*) filter (where list_plan_submitted or list_owner1_submitted or list_owner2_submitted)
            from households where hash like 'pg-b-%' group by 1, 2`);
    });
    await db.execute(sql`analyze`);
  }, 300_000);

  it('each status filter’s total is its rows counted, and paging (backwards past the middle) gives the whole list’s rows in order', async () => {
    for (const filter of FILTERS) {
      for (const sort of SORTS) {
        for (const dir of ['asc', 'desc'] as const) {
          const at = (page: number, size: number) =>
            listClientPage(actor, { advisorIds: [small], state: state({ filter, sort, dir, page, size }), stalledDays: 14 });
          const whole = await at(1, 100_000);
          const label = `${filter} ${sort} ${dir}`;
          expect({ label, total: whole.total }).toEqual({ label, total: whole.rows.length });
          const paged: number[] = [];
          for (let page = 1; page <= Math.ceil(whole.total / 25) + 1; page++) {
            const p = await at(page, 25);
            if (process.env.DEBUG_PAGING) console.log(label, page, p.total, p.rows.length);
            expect({ label, page, total: p.total }).toEqual({ label, page, total: whole.total });
            paged.push(...p.rows.map((r) => r.clientId));
          }
          expect({ label, paged }).toEqual({ label, paged: whole.rows.map((r) => r.clientId) });
        }
      }
    }
    // The two spouses listed alone have no plan: None counts them with the households without one.
    const none = await listClientPage(actor, { advisorIds: [small], state: state({ filter: 'none' }), stalledDays: 14 });
    expect(none.total).toBe(Math.floor(137 / 13) + 2);
  }, 300_000);

  it('the kept counts per status equal a recount, with the submitted households', async () => {
    const drift = rowsOf(
      await db.execute(sql`
        select coalesce(k.advisor_id, c.advisor_id) as advisor_id, coalesce(k.status, c.status) as status
          from advisor_status_counts k
          full join (select list_owner1_advisor_id as advisor_id, coalesce(list_status::text, '') as status, count(*) as n,
                            count(*) filter (where list_plan_submitted or list_owner1_submitted or list_owner2_submitted) as submitted
                       from households where list_owner1_advisor_id is not null group by 1, 2) c
            on c.advisor_id = k.advisor_id and c.status = k.status
         where coalesce(k.households, 0) <> coalesce(c.n, 0) or coalesce(k.submitted, 0) <> coalesce(c.submitted, 0)`),
    );
    expect(drift).toEqual([]);
  });

  const bigQuery = (change: Partial<ClientListState>) => ({ advisorIds: [big], state: state(change), stalledDays: 14 });

  it.each([
    ['descending', 'desc'],
    ['ascending', 'asc'],
  ] as const)('a filtered name sort, %s, reads households_list_filter_name_idx (custom and generic plans)', async (_what, dir) => {
    for (const page of [1, 160]) {
      const statement = await statementOf(bigQuery({ filter: 'incomplete', sort: 'name', dir, page }), bigActor);
      expect(await customPlan(statement)).toContain('households_list_filter_name_idx');
      expect(await genericPlan(statement)).toContain('households_list_filter_name_idx');
    }
  });

  it('the last page reads households_list_owner1_idx backwards (custom and generic plans)', async () => {
    const statement = await statementOf(bigQuery({ page: 400 }), bigActor);
    expect(await customPlan(statement)).toMatch(/Index Scan Backward using households_list_owner1_idx/);
    expect(await genericPlan(statement)).toMatch(/Index Scan Backward using households_list_owner1_idx/);
  });

  it('the big book’s last pages equal the same rows read forwards', async () => {
    for (const change of [{}, { filter: 'incomplete', sort: 'name', dir: 'desc' }] as Partial<ClientListState>[]) {
      const whole = await listClientPage(bigActor, bigQuery({ ...change, size: 100_000 }));
      const pages = Math.ceil(whole.total / 25);
      const last = await listClientPage(bigActor, bigQuery({ ...change, page: pages }));
      const before = await listClientPage(bigActor, bigQuery({ ...change, page: pages - 1 }));
      expect(last.total).toBe(whole.rows.length);
      const tail = whole.rows.slice((pages - 2) * 25).map((r) => r.clientId);
      expect([...before.rows, ...last.rows].map((r) => r.clientId)).toEqual(tail);
    }
  }, 120_000);
});

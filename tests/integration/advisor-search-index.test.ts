import { sql } from 'drizzle-orm';
import { db } from '@/db';
import { listClientPage } from '@/lib/advisors/client-list';
import { actorOf, ctxOf } from '../helpers/context';
import { makeAdvisor } from '../helpers/factories';
import { resetDatabase } from '../helpers/db';
import { customPlan, genericPlan, listState, listStatementOf } from '../helpers/list-plans';

/*
 * The dashboard's search is served by households_search_owner1_idx, a pg_trgm index (migration
 * trigram_search, issue 32), on PostgreSQL and on the embedded database alike: EXPLAIN of the list's own
 * statement, over an advisor with 10,000 households (and another's 3,000), reads the index, both with the search's values known
 * (a custom plan, PostgreSQL's first runs) and without them (a generic plan: the embedded database plans
 * every statement so, db/embedded-worker.mjs, and PostgreSQL after five runs when it is as cheap).
 */

const HOUSEHOLDS = 10_000;
const state = listState;
const statementOf = listStatementOf;

describe('the dashboard search reads the trigram index (issue 32)', () => {
  let advisorId: number;
  let actor: Awaited<ReturnType<typeof actorOf>>;

  beforeAll(async () => {
    await resetDatabase();
    const a = await makeAdvisor();
    advisorId = a.advisor.id;
    actor = await actorOf(a.user);
    const other = await makeAdvisor();
    // Set-based, as the bench seeds (scripts/bench-advisor.mjs): the advisor's book of 10,000 and another
    // advisor's 3,000, every third household married; the row triggers off, and the list columns computed
    // once for all by the function they call (migration 0005).
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const [prefix, id, n] of [
        ['trgm-a', advisorId, HOUSEHOLDS],
        ['trgm-b', other.advisor.id, 3000],
      ] as const) {
        await tx.execute(sql`
          insert into persons (hash, first_name, last_name, email, phone)
            select ${prefix} || '-p-' || g, 'Avery', 'Client' || translate(lpad(g::text, 5, '0'), '0123456789', 'abcdefghij'), ${prefix} || translate(g::text, '0123456789', 'abcdefghij') || '@trgm.example', '503555' || lpad(g::text, 4, '0')
              from generate_series(1, ${n}::int) g`);
        await tx.execute(sql`
          insert into clients (hash, person_id, advisor_id)
            select ${prefix} || '-c-' || g, p.id, ${id}::int from generate_series(1, ${n}::int) g join persons p on p.hash = ${prefix} || '-p-' || g`);
        await tx.execute(sql`
          insert into persons (hash, first_name, last_name)
            select ${prefix} || '-sp-' || g, 'Spouse', 'Partner' || translate(lpad(g::text, 5, '0'), '0123456789', 'abcdefghij') from generate_series(3, ${n}::int, 3) g`);
        await tx.execute(sql`
          insert into clients (hash, person_id, advisor_id)
            select ${prefix} || '-s-' || g, p.id, ${id}::int from generate_series(3, ${n}::int, 3) g join persons p on p.hash = ${prefix} || '-sp-' || g`);
        await tx.execute(sql`
          insert into households (hash, owner1_client_id, owner2_client_id)
            select ${prefix} || '-h-' || g, c.id, s.id from generate_series(1, ${n}::int) g
              join clients c on c.hash = ${prefix} || '-c-' || g left join clients s on s.hash = ${prefix} || '-s-' || g`);
      }
      await tx.execute(sql`select households_list_refresh(array(select id from households))`);
      // And the advisors' kept counts, in all and per status, which the households' triggers would have kept.
      await tx.execute(sql`
        insert into advisor_household_counts (advisor_id, households)
          select list_owner1_advisor_id, count(*) from households where list_owner1_advisor_id is not null group by 1
          on conflict (advisor_id) do update set households = excluded.households`);
      await tx.execute(sql`
        insert into advisor_status_counts (advisor_id, status, households, submitted)
          select list_owner1_advisor_id, coalesce(list_status::text, ''), count(*),
                 count(*) filter (where list_plan_submitted or list_owner1_submitted or list_owner2_submitted)
            from households where list_owner1_advisor_id is not null group by 1, 2
          on conflict (advisor_id, status) do update set households = excluded.households, submitted = excluded.submitted`);
    });
    await db.execute(sql`analyze`);
  });

  const query = (q: string) => ({ advisorIds: [advisorId], state: state({ q }), stalledDays: 14 });

  // Names and emails spelled without digits (1234 is 'bcde'): a search with three digits or more also looks
  // for them in the phone's digits, a second arm of the index (docs/decisions.md, issue 32).
  it.each([
    ['a name', 'clientabcde'],
    ['a spouse name', 'partneracdeg'],
    ['an email', 'trgm-abcde@'],
  ])('%s: the custom and the generic plan read households_search_owner1_idx', async (_what, q) => {
    const statement = await statementOf(query(q), actor);
    expect(await customPlan(statement)).toContain('households_search_owner1_idx');
    expect(await genericPlan(statement)).toContain('households_search_owner1_idx');
  });

  it('finds what it found before: names, spouse names, email and phone, in the advisor book only', async () => {
    const ctx = ctxOf(actor);
    const names = async (q: string) => (await listClientPage(ctx.actor, query(q))).rows.map((r) => r.name);
    expect(await names('clientabcde')).toEqual(['Avery Clientabcde']);
    expect(await names('partneracdeh')).toEqual([]); // household 2347 is not married
    expect(await names('partneracdeg')).toEqual(['Avery Clientacdeg']);
    expect(await names('TRGM-Abcde@trgm')).toEqual(['Avery Clientabcde']);
    expect(await names('(503) 555-1234')).toEqual(['Avery Clientabcde']);
    expect(await names('spouse partnerabcdf')).toEqual([]); // 1235 is not married
    expect(await names('spouse partnerabcdg')).toEqual(['Avery Clientabcdg']);
    expect((await listClientPage(ctx.actor, query('clientabcd'))).total).toBe(10);
  });

  it("the first page's spouses listed alone are read from households_list_owner2_alone_idx, not from the book's spouses", async () => {
    const statement = await statementOf(query(''), actor);
    expect(await customPlan(statement)).toContain('households_list_owner2_alone_idx');
    expect(await genericPlan(statement)).toContain('households_list_owner2_alone_idx');
  });

  it("an owner 2 whose owner 1 is another advisor's client is listed alone, and found by a search", async () => {
    // Household 6 of the other advisor's book is married (its spouse 'partneraaaag'); the spouse moves to this advisor.
    await db.execute(sql`update clients set advisor_id = ${advisorId} where hash = 'trgm-b-s-6'`);
    try {
      const names = async (q: string) => (await listClientPage(actor, query(q))).rows.map((r) => r.name);
      expect(await names('partneraaaag')).toEqual(['Spouse Partneraaaag', 'Avery Clientaaaag']);
      const first = await listClientPage(actor, query(''));
      expect(first.total).toBe(HOUSEHOLDS + 1);
    } finally {
      await db.execute(sql`update clients set advisor_id = (select advisor_id from clients where hash = 'trgm-b-c-6') where hash = 'trgm-b-s-6'`);
    }
  });

  it('the status filters read their totals from the kept counts per status, as seeded', async () => {
    // No household of the seed has a plan: all of them are None, none Incomplete.
    const none = await listClientPage(actor, { ...query(''), state: state({ filter: 'none' }) });
    expect(none.total).toBe(HOUSEHOLDS);
    const incomplete = await listClientPage(actor, { ...query(''), state: state({ filter: 'incomplete' }) });
    expect(incomplete.total).toBe(0);
  });

  it('a search that also names a status is not narrowed by the index: it still finds by status', async () => {
    const page = await listClientPage(actor, query('n/a'));
    expect(page.total).toBe(HOUSEHOLDS);
  });
});

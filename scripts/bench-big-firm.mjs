// The big-firm part of `npm run bench` (issue 32, docs/performance.md "A firm with 50,000 households"): 500
// advisors and 50,000 households in one firm, one advisor (`bench.big`) with 10,000 of them, one
// (`bench.few`) with 5 and one (`bench.page`, for reference) with 25, on the same server and database.
//   - the seeding is set-based (a few `insert … select … from generate_series(…)` statements, the row
//     triggers off and the list columns computed once for all by the function they call), so it takes
//     seconds, on PGlite and on PostgreSQL; its time is printed (the advisors' kept household counts are
//     computed once too);
//   - SQL statements per dashboard view (the server's `[queries]` log) must be equal for both advisors: the
//     first page, a name search, a filtered sort and the last page;
//   - the server's CPU per render (serial, scripts/bench-cpu.mjs) of each view for bench.big must stay within
//     1.3 × the same view for bench.few, measured in the same run, interleaved; p95 with 10 keep-alive
//     connections beside it (not budgeted).
// The households are written straight into the stopped server's database (PGlite: one process per folder).
import { cpuPerRender } from './bench-cpu.mjs';
import { latencies, loggedQueries, p95, signIn } from './bench-advisor.mjs';

const ADVISORS = 500;
const HOUSEHOLDS = Number(process.env.BENCH_FIRM_HOUSEHOLDS ?? 50_000);
const BIG = Number(process.env.BENCH_BIG_ADVISOR ?? 10_000);
const FEW = 5;
// A full first page (25 rows), for reference: what the first page's rows cost, whatever the book's size.
const PAGE = 25;
const CONNECTIONS = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const BUDGET = 1.3;

/** The seeding database: PostgreSQL when the bench runs on it, else the folder's PGlite (with pg_trgm, as every PGlite of the project). */
async function openDatabase(env) {
  if (env.DATABASE_URL) {
    const { default: postgres } = await import('pg');
    const client = new postgres.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    return { exec: (sql) => client.query(sql), close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create(env.PGLITE_DATA_DIR, { extensions: { pg_trgm } });
}

/**
 * One firm of ADVISORS advisors (bench.big, bench.few, then the rest sharing what is left of HOUSEHOLDS
 * evenly), one client per household, every third married, plans with the 12 statuses (none for every 13th).
 * Names spell the household's number in letters ('Clientabcde' is 01234), so a name search finds a few
 * households, as a real surname does. The completion figures are written with the rows (a spread of
 * percents under the rules version the demo data was refreshed with): the server's start-up would otherwise
 * compute 50,000 intakes, which is not what this part measures. Returns the seconds it took.
 */
export async function seedBigFirm(env, print = (line) => console.log(line)) {
  const pg = await openDatabase(env);
  const started = performance.now();
  const rest = ADVISORS - 3;
  const left = HOUSEHOLDS - BIG - FEW - PAGE;
  const each = Math.floor(left / rest);
  const extra = left - each * rest;
  let triggersOff = true;
  try {
    // The row triggers (the list columns' refresh per row, and the foreign keys' checks) are off for the
    // seeding session where the role allows it (PGlite's user and PostgreSQL's superuser do); else they run.
    try {
      await pg.exec('set session_replication_role = replica');
    } catch {
      triggersOff = false;
    }
    await pg.exec(`
      insert into firms (hash, name) values ('bench-bf-firm', 'Bench Big Firm');
      create temporary table bf_advisors as
        select a, case a when 1 then 'bench.big@demo.trustwell.test' when 2 then 'bench.few@demo.trustwell.test' when 3 then 'bench.page@demo.trustwell.test' else 'bigfirm' || a || '@bench.example' end as email,
               case a when 1 then ${BIG} when 2 then ${FEW} when 3 then ${PAGE} else ${each} + (a - 3 <= ${extra})::int end as n
          from generate_series(1, ${ADVISORS}) a;
      insert into persons (hash, first_name, last_name, email)
        select 'bench-bf-ap-' || a, 'Firm', 'Advisor ' || lpad(a::text, 3, '0'), email from bf_advisors;
      insert into users (hash, person_id, email, password_hash, is_advisory)
        select 'bench-bf-u-' || b.a, p.id, b.email,
               case when b.a <= 3 then (select password_hash from users where email = 'alice.morgan@demo.trustwell.test') else 'x' end, true
          from bf_advisors b join persons p on p.hash = 'bench-bf-ap-' || b.a;
      insert into advisors (hash, user_id, max_invoices) select 'bench-bf-a-' || b.a, u.id, 100 from bf_advisors b join users u on u.hash = 'bench-bf-u-' || b.a;
      insert into advisor_firms (advisor_id, firm_id)
        select ad.id, f.id from bf_advisors b join advisors ad on ad.hash = 'bench-bf-a-' || b.a join firms f on f.hash = 'bench-bf-firm';
      create temporary table bf_households as
        select b.a, g, ad.id as advisor_id from bf_advisors b join advisors ad on ad.hash = 'bench-bf-a-' || b.a cross join lateral generate_series(1, b.n) g;
      insert into persons (hash, first_name, last_name, email, phone)
        select 'bench-bf-p-' || a || '-' || g,
               (array['Avery','Blake','Casey','Drew','Emery','Finley','Harper','Jordan','Kendall','Logan'])[1 + g % 10],
               'Client' || translate(lpad(g::text, 5, '0'), '0123456789', 'abcdefghij'),
               'client.' || translate(g::text, '0123456789', 'abcdefghij') || '.' || a || '@bench.example',
               '503' || lpad(a::text, 3, '0') || lpad((g % 10000)::text, 4, '0')
          from bf_households;
      insert into clients (hash, person_id, advisor_id, created_at)
        select 'bench-bf-c-' || h.a || '-' || h.g, p.id, h.advisor_id, now() - (h.g % 730) * interval '1 day' - h.g * interval '1 second'
          from bf_households h join persons p on p.hash = 'bench-bf-p-' || h.a || '-' || h.g;
      insert into persons (hash, first_name, last_name)
        select 'bench-bf-sp-' || a || '-' || g, 'Spouse', 'Partner' || translate(lpad(g::text, 5, '0'), '0123456789', 'abcdefghij')
          from bf_households where g % 3 = 0;
      insert into clients (hash, person_id, advisor_id)
        select 'bench-bf-s-' || h.a || '-' || h.g, p.id, h.advisor_id
          from bf_households h join persons p on p.hash = 'bench-bf-sp-' || h.a || '-' || h.g where h.g % 3 = 0;
      insert into households (hash, owner1_client_id, owner2_client_id, last_change_at, completion_percent, completion_at, completion_rules)
        select 'bench-bf-h-' || h.a || '-' || h.g, c.id, sp.id, t.changed, h.g % 101, t.changed, (select max(completion_rules) from households)
          from bf_households h
          cross join lateral (select date_trunc('second', now()) - (h.g % 60) * interval '1 day' as changed) t
          join clients c on c.hash = 'bench-bf-c-' || h.a || '-' || h.g
          left join clients sp on sp.hash = 'bench-bf-s-' || h.a || '-' || h.g;
      insert into estate_plans (hash, client_id, status)
        select 'bench-bf-e-' || h.a || '-' || h.g, c.id, (enum_range(null::estate_plan_status))[1 + h.g % 12]
          from bf_households h join clients c on c.hash = 'bench-bf-c-' || h.a || '-' || h.g
         where h.g % 13 <> 0;
      select households_list_refresh(array(select id from households where hash like 'bench-bf-h-%'));
      drop table bf_households;
      drop table bf_advisors;
    `);
    if (triggersOff) {
      // What the households' count triggers would have kept (advisor_household_counts, and per status
      // advisor_status_counts), counted once.
      await pg.exec(`
        insert into advisor_household_counts (advisor_id, households)
          select list_owner1_advisor_id, count(*) from households where hash like 'bench-bf-h-%' and list_owner1_advisor_id is not null group by 1
          on conflict (advisor_id) do update set households = advisor_household_counts.households + excluded.households;
        insert into advisor_status_counts (advisor_id, status, households, submitted)
          select list_owner1_advisor_id, coalesce(list_status::text, ''), count(*),
                 count(*) filter (where list_plan_submitted or list_owner1_submitted or list_owner2_submitted)
            from households where hash like 'bench-bf-h-%' and list_owner1_advisor_id is not null group by 1, 2
          on conflict (advisor_id, status) do update
            set households = advisor_status_counts.households + excluded.households, submitted = advisor_status_counts.submitted + excluded.submitted;
        set session_replication_role = origin;`);
    }
    await pg.exec('analyze');
  } finally {
    await pg.close();
  }
  const seconds = (performance.now() - started) / 1000;
  print(
    `big firm: ${ADVISORS} advisors and ${HOUSEHOLDS.toLocaleString('en-US')} households seeded in ${seconds.toFixed(1)} s ` +
      `(${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, row triggers ${triggersOff ? 'off, list columns computed once' : 'on'})`,
  );
  return seconds;
}

/**
 * The measured views: what an advisor opens on a big book. The last page is computed for each advisor; the
 * name search is a term that finds a few of the advisor's own households, 10 of the 10,000 ('clientabcd':
 * 01230 to 01239, no other advisor's) and the 5 of the 5 ('clientaaaa': 00001 to 00009, also in every other
 * book of the firm); a search that found nothing renders less, and sent one statement fewer.
 */
function viewsOf(households) {
  return {
    'first page': '/dashboard',
    'name search': `/dashboard?q=${households > FEW ? 'clientabcd' : 'clientaaaa'}`,
    'filtered sort': '/dashboard?filter=incomplete&sort=name&dir=desc',
    'last page': `/dashboard?page=${Math.max(1, Math.ceil(households / 25))}`,
  };
}

/**
 * The Admin / Attorney advisors overview (lib/overview/queries.ts), as the admin: its page of the largest
 * books (bench.big's 10,000 and 24 books of about 80: some 12,000 households on the page) against its page
 * of the smallest (the demo's advisors, bench.few's 5), the same view in the same run. Sorting by
 * households ranks all 500 advisors by their figures.
 */
const versus = (name) => (name === 'advisors overview' ? "the largest books' page vs the smallest's" : `${BIG.toLocaleString('en-US')} vs ${FEW} households`);
const OVERVIEW = { big: '/dashboard?asort=clients&adir=desc', few: '/dashboard?asort=clients&adir=asc' };

/**
 * Runs the measures against a server started with LOG_QUERY_COUNTS=1 on the seeded folder; `log()` returns
 * its output so far, `pid` is its process. Returns result rows for bench.mjs.
 */
export async function benchBigFirm({ base, password, log, pid, seedSeconds, print = (line) => console.log(line) }) {
  const big = await signIn(base, 'bench.big@demo.trustwell.test', password);
  const few = await signIn(base, 'bench.few@demo.trustwell.test', password);
  const page = await signIn(base, 'bench.page@demo.trustwell.test', password);
  const admin = await signIn(base, 'admin@demo.trustwell.test', password);
  // Each view: the path and cookie of the big case and of the small one.
  const bigPaths = viewsOf(BIG);
  const fewPaths = viewsOf(FEW);
  const views = Object.fromEntries([
    ...Object.keys(bigPaths).map((name) => [name, { big: { path: bigPaths[name], cookie: big }, few: { path: fewPaths[name], cookie: few } }]),
    ['advisors overview', { big: { path: OVERVIEW.big, cookie: admin }, few: { path: OVERVIEW.few, cookie: admin } }],
  ]);
  const results = [
    {
      name: `big firm: seeding ${ADVISORS} advisors, ${HOUSEHOLDS.toLocaleString('en-US')} households`,
      value: `${seedSeconds.toFixed(1)} s`,
      budget: '≤ 60 s (set-based)',
      ok: seedSeconds <= 60,
    },
  ];
  // Warm up, then one uncounted second of each at full load (the JIT's warm-up, as the other parts).
  for (const { big: b, few: f } of Object.values(views)) {
    for (let i = 0; i < 3; i++) {
      await fetch(new URL(b.path, base), { headers: { cookie: b.cookie } });
      await fetch(new URL(f.path, base), { headers: { cookie: f.cookie } });
    }
    await latencies(base, b.path, b.cookie, { ms: 1000 });
    await latencies(base, f.path, f.cookie, { ms: 1000 });
  }
  // Statements per view, 10,000 households against 5 (the last page's path differs: the pages differ).
  for (const [name, { big: b, few: f }] of Object.entries(views)) {
    await fetch(new URL(f.path, base), { headers: { cookie: f.cookie } });
    await new Promise((r) => setTimeout(r, 100));
    const small = loggedQueries(log, f.path);
    await fetch(new URL(b.path, base), { headers: { cookie: b.cookie } });
    await new Promise((r) => setTimeout(r, 100));
    const large = loggedQueries(log, b.path);
    results.push({
      name: `big firm ${name}: SQL statements, ${versus(name)}`,
      value: `${large} vs ${small}`,
      budget: 'equal',
      ok: large === small && Number.isFinite(large),
    });
  }
  // p95 with 10 connections, rounds interleaved (beside the CPU figures, not budgeted).
  const samples = Object.fromEntries(
    Object.keys(views).flatMap((name) => [
      [`${name} big`, []],
      [`${name} few`, []],
    ]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, { big: b, few: f }] of Object.entries(views)) {
      samples[`${name} big`].push(...(await latencies(base, b.path, b.cookie)));
      samples[`${name} few`].push(...(await latencies(base, f.path, f.cookie)));
    }
  }
  // CPU per render, serial, each view for both advisors, interleaved (scripts/bench-cpu.mjs).
  const cpu = await cpuPerRender(
    base,
    pid,
    Object.fromEntries([
      ['reference', { path: '/dashboard', cookie: page }],
      ...Object.entries(views).flatMap(([name, { big: b, few: f }]) => [
        [`${name} big`, b],
        [`${name} few`, f],
      ]),
    ]),
  );
  print(
    `big firm: for reference, the first page of an advisor with ${PAGE} households (a full page): CPU per render ${cpu.reference.toFixed(1)} ms ` +
      `(${(cpu['first page big'] / cpu.reference).toFixed(2)}× for the 10,000's, ${(cpu.reference / cpu['first page few']).toFixed(2)}× the 5's: the rows a page shows)`,
  );
  for (const name of Object.keys(views)) {
    const ratio = cpu[`${name} big`] / cpu[`${name} few`];
    const line =
      `${ratio.toFixed(2)}×: ${cpu[`${name} big`].toFixed(1)} ms against ${cpu[`${name} few`].toFixed(1)} ms ` +
      `(p95, ${CONNECTIONS} conn.: ${p95(samples[`${name} big`]).toFixed(0)} vs ${p95(samples[`${name} few`]).toFixed(0)} ms)`;
    print(`big firm: ${name}: CPU per render ${line}`);
    results.push({
      name: `big firm ${name}, ${versus(name)}: CPU per render`,
      value: line,
      budget: `≤ ${BUDGET}× the small case's`,
      ok: ratio <= BUDGET,
    });
  }
  return results;
}

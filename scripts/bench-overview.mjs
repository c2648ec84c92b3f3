// The advisors-overview part of `npm run bench` (docs/performance.md, "Advisors overview"): the Admin /
// Attorney dashboard (the legal team's work queue above the advisors table) with 500 more advisors and
// 5,000 more households than the demo has.
//   - SQL statements per overview request (the server's `[queries]` log, LOG_QUERY_COUNTS=1) must not grow
//     with the advisors and households: the first page, a search, a sort by last activity and a late page
//     cost after the seeding what they cost on the demo data before it;
//   - CPU per render: the server's CPU time (user + system, the whole process tree: the app and its
//     embedded database thread) per request of each overview view, over sequential requests, within 2 ×
//     the same for /settings (the signed-in floor), for the same admin, in the same run.
// The advisors and households are written straight into the stopped server's database (PGlite: one process
// per folder), as bench-advisor.mjs does.
import fs from 'node:fs';

const ADVISORS = Number(process.env.BENCH_OVERVIEW_ADVISORS ?? 500);
const HOUSEHOLDS = Number(process.env.BENCH_OVERVIEW_HOUSEHOLDS ?? 5000);
const REQUESTS = Number(process.env.BENCH_OVERVIEW_REQUESTS ?? 200);
const ADMIN = 'admin@demo.trustwell.test';

export const OVERVIEW_PAGES = {
  'first page': '/dashboard',
  search: '/dashboard?aq=overview1',
  'sort by last activity': '/dashboard?asort=activity&adir=desc',
  'page 15': '/dashboard?asort=clients&adir=desc&apage=15',
  // The work queue above the table (issue 27): every view above carries its default page; this one its 40th of all statuses.
  'work queue page 40': '/dashboard?qstatus=all&qpage=40',
};

/** ADVISORS advisors in 50 firms with HOUSEHOLDS households spread over them, plans with the 12 statuses, a document for every third. */
export async function seedBenchOverview(env) {
  let pg;
  if (env.DATABASE_URL) {
    const { default: postgres } = await import('pg');
    const client = new postgres.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    pg = { exec: (sql) => client.query(sql), close: () => client.end() };
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    pg = await PGlite.create(env.PGLITE_DATA_DIR, { extensions: { pg_trgm } });
  }
  try {
    await pg.exec(`
      insert into firms (hash, name) select 'bench-of-' || f, 'Bench Firm ' || f from generate_series(1, 50) f;
      insert into persons (hash, first_name, last_name, email)
        select 'bench-op-' || a, 'Advisor', 'Overview ' || lpad(a::text, 4, '0'), 'overview' || a || '@bench.example' from generate_series(1, ${ADVISORS}) a;
      insert into users (hash, person_id, email, password_hash, is_advisory)
        select 'bench-ou-' || a, p.id, 'overview' || a || '@bench.example', 'x', true
          from generate_series(1, ${ADVISORS}) a join persons p on p.hash = 'bench-op-' || a;
      insert into advisors (hash, user_id) select 'bench-oa-' || a, u.id from generate_series(1, ${ADVISORS}) a join users u on u.hash = 'bench-ou-' || a;
      insert into advisor_firms (advisor_id, firm_id)
        select ad.id, f.id from generate_series(1, ${ADVISORS}) a
          join advisors ad on ad.hash = 'bench-oa-' || a join firms f on f.hash = 'bench-of-' || (1 + a % 50);
      insert into persons (hash, first_name, last_name, email, phone)
        select 'bench-ocp-' || g, 'Client', 'Household ' || lpad(g::text, 5, '0'), 'household' || g || '@bench.example', '503555' || lpad((g % 10000)::text, 4, '0')
          from generate_series(1, ${HOUSEHOLDS}) g;
      insert into clients (hash, person_id, advisor_id, created_at)
        select 'bench-oc-' || g, p.id, ad.id, now() - (g % 730) * interval '1 day'
          from generate_series(1, ${HOUSEHOLDS}) g join persons p on p.hash = 'bench-ocp-' || g
          join advisors ad on ad.hash = 'bench-oa-' || (1 + g % ${ADVISORS});
      insert into households (hash, owner1_client_id, last_change_at)
        select 'bench-oh-' || g, c.id, now() - (g % 90) * interval '1 day' from generate_series(1, ${HOUSEHOLDS}) g join clients c on c.hash = 'bench-oc-' || g;
      insert into estate_plans (hash, client_id, status, submitted_at)
        select 'bench-oe-' || g, c.id, (enum_range(null::estate_plan_status))[1 + g % 12], case when g % 12 >= 5 then now() - interval '3 days' end
          from generate_series(1, ${HOUSEHOLDS}) g join clients c on c.hash = 'bench-oc-' || g where g % 13 <> 0;
      insert into files (hash, estate_plan_id, name, content_type, size, storage_key)
        select 'bench-ofile-' || g, e.id, 'Trust document ' || g || '.pdf', 'application/pdf', 1000, 'bench-missing-' || g
          from generate_series(1, ${HOUSEHOLDS}) g join estate_plans e on e.hash = 'bench-oe-' || g where g % 3 = 0;
      analyze;
    `);
  } finally {
    await pg.close();
  }
}

function cookieOf(res) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function signInAdmin(base, password) {
  const html = await (await fetch(`${base}/login`)).text();
  const token = html.match(/name="csrf-token" content="([^"]+)"/)?.[1];
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    body: new URLSearchParams({ _token: token, email: ADMIN, password }),
    redirect: 'manual',
    headers: { origin: base },
  });
  if (res.status !== 303) throw new Error(`sign-in of ${ADMIN} failed: ${res.status}`);
  return cookieOf(res);
}

/** The `[queries] GET <path> N` count the server logged last for this path. */
function loggedQueries(log, pagePath) {
  const last = log()
    .split('\n')
    .filter((l) => l.startsWith(`[queries] GET ${pagePath} `))
    .at(-1);
  return last ? Number(last.split(' ').at(-1)) : NaN;
}

/** Statements per overview view, as the server logged them (one request each). */
export async function overviewStatementCounts(base, cookie, log) {
  const counts = {};
  for (const [name, p] of Object.entries(OVERVIEW_PAGES)) {
    const res = await fetch(new URL(p, base), { headers: { cookie } });
    const html = await res.text();
    if (res.status !== 200 || !html.includes('Search advisors')) throw new Error(`${p}: ${res.status}, not the overview`);
    await new Promise((r) => setTimeout(r, 100));
    counts[name] = loggedQueries(log, p);
  }
  return counts;
}

const TICK_MS = 1000 / 100; // /proc reports CPU time in clock ticks, 100 per second on Linux

/** CPU time (ms, user + system) of a process and all its descendants, from /proc. */
function treeCpuMs(rootPid) {
  const stats = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command (which may hold spaces) start after the last ')'.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.push({ pid: Number(entry), ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  const inTree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of stats) {
      if (!inTree.has(s.pid) && inTree.has(s.ppid)) {
        inTree.add(s.pid);
        grew = true;
      }
    }
  }
  return stats.filter((s) => inTree.has(s.pid)).reduce((sum, s) => sum + s.cpu, 0) * TICK_MS;
}

/** The server's CPU ms per request of a path, over `n` sequential requests (after a warm-up). */
async function cpuPerRequest(base, pagePath, cookie, pid, n = REQUESTS) {
  for (let i = 0; i < 10; i++) await (await fetch(new URL(pagePath, base), { headers: { cookie } })).text();
  const before = treeCpuMs(pid);
  for (let i = 0; i < n; i++) {
    const res = await fetch(new URL(pagePath, base), { headers: { cookie } });
    await res.text();
    if (res.status !== 200) throw new Error(`${pagePath}: ${res.status}`);
  }
  return (treeCpuMs(pid) - before) / n;
}

/**
 * The measures after the seeding: statements against `before` (the same views on the demo data), and CPU
 * per render against /settings, interleaved in three rounds. Returns result rows for bench.mjs.
 */
export async function benchOverview({ base, password, log, pid, before, print = (line) => console.log(line) }) {
  const cookie = await signInAdmin(base, password);
  const after = await overviewStatementCounts(base, cookie, log);
  const results = [];
  for (const name of Object.keys(OVERVIEW_PAGES)) {
    results.push({
      name: `overview ${name}: SQL statements, +${ADVISORS} advisors/+${HOUSEHOLDS.toLocaleString('en-US')} households vs demo`,
      value: `${after[name]} vs ${before[name]}`,
      budget: 'equal',
      ok: after[name] === before[name] && Number.isFinite(after[name]),
    });
  }
  const cpu = { floor: 0, ...Object.fromEntries(Object.keys(OVERVIEW_PAGES).map((k) => [k, 0])) };
  const ROUNDS = 3;
  for (let round = 0; round < ROUNDS; round++) {
    cpu.floor += (await cpuPerRequest(base, '/settings', cookie, pid)) / ROUNDS;
    for (const [name, p] of Object.entries(OVERVIEW_PAGES)) cpu[name] += (await cpuPerRequest(base, p, cookie, pid)) / ROUNDS;
  }
  print(`advisors overview: /settings CPU ${cpu.floor.toFixed(2)} ms per request (${REQUESTS} × ${ROUNDS} sequential requests)`);
  for (const name of Object.keys(OVERVIEW_PAGES)) {
    print(`advisors overview: ${name} CPU ${cpu[name].toFixed(2)} ms per request`);
    results.push({
      name: `overview ${name}: server CPU per render vs /settings`,
      value: `${cpu[name].toFixed(1)} ms = ${(cpu[name] / cpu.floor).toFixed(2)} × /settings' ${cpu.floor.toFixed(1)} ms`,
      budget: '≤ 2.0 × /settings',
      ok: cpu[name] <= 2 * cpu.floor,
    });
  }
  return results;
}

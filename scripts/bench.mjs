#!/usr/bin/env node
// `npm run bench [startup|memory|signin|trust|client-info|summary-pdf|advisor-dashboard|overview|big-firm|uploads|allocations|profile]`: measures the budgets of docs/performance.md
// on this machine.
//   startup      cold `npm start` (build + empty embedded database) to first page, then a warm restart
//   memory       idle RSS of the server's process tree after start, and its peak with 50 connections on
//                /dashboard and a client-info page for 40 s, beside the same build without V8 heap limits
//                in alternating rounds: the CPU a request they cost (scripts/bench-memory.mjs)
//   signin       warm sign-in round trip (POST /login → 303), median of 30
//   trust        /trust's first-load JS over an empty App Router page's, Lighthouse mobile scores, and its
//                throughput as a share of a static file's (scripts/bench-trust.mjs)
//   client-info  a big couple's intake page and review: SQL queries per render, CPU per render against
//                /settings's (p95 beside), the review's printed PDF (scripts/bench-pages.mjs)
//   summary-pdf  the big couple's plan summary PDF (being finalized) as its client downloads it: p50 and p95
//                of 30 serial requests under 1 s (scripts/bench-summary.mjs)
//   advisor-dashboard  an advisor with 5,000 households: SQL statements per request against an advisor
//                with 5, and CPU per render within 2 × /settings's, p95 beside (scripts/bench-advisor.mjs)
//   overview     the Admin / Attorney advisors overview with 500 more advisors and 5,000 more households:
//                SQL statements per view unchanged, server CPU per render within 2 × /settings' (scripts/bench-overview.mjs)
//   big-firm     a firm of 500 advisors and 50,000 households, seeded set-based in seconds: the dashboard's first
//                page, a name search, a filtered sort and the last page for the advisor with 10,000 of them,
//                SQL statements equal to and CPU per render within 1.3 × the advisor with 5's, p95 beside
//                (scripts/bench-big-firm.mjs)
//   uploads      RSS while 20 documents of the largest size are uploaded, 4 at a time, and 10 s after: peak and
//                what stays over the idle figure (scripts/bench-uploads.mjs)
//   allocations  (only when named) bytes allocated per render, the bytes of it that survive the young
//                generation, and the top allocating functions of the big couple's client-info and review, the
//                dashboard, /settings and the guest /login (the framework's floor), from V8's sampling heap
//                profiler through the server's inspector (scripts/bench-allocations.mjs); no budget
//   profile      (only when named) the same pages' main-thread time per render, by function and by source file,
//                from V8's CPU profiler through the inspector (scripts/bench-allocations.mjs); no budget
// With no argument, all of them but allocations and profile. Uses throwaway data folders; never touches ./.data.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { allocationsPerRender, cpuPerRender, printAllocations, printCpuProfile } from './bench-allocations.mjs';
import { benchAdvisorDashboard, demoPasswordOf, seedBenchAdvisors } from './bench-advisor.mjs';
import { benchBigFirm, seedBigFirm } from './bench-big-firm.mjs';
import { benchMemory } from './bench-memory.mjs';
import { benchOverview, overviewStatementCounts, seedBenchOverview, signInAdmin } from './bench-overview.mjs';
import { benchClientInfo, growCouple, ownHouseholdHash, signIn } from './bench-pages.mjs';
import { benchSummaryPdf } from './bench-summary.mjs';
import { benchTrust } from './bench-trust.mjs';
import { benchUploads } from './bench-uploads.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = Number(process.env.BENCH_PORT ?? 3300);
const base = `http://127.0.0.1:${port}`;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'trustwell-bench-'));
const env = {
  ...process.env,
  PORT: String(port),
  NEXTAUTH_URL: base,
  PGLITE_DATA_DIR: path.join(scratch, 'pglite'),
  SECRETS_FILE: path.join(scratch, 'secrets.json'),
  UPLOADS_DIR: path.join(scratch, 'uploads'),
  DEMO_ACCOUNTS_FILE: path.join(scratch, 'demo-accounts.txt'),
  NEXT_TELEMETRY_DISABLED: '1',
  // The server logs `[queries] GET /path n` per request; the page budgets read them.
  LOG_QUERY_COUNTS: '1',
};
delete env.DATABASE_URL;
// BENCH_DATABASE_URL=postgres://…/name measures on PostgreSQL, as a deployment runs: the database is created
// afresh (dropped first), seeded with the demo data, and given throwaway secrets.
const benchDatabaseUrl = process.env.BENCH_DATABASE_URL;
if (benchDatabaseUrl) {
  const { default: pg } = await import('pg');
  const url = new URL(benchDatabaseUrl);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const { randomBytes } = await import('node:crypto');
  Object.assign(env, {
    DATABASE_URL: benchDatabaseUrl,
    SEED_DEMO_DATA: '1',
    NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
    APP_ENCRYPTION_KEY: `bench:${randomBytes(32).toString('base64')}`,
  });
}
const which = process.argv[2] ?? 'all';
const results = [];
// The allocation profile reads the server through its inspector, on a local port only this bench knows.
const inspectPort = port + 3;
if (which === 'allocations' || which === 'profile') env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${inspectPort}`.trim();

/**
 * `npm start` as a child; `extra` changes its environment (another port, another data folder). To try a
 * setting on the server as committed against the one without limits (never given to the one started with
 * SERVER_V8_FLAGS=off): BENCH_V8_FLAGS adds V8 flags (an operator's flag wins over scripts/server-flags.mjs's
 * of the same name), BENCH_SERVER_ENV adds variables (`NAME=value NAME2=value`, e.g. the C library's).
 */
function startServer(extra = {}) {
  const trial = extra.SERVER_V8_FLAGS !== 'off';
  const flags = trial ? (process.env.BENCH_V8_FLAGS ?? '') : '';
  const nodeOptions = `${env.NODE_OPTIONS ?? ''} ${flags}`.trim();
  const added = trial
    ? Object.fromEntries(
        (process.env.BENCH_SERVER_ENV ?? '')
          .split(/\s+/)
          .filter(Boolean)
          .map((kv) => kv.split(/=(.*)/s).slice(0, 2)),
      )
    : {};
  const childEnv = { ...env, ...added, ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}), ...extra };
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  child.log = () => log;
  return child;
}

// Ten minutes by default: the first start may build, and `next build` under a load of 13-18 took over five.
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_MS ?? 600_000);

async function waitUp(child, timeoutMs = START_TIMEOUT_MS, at = base) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${child.log()}`);
    try {
      if ((await fetch(`${at}/login`)).ok) return Date.now() - t0;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not come up');
}

async function stop(child) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

async function benchStartup() {
  fs.rmSync(path.join(root, '.next'), { recursive: true, force: true });
  let server = startServer();
  const cold = await waitUp(server);
  await stop(server);
  server = startServer();
  const warm = await waitUp(server);
  results.push({ name: 'cold start (build + empty embedded DB) to first page', value: `${(cold / 1000).toFixed(1)} s`, budget: '< 120 s', ok: cold < 120_000 });
  results.push({ name: 'warm start (built, seeded) to first page', value: `${(warm / 1000).toFixed(1)} s`, budget: '< 10 s', ok: warm < 10_000 });
  return server;
}

async function signInOnce() {
  const html = await (await fetch(`${base}/login`)).text();
  const token = html.match(/name="csrf-token" content="([^"]+)"/)?.[1];
  // The demo password is random per database: the server wrote it to the demo-accounts file it was given.
  const password = fs.readFileSync(env.DEMO_ACCOUNTS_FILE, 'utf8').match(/^Password for all demo accounts: (\S+)\s*$/m)?.[1];
  const body = new URLSearchParams({ _token: token, email: 'alice.morgan@demo.trustwell.test', password });
  const t0 = performance.now();
  const res = await fetch(`${base}/login`, { method: 'POST', body, redirect: 'manual', headers: { origin: base } });
  const elapsed = performance.now() - t0;
  if (res.status !== 303 || !res.headers.get('location')?.startsWith('/dashboard'))
    throw new Error(`sign-in failed: ${res.status} ${res.headers.get('location')}`);
  return elapsed;
}

async function benchSignIn() {
  for (let i = 0; i < 3; i++) await signInOnce();
  const times = [];
  for (let i = 0; i < 30; i++) times.push(await signInOnce());
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  results.push({
    name: 'warm sign-in round trip, median of 30',
    value: `${median.toFixed(0)} ms (p90 ${times[26].toFixed(0)} ms)`,
    budget: '< 300 ms',
    ok: median < 300,
  });
}

/**
 * The memory part: the started server (as committed) beside the same build without V8 heap limits
 * (SERVER_V8_FLAGS=off) on the next port but two, under the same load in alternating rounds. On the
 * embedded database each needs a folder of its own: the seeded folder is copied while the server is stopped.
 */
async function benchMemoryBeside() {
  const barePort = port + 2;
  const bareBase = `http://127.0.0.1:${barePort}`;
  const extra = { PORT: String(barePort), NEXTAUTH_URL: bareBase, SERVER_V8_FLAGS: 'off' };
  // Each pair is started afresh: the committed server restarted, and on the embedded database the bare one
  // given a copy of the seeded folder taken while the committed one is stopped.
  const pairOf = async () => {
    await stop(server);
    if (!env.DATABASE_URL) {
      extra.PGLITE_DATA_DIR = path.join(scratch, 'pglite-bare');
      fs.rmSync(extra.PGLITE_DATA_DIR, { recursive: true, force: true });
      fs.cpSync(env.PGLITE_DATA_DIR, extra.PGLITE_DATA_DIR, { recursive: true });
    }
    server = startServer();
    await waitUp(server);
    const bare = startServer(extra);
    await waitUp(bare, START_TIMEOUT_MS, bareBase);
    return { committed: { base, pid: server.pid }, bare: { base: bareBase, pid: bare.pid }, stop: () => stop(bare) };
  };
  return benchMemory({ env, pairOf, database: env.DATABASE_URL ? 'postgres' : 'embedded' });
}

/** Whether something already listens on a local port (a bench still running, a server left over). */
function portTaken(at) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: at });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}
// The bench uses its port and the next three (the floor page, the server without limits, the inspector): a
// second bench on the same ports would measure the first one's servers, or break them.
for (const at of [port, port + 1, port + 2, port + 3]) {
  if (await portTaken(at)) {
    console.error(`Port ${at} is in use: stop what listens there, or give this bench other ports (BENCH_PORT=${port + 100}).`);
    fs.rmSync(scratch, { recursive: true, force: true });
    process.exit(2);
  }
}

let server;
try {
  if (which === 'all' || which === 'startup') server = await benchStartup();
  if (which !== 'startup') {
    if (!server) {
      server = startServer();
      await waitUp(server);
    }
    // First, on the freshly started server: its idle memory, then its peak under load.
    if (which === 'all' || which === 'memory') results.push(...(await benchMemoryBeside()));
    if (which === 'all' || which === 'signin') await benchSignIn();
    if (which === 'all' || which === 'trust') results.push(...(await benchTrust({ root, base, env, floorPort: port + 1 })));
    // After the others: it grows the demo household, which they do not expect.
    if (which === 'all' || which === 'client-info') {
      // Restarted once the couple is grown: the database's maintenance runs as it opens (bench-pages.mjs says why).
      const restart = async () => {
        await stop(server);
        server = startServer();
        await waitUp(server);
        return server;
      };
      results.push(...(await benchClientInfo({ base, env, server, restart })));
    }
    // After client-info, on the couple it grew (grown here when run alone); it moves their plan to Being Finalized.
    if (which === 'all' || which === 'summary-pdf') results.push(...(await benchSummaryPdf({ base, env, grown: which === 'all' })));
    if (which === 'all' || which === 'advisor-dashboard') {
      // The households go straight into the stopped server's database; the server then logs its
      // per-request SQL counts.
      await stop(server);
      server = null;
      await seedBenchAdvisors(env);
      server = startServer();
      await waitUp(server);
      results.push(...(await benchAdvisorDashboard({ base, password: demoPasswordOf(env.DEMO_ACCOUNTS_FILE), log: server.log, pid: server.pid })));
    }
    if (which === 'all' || which === 'overview') {
      // The statements of each view before the seeding, then the 500 advisors and 5,000 households go into
      // the stopped server's database, as above.
      const password = demoPasswordOf(env.DEMO_ACCOUNTS_FILE);
      const before = await overviewStatementCounts(base, await signInAdmin(base, password), server.log);
      await stop(server);
      server = null;
      await seedBenchOverview(env);
      server = startServer();
      await waitUp(server);
      results.push(...(await benchOverview({ base, password, log: server.log, pid: server.pid, before })));
    }
    if (which === 'all' || which === 'big-firm') {
      // The firm goes straight into the stopped server's database, as above.
      await stop(server);
      server = null;
      const seedSeconds = await seedBigFirm(env);
      server = startServer();
      await waitUp(server);
      results.push(...(await benchBigFirm({ base, password: demoPasswordOf(env.DEMO_ACCOUNTS_FILE), log: server.log, pid: server.pid, seedSeconds })));
    }
    if (which === 'allocations' || which === 'profile') {
      const password = demoPasswordOf(env.DEMO_ACCOUNTS_FILE);
      const [admin, advisor, attorney, client] = await Promise.all(
        ['admin', 'alice.morgan', 'attorney', 'pat.rivera'].map((who) => signIn(base, `${who}@demo.trustwell.test`, password)),
      );
      const clientHash = await ownHouseholdHash(base, client);
      await growCouple(base, admin, clientHash);
      const targets = {
        'client-info (advisor, big couple)': { path: `/client-info/${clientHash}`, cookie: advisor },
        'review (attorney, big couple)': { path: `/client-info/${clientHash}`, cookie: attorney },
        'dashboard (advisor)': { path: '/dashboard', cookie: advisor },
        '/settings (advisor)': { path: '/settings', cookie: advisor },
        // The framework's floor: a guest page with no statement of ours (what any page of Next costs).
        '/login (guest)': { path: '/login', cookie: null },
      };
      if (which === 'profile') {
        const profile = await cpuPerRender(base, inspectPort, targets);
        printCpuProfile(profile);
        for (const [name, { msPerRender }] of Object.entries(profile))
          results.push({ name: `${name}: main thread per render`, value: `${msPerRender.toFixed(1)} ms`, budget: '(measure)', ok: true });
      } else {
        const allocations = await allocationsPerRender(base, inspectPort, targets);
        printAllocations(allocations);
        for (const [name, { bytesPerRender, survivingPerRender }] of Object.entries(allocations))
          results.push({
            name: `${name}: allocated per render`,
            value: `${(bytesPerRender / 1024).toFixed(0)} KB, ${(survivingPerRender / 1024).toFixed(0)} KB surviving the young generation`,
            budget: '(measure)',
            ok: true,
          });
      }
    }
    // Last: it adds 20 large documents to the Riveras' plan, which the page measures above do not expect.
    if (which === 'all' || which === 'uploads') results.push(...(await benchUploads({ base, env, server })));
  }
} finally {
  if (server) await stop(server);
  fs.rmSync(scratch, { recursive: true, force: true });
}
console.log(`\nBenchmarks on ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'OVER'}  ${r.name.padEnd(58)} ${r.value.padEnd(44)} budget ${r.budget}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);

// The memory part of `npm run bench` (docs/performance.md, "Memory"): the resident memory of the server as
// `npm start` runs it, the whole process tree (scripts/start.mjs, the server it spawns, and every thread of
// it: the embedded database's thread is one), read from /proc:
//   - idle after start: a freshly started server, a few seconds after its first page;
//   - peak under load: 50 keep-alive connections, signed in as the demo advisor, each alternating between
//     /dashboard and the demo couple's client-info page, for 40 s, sampled every 100 ms; the p95 of the
//     requests is printed beside it (a memory figure bought with slower pages would not count).
// Budgets (issue 19): peak ≤ 400 MB on PostgreSQL, ≤ 600 MB on the embedded default.
import fs from 'node:fs';
import http from 'node:http';
import { signIn } from './bench-pages.mjs';
import { cpuMsOfTree, treeRss } from './bench-proc.mjs';

const CONNECTIONS = Number(process.env.BENCH_MEMORY_CONNECTIONS ?? 50);
const LOAD_MS = Number(process.env.BENCH_MEMORY_MS ?? 40_000);
const SAMPLE_MS = 100;
const MB = 1024 * 1024;

const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(xs.length * 0.95) - 1)];
const mb = (bytes) => `${(bytes / MB).toFixed(0)} MB`;

/** Each connection alternates between the paths until `ms` have passed: latencies per path. */
async function load(base, paths, cookie, { connections, ms }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const times = Object.fromEntries(paths.map((p) => [p, []]));
  const end = Date.now() + ms;
  const one = (p) =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      http
        .get(`${base}${p}`, { agent, headers: { cookie } }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(`${p}: status ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  try {
    await Promise.all(
      Array.from({ length: connections }, async (_, c) => {
        for (let i = c; Date.now() < end; i++) {
          const p = paths[i % paths.length];
          times[p].push(await one(p));
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return times;
}

/**
 * `server` is the freshly started `npm start` child (bench.mjs's startServer), already answering.
 * `database` names the database for the budget: 'postgres' or 'embedded'.
 */
export async function benchMemory({ base, env, server, database, log = (line) => console.log(line) }) {
  // Idle: the server has answered its first page; give start-up's last work (jobs, maintenance) a moment.
  await new Promise((r) => setTimeout(r, 5000));
  const idleSamples = [];
  for (let i = 0; i < 20; i++) {
    idleSamples.push(treeRss(server.pid).tree);
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
  }
  const idle = idleSamples.sort((a, b) => a - b)[10];
  const idleDetail = treeRss(server.pid)
    .processes.map((p) => `${p.name.split('/').at(-1)} ${mb(p.rss)}`)
    .join(', ');

  const password = fs.readFileSync(env.DEMO_ACCOUNTS_FILE, 'utf8').match(/^Password for all demo accounts: (\S+)\s*$/m)?.[1];
  const advisor = await signIn(base, 'alice.morgan@demo.trustwell.test', password);
  const client = await signIn(base, 'pat.rivera@demo.trustwell.test', password);
  const own = await (await fetch(`${base}/client-info`, { headers: { cookie: client } })).text();
  const clientHash = own.match(/\\?"client\\?":\{\\?"hash\\?":\\?"([A-Za-z0-9_-]{22})/)?.[1];
  if (!clientHash) throw new Error("no client hash on the client's own client-info page");
  const paths = ['/dashboard', `/client-info/${clientHash}`];

  let peak = 0;
  let peakDetail = '';
  const sampler = setInterval(() => {
    const { tree, processes } = treeRss(server.pid);
    if (tree > peak) {
      peak = tree;
      peakDetail = processes.map((p) => `${p.name.split('/').at(-1)} ${mb(p.rss)}`).join(', ');
    }
  }, SAMPLE_MS);
  let times;
  const cpuBefore = cpuMsOfTree(server.pid);
  try {
    times = await load(base, paths, advisor, { connections: CONNECTIONS, ms: LOAD_MS });
  } finally {
    clearInterval(sampler);
  }
  const after = treeRss(server.pid).tree;
  const cpuMs = cpuMsOfTree(server.pid) - cpuBefore;
  const [dashboard, clientInfo] = paths.map((p) => times[p]);
  const figures =
    `p95 /dashboard ${p95(dashboard).toFixed(0)} ms (${dashboard.length} req.), client-info ${p95(clientInfo).toFixed(0)} ms (${clientInfo.length} req.), ` +
    `server CPU ${(cpuMs / (dashboard.length + clientInfo.length)).toFixed(1)} ms a request`;
  log(`memory (${database}): idle ${mb(idle)} [${idleDetail}]`);
  log(`memory (${database}): peak ${mb(peak)} [${peakDetail}], ${mb(after)} after the load; ${figures}`);
  const budget = database === 'postgres' ? 400 * MB : 600 * MB;
  return [
    { name: `memory: idle RSS after start (${database}), process tree`, value: mb(idle), budget: 'none (reference)', ok: true },
    {
      name: `memory: peak RSS, ${CONNECTIONS} conn. ${LOAD_MS / 1000} s (${database})`,
      value: `${mb(peak)}; ${figures}`,
      budget: `≤ ${mb(budget)}`,
      ok: peak <= budget,
    },
  ];
}

// CPU time per render, the page budgets' measure in `npm run bench` (docs/performance.md, "CPU per render"):
// serial requests (one connection, one request at a time), the server's CPU time read from /proc before and
// after (utime + stime of the process and every thread of it: the render and the embedded database's
// thread), divided by the renders. On this shared 2-core machine a p95 under load moved by ±20 % between
// runs of one build, mostly with what other sessions ran; the CPU a render costs moves much less, because
// time spent waiting for a core is not counted. Each page is compared with /settings (the signed-in shell:
// the actor and one small statement, a short form) measured in the same run, interleaved round by round.
import http from 'node:http';
import { cpuMsOfTree } from './bench-proc.mjs';

const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 5);
const RENDERS_PER_ROUND = Number(process.env.BENCH_CPU_RENDERS ?? 30);

/** `count` serial GETs of one path on one keep-alive connection; fails on any answer but 200. */
export async function serial(base, path, cookie, count) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < count; i++) {
      await new Promise((resolve, reject) => {
        http
          .get(`${base}${path}`, { agent, headers: cookie ? { cookie } : {} }, (res) => {
            res.resume();
            res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${path}: status ${res.statusCode}`))));
          })
          .on('error', reject);
      });
    }
  } finally {
    agent.destroy();
  }
}

/**
 * CPU ms per render of each target ({ name: { path, cookie } }) in the server `pid`: a warm-up of 20 renders
 * each, then ROUNDS rounds in which every target gets RENDERS_PER_ROUND serial renders, in an order rotated
 * by one target each round. The clock ticks of
 * /proc are 10 ms, so each figure is a sum over ROUNDS × RENDERS_PER_ROUND renders (150 by default).
 */
export async function cpuPerRender(base, pid, targets) {
  const entries = Object.entries(targets);
  for (const [, { path, cookie }] of entries) await serial(base, path, cookie, 20);
  const spent = Object.fromEntries(entries.map(([name]) => [name, 0]));
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with the next target: the garbage one page leaves (and the collector's background
    // threads, counted in the tree's CPU) falls into the next page's window, so no page always follows the same one.
    const order = [...entries.slice(round % entries.length), ...entries.slice(0, round % entries.length)];
    for (const [name, { path, cookie }] of order) {
      const before = cpuMsOfTree(pid);
      await serial(base, path, cookie, RENDERS_PER_ROUND);
      spent[name] += cpuMsOfTree(pid) - before;
    }
  }
  return Object.fromEntries(entries.map(([name]) => [name, spent[name] / (ROUNDS * RENDERS_PER_ROUND)]));
}

// CPU time per render, the page budgets' measure in `npm run bench` (docs/performance.md, "CPU per render"):
// serial requests (one connection, one request at a time), the server's CPU time read from /proc before and
// after a batch of renders (every thread of the process: the render, the embedded database's thread and
// V8's helpers), divided by the renders. Time spent waiting for a core is not counted, so the figure moves
// much less with what else the machine runs than a latency does. Each page is compared with a reference
// page measured in the same run, interleaved batch by batch.
//
// Why small batches and a trimmed mean (2026-11-29, night): with 5 rounds of 30 renders read in 10 ms clock ticks,
// the client-info ratio of one server read 1.33 to 1.49 in three runs back to back: a full collection of the
// old generation, the embedded database's maintenance or a job falls into one window and moves its page by
// 10 % or more. Now each page gets 60 batches of 5 renders (300), the pages take turns batch by batch, the
// time is read to the nanosecond (schedstat), and the figure is the mean of the batches without the highest
// and lowest tenth: the same server read 1.50 to 1.54 in four runs.
import http from 'node:http';
import { preciseCpuMsOfTree } from './bench-proc.mjs';

const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 60);
const RENDERS_PER_ROUND = Number(process.env.BENCH_CPU_RENDERS ?? 5);
/** The share of batches left out at each end (the highest: a collection or a job; the lowest: its mirror). */
const TRIM = 0.1;

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

/** The mean of `values` without the lowest and highest `TRIM` of them. */
export function trimmedMean(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const cut = Math.floor(sorted.length * TRIM);
  const kept = sorted.slice(cut, sorted.length - cut);
  return kept.reduce((sum, v) => sum + v, 0) / kept.length;
}

/**
 * CPU ms per render of each target ({ name: { path, cookie } }) in the server `pid`: a warm-up of 20 renders
 * each, then ROUNDS rounds in which every target gets one batch of RENDERS_PER_ROUND serial renders, in an
 * order rotated by one target each round; each target's figure is the trimmed mean of its batches' CPU per
 * render (300 renders by default).
 */
export async function cpuPerRender(base, pid, targets) {
  const entries = Object.entries(targets);
  for (const [, { path, cookie }] of entries) await serial(base, path, cookie, 20);
  const batches = Object.fromEntries(entries.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    // Each round starts with the next target: the garbage one page leaves (and the collector's background
    // threads, counted in the tree's CPU) falls into the next page's window, so no page always follows the same one.
    const order = [...entries.slice(round % entries.length), ...entries.slice(0, round % entries.length)];
    for (const [name, { path, cookie }] of order) {
      const before = preciseCpuMsOfTree(pid);
      await serial(base, path, cookie, RENDERS_PER_ROUND);
      batches[name].push((preciseCpuMsOfTree(pid) - before) / RENDERS_PER_ROUND);
    }
  }
  return Object.fromEntries(entries.map(([name]) => [name, trimmedMean(batches[name])]));
}

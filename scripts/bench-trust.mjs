// The /trust part of `npm run bench` (scripts/bench.mjs), three measures against references taken in the same run:
//   1. first-load JavaScript of /trust over that of an empty App Router page (the framework's floor), built
//      from scripts/bench-floor with the same node_modules and next.config.mjs: within 10 KB gzip;
//   2. Lighthouse (mobile, Debian's Chromium) on /trust: performance >= 95, best practices 100;
//   3. /trust's throughput as a share of a static file's from the same server, interleaved rounds: >= 50 %.
// docs/performance.md explains each measure and what the floor is made of.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The flags every Chromium of this project runs with (tests/e2e/helpers/browser.ts): headless, offline. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
const KB = 1024;

/**
 * The module scripts a page loads on first view, each fetched and gzipped as a server would send it.
 * nomodule scripts (Next's legacy polyfills) are left out: modern browsers never download them.
 */
export async function firstLoadJs(base, pagePath) {
  const html = await (await fetch(new URL(pagePath, base))).text();
  const srcs = new Set(
    [...html.matchAll(/<script([^>]*)>/g)]
      .filter((m) => !/nomodule/i.test(m[1]))
      .map((m) => m[1].match(/src="([^"]+)"/)?.[1])
      .filter(Boolean),
  );
  const scripts = [];
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    scripts.push({ src, bytes: body.length, gzip: gzipSync(body).length });
  }
  return { htmlBytes: Buffer.byteLength(html), scripts, gzip: scripts.reduce((sum, s) => sum + s.gzip, 0) };
}

/** The deepest folder holding both paths: Turbopack's root for the floor, whose node_modules is a link. */
function commonAncestor(a, b) {
  const pa = a.split(path.sep);
  const pb = b.split(path.sep);
  let i = 0;
  while (i < pa.length && i < pb.length && pa[i] === pb[i]) i++;
  return pa.slice(0, i).join(path.sep) || path.sep;
}

/** What the floor's build depends on: versions, the fixture, and the project's resolved next.config. */
async function floorKey(root, fixture) {
  const version = (pkg) => JSON.parse(fs.readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  const { default: projectConfig } = await import(pathToFileURL(path.join(root, 'next.config.mjs')).href);
  const config = typeof projectConfig === 'function' ? await projectConfig('phase-production-build', {}) : projectConfig;
  const resolved = { ...config };
  for (const fn of ['rewrites', 'headers', 'redirects']) if (typeof config[fn] === 'function') resolved[fn] = await config[fn]();
  const hash = crypto.createHash('sha256');
  hash.update(JSON.stringify({ next: version('next'), react: version('react'), reactDom: version('react-dom'), node: process.version }));
  hash.update(JSON.stringify(resolved, (_, v) => (typeof v === 'function' ? String(v) : v)));
  for (const file of fs.readdirSync(fixture, { recursive: true }).sort()) {
    const full = path.join(fixture, String(file));
    if (fs.statSync(full).isFile()) hash.update(`${file}\0${fs.readFileSync(full)}`);
  }
  return `next-${version('next')}-${hash.digest('hex').slice(0, 16)}`;
}

/**
 * Builds the empty App Router app of scripts/bench-floor in a throwaway folder (node_modules linked to the
 * project's), once per key: a later run with the same Next version, config and fixture reuses the build.
 */
async function buildFloor(root, env, log) {
  const fixture = path.join(root, 'scripts', 'bench-floor');
  const key = await floorKey(root, fixture);
  const cacheRoot = path.join(os.tmpdir(), 'trustwell-bench-floor');
  const dir = path.join(cacheRoot, key);
  const done = path.join(dir, '.built');
  if (fs.existsSync(done)) {
    log(`floor: reusing the build in ${dir}`);
    return dir;
  }
  fs.rmSync(cacheRoot, { recursive: true, force: true }); // builds for other keys are stale
  fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(fixture, dir, { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  log(`floor: building the empty App Router app in ${dir}`);
  const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const result = spawnSync(process.execPath, [next, 'build'], { cwd: dir, env: floorEnv(root, dir, env), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`floor build failed:\n${result.stdout}\n${result.stderr}`);
  fs.writeFileSync(done, new Date().toISOString());
  return dir;
}

function floorEnv(root, dir, env) {
  return {
    ...env,
    BENCH_FLOOR_PROJECT_CONFIG: pathToFileURL(path.join(root, 'next.config.mjs')).href,
    BENCH_FLOOR_TURBOPACK_ROOT: commonAncestor(dir, fs.realpathSync(path.join(root, 'node_modules'))),
  };
}

/** Serves the floor with `next start` (it has no database and no custom server) and measures its first load. */
async function measureFloor(root, env, port, log) {
  const dir = await buildFloor(root, env, log);
  const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const child = spawn(process.execPath, [next, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: dir,
    env: floorEnv(root, dir, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`floor server exited:\n${out}`);
      try {
        if ((await fetch(base)).ok) break;
      } catch {}
      if (Date.now() > deadline) throw new Error(`floor server did not come up:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return await firstLoadJs(base, '/');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  }
}

/** Requests per second for one path: `connections` keep-alive connections for `ms`. */
async function throughput(base, pagePath, { connections = 20, ms = 3000 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const get = () =>
    new Promise((resolve, reject) => {
      http
        .get(`${base}${pagePath}`, { agent }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${pagePath}: status ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  let count = 0;
  const end = Date.now() + ms;
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (Date.now() < end) {
          await get();
          count++;
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return count / (ms / 1000);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Lighthouse's default (mobile, simulated throttling) on one URL, `runs` times in one Chromium. */
async function lighthouseScores(url, runs, log) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const performance = [];
  const bestPractices = [];
  const failing = new Set();
  try {
    for (let i = 0; i < runs; i++) {
      const { lhr } = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance', 'best-practices'], logLevel: 'error', output: 'json' });
      performance.push(Math.round(lhr.categories.performance.score * 100));
      bestPractices.push(Math.round(lhr.categories['best-practices'].score * 100));
      for (const ref of lhr.categories['best-practices'].auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) failing.add(ref.id);
      }
      log(
        `lighthouse run ${i + 1}: performance ${performance.at(-1)}, best practices ${bestPractices.at(-1)} (LCP ${lhr.audits['largest-contentful-paint'].displayValue}, TBT ${lhr.audits['total-blocking-time'].displayValue})`,
      );
    }
  } finally {
    await chrome.kill();
  }
  return { performance, bestPractices, failing: [...failing] };
}

/**
 * Runs the three /trust measures against the app server at `base` (already up) and returns result rows
 * for bench.mjs's table. `floorPort` is where the floor is served while it is measured.
 */
export async function benchTrust({ root, base, env, floorPort, log = (line) => console.log(line) }) {
  const results = [];
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

  // 1. First-load JavaScript over the framework's floor. The floor's build runs before the timed measures.
  const trust = await firstLoadJs(base, '/trust');
  const floor = await measureFloor(root, env, floorPort, log);
  const own = trust.gzip - floor.gzip;
  log(`first-load JS, gzip: /trust ${trust.gzip} B in ${trust.scripts.length} scripts, empty page ${floor.gzip} B in ${floor.scripts.length}`);
  results.push({
    name: `/trust first-load JS over the empty-page floor (gzip)`,
    value: `${kb(own)} (/trust ${(trust.gzip / KB).toFixed(1)}, floor ${kb(floor.gzip)})`,
    budget: '<= 10 KB',
    ok: own <= 10 * KB,
  });

  // 3. Throughput against a static file from the same server: the /trust script closest in size to the page,
  // so both sides send about as many bytes and the difference is what happens per request.
  const file = [...trust.scripts].sort((a, b) => Math.abs(a.bytes - trust.htmlBytes) - Math.abs(b.bytes - trust.htmlBytes))[0];
  log(`throughput: /trust (${kb(trust.htmlBytes)}) against ${file.src} (${kb(file.bytes)}), 20 connections, 5 rounds of 3 s each, interleaved`);
  await throughput(base, '/trust', { ms: 2000 });
  await throughput(base, file.src, { ms: 2000 });
  const page = [];
  const staticFile = [];
  for (let round = 0; round < 5; round++) {
    page.push(await throughput(base, '/trust'));
    staticFile.push(await throughput(base, file.src));
  }
  log(`throughput rounds (req/s): /trust ${page.map(Math.round).join(', ')}; static ${staticFile.map(Math.round).join(', ')}`);
  const ratio = median(page) / median(staticFile);
  results.push({
    name: '/trust throughput / static file throughput (medians)',
    value: `${(ratio * 100).toFixed(0)} % (${Math.round(median(page))} vs ${Math.round(median(staticFile))} req/s)`,
    budget: '>= 50 %',
    ok: ratio >= 0.5,
  });

  // 2. Lighthouse, mobile. Three runs, median score: single runs on this shared machine vary by a few points.
  const lh = await lighthouseScores(`${base}/trust`, 3, log);
  results.push({
    name: 'Lighthouse performance, /trust, mobile (median of 3)',
    value: `${median(lh.performance)} (runs ${lh.performance.join(', ')})`,
    budget: '>= 95',
    ok: median(lh.performance) >= 95,
  });
  results.push({
    name: 'Lighthouse best practices, /trust (every run)',
    value: `${Math.min(...lh.bestPractices)}${lh.failing.length ? ` (failing: ${lh.failing.join(', ')})` : ''}`,
    budget: '100',
    ok: lh.bestPractices.every((s) => s === 100),
  });
  return results;
}

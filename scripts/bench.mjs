#!/usr/bin/env node
// `npm run bench [startup|signin|trust]`: measures the budgets of docs/performance.md on this machine.
//   startup  cold `npm start` (build + empty embedded database) to first page, then a warm restart
//   signin   warm sign-in round trip (POST /login → 303), median of 30
//   trust    GET /trust throughput with 20 keep-alive connections for 10 s, and its first-load JS (gzip)
// With no argument, all three. Uses throwaway data folders; never touches ./.data.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

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
  NEXT_TELEMETRY_DISABLED: '1',
};
delete env.DATABASE_URL;
const which = process.argv[2] ?? 'all';
const results = [];

function startServer() {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  child.log = () => log;
  return child;
}

async function waitUp(child, timeoutMs = 300_000) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${child.log()}`);
    try {
      if ((await fetch(`${base}/login`)).ok) return Date.now() - t0;
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
  const body = new URLSearchParams({ _token: token, email: 'alice.morgan@demo.trustwell.test', password: 'Trustwell-demo-2026' });
  const t0 = performance.now();
  const res = await fetch(`${base}/login`, { method: 'POST', body, redirect: 'manual', headers: { origin: base } });
  const elapsed = performance.now() - t0;
  if (res.status !== 303 || !res.headers.get('location')?.startsWith('/dashboard')) throw new Error(`sign-in failed: ${res.status} ${res.headers.get('location')}`);
  return elapsed;
}

async function benchSignIn() {
  for (let i = 0; i < 3; i++) await signInOnce();
  const times = [];
  for (let i = 0; i < 30; i++) times.push(await signInOnce());
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  results.push({ name: 'warm sign-in round trip, median of 30', value: `${median.toFixed(0)} ms (p90 ${times[26].toFixed(0)} ms)`, budget: '< 300 ms', ok: median < 300 });
}

async function benchTrust() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const get = () =>
    new Promise((resolve, reject) => {
      http.get(`${base}/trust`, { agent }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
      }).on('error', reject);
    });
  for (let i = 0; i < 200; i++) await get();
  const durationMs = 10_000;
  let count = 0;
  const end = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (Date.now() < end) {
        await get();
        count++;
      }
    }),
  );
  agent.destroy();
  const rps = count / (durationMs / 1000);
  results.push({ name: 'GET /trust, 20 connections, 10 s', value: `${rps.toFixed(0)} req/s`, budget: '>= 1000 req/s', ok: rps >= 1000 });

  const html = await (await fetch(`${base}/trust`)).text();
  // nomodule scripts (Next's legacy polyfills) are never downloaded by modern browsers.
  const scripts = [...html.matchAll(/<script([^>]*)>/g)]
    .filter((m) => !/nomodule/i.test(m[1]))
    .map((m) => m[1].match(/src="([^"]+)"/)?.[1])
    .filter(Boolean);
  let gz = 0;
  let br = 0;
  for (const src of new Set(scripts)) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    gz += gzipSync(body).length;
    br += brotliCompressSync(body).length;
  }
  results.push({ name: `/trust first-load JS (${new Set(scripts).size} scripts, gzip)`, value: `${(gz / 1024).toFixed(1)} KB`, budget: '< 120 KB', ok: gz < 120 * 1024 });
  // For reference only (docs/performance.md): the budget counts gzip; the framework alone is 129.5 KB gzip.
  results.push({ name: '/trust first-load JS, brotli (reference)', value: `${(br / 1024).toFixed(1)} KB`, budget: 'none', ok: true });
}

let server;
try {
  if (which === 'all' || which === 'startup') server = await benchStartup();
  if (which !== 'startup') {
    if (!server) {
      server = startServer();
      await waitUp(server);
    }
    if (which === 'all' || which === 'signin') await benchSignIn();
    if (which === 'all' || which === 'trust') await benchTrust();
  }
} finally {
  if (server) await stop(server);
  fs.rmSync(scratch, { recursive: true, force: true });
}
console.log(`\nBenchmarks on ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'OVER'}  ${r.name.padEnd(58)} ${r.value.padEnd(26)} budget ${r.budget}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);

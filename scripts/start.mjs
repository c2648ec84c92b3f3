#!/usr/bin/env node
// `npm start`: builds when the build is missing or older than the sources, then serves the app on
// PORT (3000). With no DATABASE_URL it runs on embedded PGlite in ./.data, migrated and seeded on start.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const buildId = path.join(root, '.next', 'BUILD_ID');
const sources = ['app', 'components', 'lib', 'db', 'middleware.ts', 'instrumentation.ts', 'next.config.mjs', 'package.json'];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const port = process.env.PORT ?? '3000';
env.NEXTAUTH_URL ??= `http://localhost:${port}`;
const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');

const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
if (built < Math.max(...sources.map(newestMtime))) {
  console.log('Building the app (first start, or the sources changed)...');
  const result = spawnSync(process.execPath, [next, 'build'], { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

console.log(`Starting on http://localhost:${port} (${env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite in ./.data'})`);
const server = spawn(process.execPath, [next, 'start', '-p', port], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

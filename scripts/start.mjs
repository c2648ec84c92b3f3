#!/usr/bin/env node
// `npm start`: builds when the build is missing or older than the sources, then serves the app on
// PORT (3000). With no DATABASE_URL it runs on embedded PGlite in ./.data, migrated and seeded on start.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const port = process.env.PORT ?? '3000';
env.NEXTAUTH_URL ??= `http://localhost:${port}`;
const serverScript = path.join(root, 'scripts', 'server.mjs');

const status = buildIfStale(env);
if (status !== 0) process.exit(status);

console.log(`Starting on http://localhost:${port} (${env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite in ./.data'}, Node.js ${process.version})`);
// The server replaces this process (same process id, no parent Node process left waiting: about 55 MB of
// memory, docs/performance.md "Memory"); where process.execve is missing (Windows), it runs as a child.
if (typeof process.execve === 'function' && process.platform !== 'win32') {
  process.chdir(root);
  process.execve(process.execPath, [process.execPath, serverScript, '-p', port], env);
}
const server = spawn(process.execPath, [serverScript, '-p', port], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

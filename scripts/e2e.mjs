#!/usr/bin/env node
// `npm run test:e2e`: serves the built app with scripts/server.mjs (as `npm start` does) on a fresh embedded database seeded with the
// demo data, then runs the Chromium journeys in tests/e2e. Builds first when the build is missing or stale.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const serverScript = path.join(root, 'scripts', 'server.mjs');
const jest = path.join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const port = process.env.E2E_PORT ?? '3100';
const baseUrl = `http://127.0.0.1:${port}`;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'trustwell-e2e-'));

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  NEXTAUTH_URL: baseUrl,
  PGLITE_DATA_DIR: path.join(scratch, 'pglite'),
  SECRETS_FILE: path.join(scratch, 'secrets.json'),
  UPLOADS_DIR: path.join(scratch, 'uploads'),
  DEMO_ACCOUNTS_FILE: path.join(scratch, 'demo-accounts.txt'),
  SEED_DEMO_DATA: '1',
  E2E_BASE_URL: baseUrl,
};
delete env.DATABASE_URL; // journeys run on the embedded default, as a new user would

const built = buildIfStale(env);
if (built !== 0) process.exit(built);

const server = spawn(process.execPath, [serverScript, '-p', port, '-H', '127.0.0.1'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
let serverLog = '';
server.stdout.on('data', (d) => (serverLog += d));
server.stderr.on('data', (d) => (serverLog += d));

async function waitForServer() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`next start exited early:\n${serverLog}`);
    try {
      const res = await fetch(`${baseUrl}/login`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`next start did not answer within 120 s:\n${serverLog}`);
}

let status = 1;
try {
  await waitForServer();
  // The start-up output lists the demo advisors' sign-up links; the journeys join through the first one.
  const advisorLink = serverLog.match(/https?:\/\/\S+(\/join\/[A-Za-z0-9_-]+)/);
  if (advisorLink) env.E2E_ADVISOR_JOIN_PATH = advisorLink[1];
  // The demo password is random per database; the server wrote it to its demo-accounts file.
  const demoAccounts = fs.readFileSync(env.DEMO_ACCOUNTS_FILE, 'utf8');
  env.E2E_DEMO_PASSWORD = demoAccounts.match(/^Password for all demo accounts: (\S+)\s*$/m)?.[1];
  if (!env.E2E_DEMO_PASSWORD) throw new Error(`No demo password in ${env.DEMO_ACCOUNTS_FILE}:\n${serverLog}`);
  const result = spawnSync(process.execPath, [jest, '--selectProjects', 'e2e', '--runInBand', ...process.argv.slice(2)], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  status = result.status ?? 1;
} catch (error) {
  console.error(error.message);
} finally {
  server.kill('SIGTERM');
  if (status !== 0) {
    fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'test-results', 'e2e-server.log'), serverLog);
  }
  fs.rmSync(scratch, { recursive: true, force: true });
}
process.exit(status);

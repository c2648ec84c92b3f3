import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * A second app server for the tests that need other settings than the suite's (an https site URL, proxy
 * hops, a shared PostgreSQL): scripts/server.mjs on the built app, its own port and, unless `DATABASE_URL` is given,
 * an empty scratch embedded database (no demo data).
 */

const root = path.resolve(__dirname, '../../..');

/**
 * A running server: its address, its process id (to read its memory from /proc), what it has logged so far,
 * how to stop it, and how to kill it as a crash would (SIGKILL: nothing of the app runs after it; its
 * scratch folder stays for stop()).
 */
export type ScratchServer = { url: string; pid: number; log: () => string; stop: () => Promise<void>; kill: () => Promise<void> };

export async function startScratchServer(port: number, extraEnv: Record<string, string> = {}): Promise<ScratchServer> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'trustwell-e2e-server-'));
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXTAUTH_URL: url,
    PGLITE_DATA_DIR: path.join(scratch, 'pglite'),
    SECRETS_FILE: path.join(scratch, 'secrets.json'),
    UPLOADS_DIR: path.join(scratch, 'uploads'),
    DEMO_ACCOUNTS_FILE: path.join(scratch, 'demo-accounts.txt'),
    SEED_DEMO_DATA: '0',
  };
  // The embedded database unless the caller names another (the multi-server test's PostgreSQL).
  delete env.DATABASE_URL;
  Object.assign(env, extraEnv);
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/server.mjs'), '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const running = () => child.exitCode === null && child.signalCode === null;
  const stopWith = async (signal: NodeJS.Signals) => {
    if (!running()) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  const stop = async () => {
    await stopWith('SIGTERM');
    fs.rmSync(scratch, { recursive: true, force: true });
  };
  const kill = () => stopWith('SIGKILL');
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!running()) {
      await stop();
      throw new Error(`server exited:\n${log}`);
    }
    try {
      if ((await fetch(`${url}/login`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { url, pid: child.pid!, log: () => log, stop, kill };
}

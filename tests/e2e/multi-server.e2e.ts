import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { TestSmtp } from '../helpers/smtp';
import { startScratchServer, type ScratchServer } from './helpers/scratch-server';

/*
 * Several servers on one PostgreSQL behind a load balancer: nothing that matters may live in one process's
 * memory. Two servers (scripts/server.mjs on the built app) share a fresh database; the test plays the load
 * balancer, sending each request to one or the other. A session started on one is live on the other and a
 * logout on one ends it on both; the sign-in brake counted on one holds on the other; a job queued once is
 * worked once although both servers run workers.
 */

const POSTGRES = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORTS = [3197, 3198];
const database = `trustwell_multi_${process.pid}`;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'trustwell-multi-'));
const demoAccounts = path.join(scratch, 'demo-accounts.txt');
// The load balancer's address: both servers answer for it.
const site = `http://127.0.0.1:${PORTS[0]}`;

let servers: ScratchServer[] = [];
let smtp: TestSmtp;

async function admin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: POSTGRES });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(): string {
  const url = new URL(POSTGRES);
  url.pathname = `/${database}`;
  return url.toString();
}

beforeAll(async () => {
  await admin((c) => c.query(`CREATE DATABASE "${database}"`));
  smtp = await new TestSmtp().start();
  const env = {
    DATABASE_URL: databaseUrl(),
    NEXTAUTH_URL: site,
    NEXTAUTH_SECRET: 'multi-server-secret-for-tests-only',
    APP_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 9).toString('base64')}`,
    DEMO_ACCOUNTS_FILE: demoAccounts,
    SMTP_URL: smtp.url,
  };
  // The first server migrates and seeds; the second starts on the prepared database.
  servers = [await startScratchServer(PORTS[0], { ...env, SEED_DEMO_DATA: '1' })];
  servers.push(await startScratchServer(PORTS[1], { ...env, SEED_DEMO_DATA: '0' }));
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await smtp?.stop();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
  fs.rmSync(scratch, { recursive: true, force: true });
  // Each server lets its job workers finish (up to 10 s) before it exits; slower on a loaded machine.
}, 120_000);

const [a, b] = [0, 1];
const url = (server: number, pathname: string) => `${servers[server].url}${pathname}`;
const password = () => fs.readFileSync(demoAccounts, 'utf8').match(/^Password for all demo accounts: (\S+)\s*$/m)![1];
const advisorHash = (email: string) =>
  fs.readFileSync(demoAccounts, 'utf8').match(new RegExp(`${email.replace(/\./g, '\\.')}\\s+\\S+/join/([A-Za-z0-9_-]+)`))![1];

/** Posts the login form to one server; answers where it redirects and the session cookie it set. */
async function signIn(server: number, email: string, secret: string): Promise<{ location: string; cookie: string | null }> {
  const page = await fetch(url(server, '/login'));
  const token = (await page.text()).match(/name="csrf-token" content="([^"]+)"/)![1];
  const res = await fetch(url(server, '/login'), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site },
    body: new URLSearchParams({ _token: token, email, password: secret }),
  });
  const cookie =
    res.headers
      .getSetCookie()
      .find((c) => c.includes('session-token='))
      ?.split(';')[0] ?? null;
  return { location: res.headers.get('location') ?? '', cookie };
}

async function settingsStatus(server: number, cookie: string): Promise<{ status: number; location: string | null; html: string }> {
  const res = await fetch(url(server, '/settings'), { redirect: 'manual', headers: { cookie } });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

describe('two servers on one PostgreSQL', () => {
  it('share sessions: a sign-in on one works on the other, and a logout on one ends it on both', async () => {
    const { cookie } = await signIn(a, 'ben.carter@demo.trustwell.test', password());
    expect(cookie).toBeTruthy();
    const onB = await settingsStatus(b, cookie!);
    expect(onB.status).toBe(200);
    expect(onB.html).toContain('My Information');

    const logout = await fetch(url(a, '/logout'), { method: 'POST', redirect: 'manual', headers: { cookie: cookie!, origin: site } });
    expect(logout.status).toBe(303);
    for (const server of [a, b]) {
      const after = await settingsStatus(server, cookie!);
      expect(after.status).toBeGreaterThanOrEqual(300);
      expect(after.status).toBeLessThan(400);
      expect(after.location).toContain('/login');
    }
  }, 60_000);

  it('share the sign-in brake: failures counted on one server slow the next attempt on the other', async () => {
    const email = 'casey.lee@demo.trustwell.test';
    // Five free failures, then two more each after its wait (1 s, 2 s): the next wait is 4 s.
    for (let i = 0; i < 5; i++) expect((await signIn(a, email, 'wrong-password')).location).toContain('error=credentials');
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await signIn(a, email, 'wrong-password')).location).toContain('error=credentials');
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await signIn(a, email, 'wrong-password')).location).toContain('error=credentials');
    // At once, on the other server, even with the right password: slowed by what the first one counted.
    const other = await signIn(b, email, password());
    expect(other.location).toContain('error=locked');
    expect(other.cookie).toBeNull();
  }, 60_000);

  it('work a queued job once although both run workers', async () => {
    const { cookie } = await signIn(b, 'alice.morgan@demo.trustwell.test', password());
    const invitee = `multi-${Date.now()}@test.example`;
    const res = await fetch(url(b, '/api/sendInvite/'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookie!, origin: site },
      body: JSON.stringify({ client_name: 'Multi Server', client_email: invitee, advisor_id: advisorHash('alice.morgan@demo.trustwell.test') }),
    });
    expect(res.status).toBe(200);
    const deadline = Date.now() + 30_000;
    while (!smtp.received.some((m) => m.to.includes(invitee)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    // Both servers poll every 2 s: give the other one several chances to send it again.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(smtp.received.filter((m) => m.to.includes(invitee))).toHaveLength(1);
  }, 60_000);
});

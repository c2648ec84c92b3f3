import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { FAKE_ACH_ACCOUNT, FAKE_CARD_ACCOUNT, FAKE_PUBLIC_KEY, FAKE_SECRET_KEY, FakeLawPay } from '../helpers/fake-lawpay';
import { legacyCard } from '../helpers/payment-fixtures';
import { TestSmtp } from '../helpers/smtp';
import { startScratchServer, type ScratchServer } from './helpers/scratch-server';

/*
 * Several servers on one PostgreSQL behind a load balancer: nothing that matters may live in one process's
 * memory. Two servers (scripts/server.mjs on the built app) share a fresh database; the test plays the load
 * balancer, sending each request to one or the other. A session started on one is live on the other and a
 * logout on one ends it on both; the sign-in brake counted on one holds on the other; a job queued once is
 * worked once although both servers run workers. Payments go to a stand-in for LawPay (slow when a test
 * asks): balance payments sent to both servers at once charge once, and a server killed (SIGKILL) after
 * LawPay charged but before it answered leaves nothing for the other server to charge twice.
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
let lawpay: FakeLawPay;

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
  lawpay = await new FakeLawPay().start();
  const env = {
    DATABASE_URL: databaseUrl(),
    NEXTAUTH_URL: site,
    NEXTAUTH_SECRET: 'multi-server-secret-for-tests-only',
    APP_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 9).toString('base64')}`,
    DEMO_ACCOUNTS_FILE: demoAccounts,
    SMTP_URL: smtp.url,
    LAWPAY_PUBLIC_KEY: FAKE_PUBLIC_KEY,
    LAWPAY_SECRET_KEY: FAKE_SECRET_KEY,
    LAWPAY_CARD_ACCOUNT_ID: FAKE_CARD_ACCOUNT,
    LAWPAY_ACH_ACCOUNT_ID: FAKE_ACH_ACCOUNT,
    LAWPAY_API_URL: lawpay.url,
    LAWPAY_HOSTED_FIELDS_URL: lawpay.hostedFieldsScriptUrl,
  };
  // The first server migrates and seeds; the second starts on the prepared database.
  servers = [await startScratchServer(PORTS[0], { ...env, SEED_DEMO_DATA: '1' })];
  servers.push(await startScratchServer(PORTS[1], { ...env, SEED_DEMO_DATA: '0' }));
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await smtp?.stop();
  await lawpay?.stop();
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

  describe('payments', () => {
    const BEN = 'ben.carter@demo.trustwell.test';
    /** Ben's balance paid through one server: the answer's status and JSON body. */
    const payBalance = async (server: number, cookie: string) => {
      const res = await fetch(url(server, '/billing/processLawpayPayment'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: site },
        body: JSON.stringify({ user_type: 'advisor', ...legacyCard, advisor_id: advisorHash(BEN) }),
      });
      return { status: res.status, body: (await res.json()) as { message: string; advisor?: { outstanding_balance: string } } };
    };
    const db = <T>(fn: (client: Client) => Promise<T>) => {
      const client = new Client({ connectionString: databaseUrl() });
      return client.connect().then(() => fn(client).finally(() => client.end()));
    };
    const addInvoice = (amount: string) =>
      db((c) =>
        c.query(
          `insert into invoices (hash, advisor_id, description, amount) select md5(random()::text), a.id, 'Test invoice', $1
                 from advisors a join users u on u.id = a.user_id where u.email = $2`,
          [amount, BEN],
        ),
      );
    const openTotal = () =>
      db(async (c) => {
        const { rows } = await c.query(
          `select coalesce(sum(i.amount - i.amount_paid), 0)::numeric(12,2)::text as total from invoices i join advisors a on a.id = i.advisor_id
           join users u on u.id = a.user_id where u.email = $1 and i.status = 'open'`,
          [BEN],
        );
        return rows[0].total as string;
      });
    const chargedCents = () =>
      lawpay
        .charges()
        .map((c) => c.amount)
        .sort((x, y) => x - y);

    it('balance payments sent to both servers at once charge once', async () => {
      const { cookie } = await signIn(a, BEN, password());
      const total = await openTotal();
      lawpay.reset();
      lawpay.chargeDelayMs = 1_500;
      const answers = await Promise.all([a, b, a, b].map((server) => payBalance(server, cookie!)));
      lawpay.chargeDelayMs = 0;
      // Each answer is the one payment's success, or "still being processed" for a call that stopped waiting.
      for (const r of answers)
        expect(r.status === 200 ? r.body.message : `${r.status} ${r.body.message}`).toMatch(/^Payment Successful!|^409 Your payment is still/);
      expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
      expect(lawpay.count('POST', '/v1/charges')).toBe(1);
      expect(chargedCents()).toEqual([Math.round(Number(total) * 100)]);
      expect(await openTotal()).toBe('0.00');
    }, 90_000);

    // Last in this file: it kills the first server.
    it('a server killed after LawPay charged, before it answered: the other server records that charge and charges only the new invoice', async () => {
      const { cookie } = await signIn(b, BEN, password());
      await addInvoice('200.00');
      const before = lawpay.charges().length;
      lawpay.chargeDelayMs = 5_000;
      const dying = payBalance(a, cookie!).catch(() => null);
      const deadline = Date.now() + 20_000;
      while (lawpay.charges().length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(lawpay.charges().length).toBe(before + 1);
      await servers[a].kill();
      await dying;
      lawpay.chargeDelayMs = 0;

      await addInvoice('50.00');
      const paid = await payBalance(b, cookie!);
      expect(paid).toMatchObject({
        status: 200,
        body: { message: 'Payment Successful! Your balance is paid in full', advisor: { outstanding_balance: '0.00' } },
      });
      const made = lawpay
        .charges()
        .slice(before)
        .map((c) => c.amount);
      expect(made.sort((x, y) => x - y)).toEqual([5_000, 20_000]);
      expect(await openTotal()).toBe('0.00');
      const recorded = await db((c) => c.query(`select amount::text from payments where charge_type = 'advisor_balance' order by amount`));
      expect(recorded.rows.map((r) => r.amount)).toEqual(expect.arrayContaining(['50.00', '200.00']));
    }, 90_000);
  });
});

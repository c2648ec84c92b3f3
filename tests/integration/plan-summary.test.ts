import { eq } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GET as summaryRoute } from '@/app/api/plan-summary/[clientHash]/route';
import { db } from '@/db';
import * as t from '@/db/schema';
import { PEER_HEADER } from '@/lib/http/request';
import { DEMO_ACCOUNTS, seedDemoData } from '@/lib/seed/demo';
import { FUNDING_NOT_BEGUN_NOTE } from '@/lib/plan-summary/summary';
import { resetDatabase } from '../helpers/db';
import { FEATURE_LOCKED_MESSAGE } from '@/lib/billing/lock';
import { makeAdvisor, makeHousehold, makeUser } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';

/*
 * The plan summary PDF (issue 30) of the demo's Riveras, through its route: the text pdftotext reads out of
 * it, before funding and once the plan is being finalized, and never a full SSN or identifier.
 */

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'trustwell-summary-'));
process.env.DEMO_ACCOUNTS_FILE = path.join(scratch, 'demo-accounts.txt');
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let pdfs = 0;
/** The whole text of a PDF, in reading order (poppler's pdftotext). */
function pdfText(bytes: Uint8Array): string {
  const file = path.join(scratch, `summary-${++pdfs}.pdf`);
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function download(clientHash: string) {
  const request = new Request(`http://localhost:3000/api/plan-summary/${clientHash}`, { headers: { [PEER_HEADER]: '203.0.113.90' } });
  const response = await summaryRoute(request, { params: Promise.resolve({ clientHash }) });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

let pat: typeof t.users.$inferSelect;
let patClientHash: string;
let planId: number;

beforeAll(async () => {
  await resetDatabase();
  await seedDemoData(db);
  [pat] = await db.select().from(t.users).where(eq(t.users.email, DEMO_ACCOUNTS[6].email));
  const [client] = await db.select().from(t.clients).where(eq(t.clients.userId, pat.id));
  patClientHash = client.hash;
  [{ id: planId }] = await db.select({ id: t.estatePlans.id }).from(t.estatePlans).where(eq(t.estatePlans.clientId, client.id));
}, 120_000);

afterEach(() => signOut());

describe('the plan summary PDF of the Riveras', () => {
  it('is an attachment named after the trust, with its people, beneficiaries, flow and assets', async () => {
    await signInAs(pat);
    const { response, bytes } = await download(patClientHash);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Rivera Family Trust ? summary.pdf"; filename*=UTF-8''Rivera%20Family%20Trust%20%E2%80%93%20summary.pdf`,
    );
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    // Kept for a look (test-results/ is not committed): pdftoppm -png -r 60 turns it into pages.
    fs.mkdirSync('test-results', { recursive: true });
    fs.writeFileSync('test-results/plan-summary-rivera.pdf', bytes);
    const text = pdfText(bytes);
    for (const expected of [
      'The Rivera Family Trust',
      'Plan summary',
      'Under Attorney Review',
      'not your trust, will or power of attorney',
      // People and their roles: the trustors, successor trustees in order, agents, guardians of the minors.
      'Pat Rivera',
      'Trustor and initial co-trustee',
      'Medical durable power of attorney',
      'Together as co-agents',
      'Jamie Rivera',
      'Noah Rivera',
      // Who receives what: tiers with shares and per stirpes, omitted ones, gifts, the default scenario.
      'Primary beneficiaries',
      'Per stirpes',
      'Intentionally omitted',
      'Provided for during our lifetime.',
      "Grandfather's 1965 Omega",
      'Cash: $25,000.00',
      'How the estate passes when both have died',
      // Assets by owner, before funding, and the probate exposure.
      '1200 Alameda Ave, San Jose',
      '$1,450,000.00',
      'Wells Fargo Checkings ••••2223',
      'Probate exposure',
    ])
      expect({ expected, found: text.includes(expected) }).toEqual({ expected, found: true });
    // Successor trustees in their order.
    expect(text).toMatch(/1\.\s+Avery Rivera[\s\S]*2\.\s+Morgan Ellis[\s\S]*3\.\s+Elena Rivera/);
    expect(text.replace(/\s+/g, ' ')).toContain(FUNDING_NOT_BEGUN_NOTE);
    expect(text).not.toMatch(/Funding\s*$/m);
  });

  it('shows each asset’s funding status and the probate exposure once the plan is being finalized', async () => {
    await db.update(t.estatePlans).set({ status: 'finalizing' }).where(eq(t.estatePlans.id, planId));
    try {
      await signInAs(pat);
      const text = pdfText((await download(patClientHash)).bytes);
      expect(text).toContain('Being Finalized');
      expect(text).toContain('Not started');
      expect(text).toMatch(/would go through probate today/);
      expect(text).not.toContain(FUNDING_NOT_BEGUN_NOTE.slice(0, 40));
    } finally {
      await db.update(t.estatePlans).set({ status: 'preparing' }).where(eq(t.estatePlans.id, planId));
    }
  });

  it('never holds a full SSN, entity identifier or account number, even for an admin', async () => {
    const admin = await makeUser({ isAdmin: true });
    await signInAs(admin.user);
    const { response, bytes } = await download(patClientHash);
    expect(response.status).toBe(200);
    const digits = pdfText(bytes).replace(/[^0-9]/g, ' ');
    // The demo's SSNs, identifiers and account numbers (lib/seed/demo.ts), with or without dashes.
    for (const secret of [
      '123456789',
      '234567890',
      '345678901',
      '456789012',
      '567890123',
      '678901234',
      '789012345',
      '123456789',
      '941234567',
      '7000123456',
      '0001112223',
    ])
      expect(digits.replace(/ /g, '')).not.toContain(secret);
    expect(pdfText(bytes)).not.toMatch(/\d{3}-\d{2}-\d{4}|\d{2}-\d{7}/);
  });

  it('of a single client with a half-finished intake: a living trust, what is known so far', async () => {
    const [jordan] = await db.select().from(t.users).where(eq(t.users.email, DEMO_ACCOUNTS[5].email));
    const [client] = await db.select().from(t.clients).where(eq(t.clients.userId, jordan.id));
    await signInAs(jordan);
    const { response, bytes } = await download(client.hash);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('Jordan%20Blake%20Living%20Trust%20%E2%80%93%20summary.pdf');
    fs.writeFileSync('test-results/plan-summary-jordan.pdf', bytes);
    const text = pdfText(bytes);
    expect(text).toContain('The Jordan Blake Living Trust');
    expect(text).toContain('Trustor and initial trustee');
    expect(text).toContain('In Progress');
    expect(text).toContain('How the estate passes when Jordan dies');
  });

  it('is 404 for a household outside the actor’s scope, as for an unknown one', async () => {
    const [lee] = await db.select().from(t.users).where(eq(t.users.email, DEMO_ACCOUNTS[8].email));
    await signInAs(lee);
    expect((await download(patClientHash)).response.status).toBe(404);
    expect((await download('AAAAAAAAAAAAAAAAAAAAAA')).response.status).toBe(404);
    signOut();
    expect((await download(patClientHash)).response.status).toBe(401);
  });

  it('is refused to a locked advisor and their client (403, the lock’s message), not to an admin', async () => {
    const advisor = await makeAdvisor({ maxInvoices: 1 });
    const household = await makeHousehold(advisor.advisor.id);
    await db.insert(t.invoices).values({ advisorId: advisor.advisor.id, description: 'Trust', amount: '995.00' });
    for (const user of [advisor.user, household.user]) {
      await signInAs(user);
      const { response, bytes } = await download(household.client.hash);
      expect({ status: response.status, body: JSON.parse(Buffer.from(bytes).toString()) }).toEqual({ status: 403, body: { message: FEATURE_LOCKED_MESSAGE } });
    }
    await signInAs((await makeUser({ isAdmin: true })).user);
    expect((await download(household.client.hash)).response.status).toBe(200);
  });
});

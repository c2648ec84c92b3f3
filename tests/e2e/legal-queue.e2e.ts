import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations, browserForThisFile, resultsDir, screenshot, settle, signIn } from './helpers/browser';
import { startScratchServer, type ScratchServer } from './helpers/scratch-server';

/*
 * The first hour as the legal team and the client live it (issue 27), in Chromium. A server of its own on a
 * fresh PostgreSQL database with the demo data and 30 more submitted households (written straight into the
 * database, under two advisors of a firm of their own: the queue needs more than a page of them, which no
 * journey could submit in time, and the counts the journey checks are that firm's, whatever the demo holds):
 * the attorney finds the work queue on the dashboard, oldest submission first, filters it (the address holds
 * the filters; the back button returns to the queue before), pages, and opens a review from it; the admin
 * sees the queue too. Pat Rivera (submitted, Under Attorney Review, two documents shared) reads what happens next
 * under the banner, and nothing calls the documents ready; the attorney moves the Riveras' plan to Being
 * Finalized and Complete from the review, and Pat reads that the documents are ready. Screenshots at 1280
 * and 390 px of each screen (full pages, and the top of the client's page as a visitor first sees it), axe
 * on each.
 */

const POSTGRES = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.E2E_QUEUE_PORT ?? 3214);
const database = `trustwell_queue_e2e_${process.pid}`;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'trustwell-queue-'));
const demoAccounts = path.join(scratch, 'demo-accounts.txt');

const ATTORNEY = 'attorney@demo.trustwell.test';
const ADMIN = 'admin@demo.trustwell.test';
const PAT = 'pat.rivera@demo.trustwell.test';
const ALICE = 'alice.morgan@demo.trustwell.test';
const RIVERAS = 'Pat Rivera and Sam Elise Rivera';
const DAY = 86_400_000;

let server: ScratchServer;

async function admin<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
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

const hash = () => randomBytes(16).toString('base64url');
const FIRST = ['Avery', 'Blair', 'Casey', 'Devon', 'Emery', 'Finley', 'Harper', 'Jamie', 'Kendall', 'Logan'];
const LAST = ['Abbott', 'Bishop', 'Castillo', 'Donovan', 'Ellison', 'Fairbanks', 'Galloway', 'Hollister', 'Iverson', 'Jefferson'];
/** 30 households: 27 open (On Hold every fifth), 2 complete, 1 canceled; submitted 2 to 60 days ago (the later, the longer ago). */
const OPEN = ['sent', 'preparing', 'awaiting', 'finalizing', 'hold'] as const;
const extraStatus = (i: number) => (i < 27 ? OPEN[i % 5] : i < 29 ? 'complete' : 'canceled');

/** The firm of the extra households' advisors: the journeys filter by it, so the demo's own plans never change their counts. */
const FIRM = 'Meridian Trust Advisors';

/** The extra submitted households, under two advisors of a firm of their own (people and names made up). */
async function seedSubmittedHouseholds() {
  await admin(databaseUrl(), async (db) => {
    const firm = await db.query<{ id: number }>('insert into firms (hash, name) values ($1, $2) returning id', [hash(), FIRM]);
    const advisors: number[] = [];
    for (const [first, last] of [
      ['Morgan', 'Reyes'],
      ['Quinn', 'Alvarez'],
    ]) {
      const email = `${first}.${last}@meridian.example`.toLowerCase();
      const person = await db.query<{ id: number }>('insert into persons (hash, first_name, last_name, email) values ($1, $2, $3, $4) returning id', [
        hash(),
        first,
        last,
        email,
      ]);
      const user = await db.query<{ id: number }>(
        'insert into users (hash, person_id, email, password_hash, is_advisory) values ($1, $2, $3, $4, true) returning id',
        [hash(), person.rows[0].id, email, 'not-a-password-hash'],
      );
      const advisor = await db.query<{ id: number }>('insert into advisors (hash, user_id) values ($1, $2) returning id', [hash(), user.rows[0].id]);
      await db.query('insert into advisor_firms (advisor_id, firm_id) values ($1, $2)', [advisor.rows[0].id, firm.rows[0].id]);
      advisors.push(advisor.rows[0].id);
    }
    for (let i = 0; i < 30; i++) {
      const person = await db.query<{ id: number }>('insert into persons (hash, first_name, last_name, email) values ($1, $2, $3, $4) returning id', [
        hash(),
        FIRST[i % 10],
        LAST[Math.floor(i / 3) % 10],
        `queue.client${i}@example.com`,
      ]);
      const client = await db.query<{ id: number }>(
        'insert into clients (hash, person_id, advisor_id, is_trust_submitted) values ($1, $2, $3, true) returning id',
        [hash(), person.rows[0].id, advisors[i % 2]],
      );
      await db.query('insert into households (hash, owner1_client_id) values ($1, $2)', [hash(), client.rows[0].id]);
      await db.query('insert into estate_plans (hash, client_id, status, submitted_at, created_at) values ($1, $2, $3, $4, $5)', [
        hash(),
        client.rows[0].id,
        extraStatus(i),
        new Date(Date.now() - (2 + 2 * i) * DAY),
        new Date(Date.now() - 90 * DAY),
      ]);
    }
  });
}

beforeAll(async () => {
  await admin(POSTGRES, (c) => c.query(`CREATE DATABASE "${database}"`));
  server = await startScratchServer(PORT, {
    DATABASE_URL: databaseUrl(),
    NEXTAUTH_SECRET: 'queue-e2e-secret-for-tests-only',
    APP_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
    DEMO_ACCOUNTS_FILE: demoAccounts,
    SEED_DEMO_DATA: '1',
    ATTORNEY_TURNAROUND_BUSINESS_DAYS: '10',
  });
  await seedSubmittedHouseholds();
}, 240_000);

afterAll(async () => {
  // The server lets its job workers finish (up to 10 s) before it exits; on a loaded machine that has taken
  // minutes, so after a minute it is killed (its database is dropped next anyway).
  if (server) {
    const stopped = server.stop();
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([stopped.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(resolve, 60_000, true)))]);
    clearTimeout(timer);
    if (late) await server.kill();
    await stopped;
  }
  await admin(POSTGRES, (c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
  fs.rmSync(scratch, { recursive: true, force: true });
}, 180_000);

const browser = browserForThisFile();
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

const password = () => fs.readFileSync(demoAccounts, 'utf8').match(/^Password for all demo accounts: (\S+)\s*$/m)![1];

async function signedIn(email: string, width: number): Promise<Page> {
  const context = await browser().newContext({ baseURL: server.url, viewport: { width, height: width < 600 ? 844 : 900 } });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, email, password());
  return page;
}

async function expectNoViolations(page: Page, name: string) {
  await settle(page);
  const violations = await axeViolations(page);
  if (violations.length) await screenshot(page, `a11y-failure-${name}`);
  expect({ name, violations }).toEqual({ name, violations: [] });
}

/** The page as a visitor first sees it (the window, not the whole page), beside the full-page screenshot. */
async function screenshotTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(resultsDir, `${name}.png`) });
}

const queue = (page: Page) => page.getByRole('region', { name: 'Work queue', exact: true });
const queueTable = (page: Page) => page.getByRole('table').first();
/** The households of the queue's rows, in order. */
const households = (page: Page) => queue(page).getByRole('row').locator('td:first-child').allTextContents();

describe("the legal team's work queue", () => {
  it('the attorney finds the oldest submissions first, filters (the address keeps them; back returns), pages and opens a review', async () => {
    const page = await signedIn(ATTORNEY, 1280);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Attorney' }).waitFor();
    await queue(page).waitFor();
    // Everything the spec names on the Attorney dashboard is still there, under the queue.
    await page.getByRole('heading', { level: 2, name: 'Advisors', exact: true }).waitFor();
    const headers = await queueTable(page).getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Household', 'Advisor and firm', 'Status', 'Submitted', 'Waiting']);
    // The open work of every advisor (the demo's and the 27 open extra plans): more than a page, the longest waits first.
    const whole = await queue(page)
      .getByText(/^Showing 1–25 of \d+ plans$/)
      .textContent();
    expect(Number(/of (\d+) plans/.exec(whole!)![1])).toBeGreaterThanOrEqual(28);
    const waits = await queue(page).getByRole('row').locator('td:last-child').allTextContents();
    const days = waits.map((w) => (/^\d+ days?$/.test(w) ? Number(w.replace(/\D/g, '')) : 0));
    expect(days).toEqual([...days].sort((a, b) => b - a));
    await expectNoViolations(page, 'queue-attorney-1280');
    await screenshot(page, 'i27-queue-attorney-1280');

    // Filter: the extra firm's advisors (one of whose names, or the firm's), then also On Hold.
    await page.getByLabel('Advisor or firm').fill('meridian');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/qadvisor=meridian/);
    await queue(page).getByText('Showing 1–25 of 27 plans').waitFor();
    const first = queue(page).getByRole('row').nth(1);
    expect(await first.textContent()).toContain('Harper Iverson');
    expect(await first.textContent()).toContain(FIRM);
    expect(await first.textContent()).toContain('54 days');
    await page.getByLabel('Status').selectOption({ label: 'On Hold' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/qstatus=hold/);
    expect(new URL(page.url()).searchParams.get('qadvisor')).toBe('meridian');
    await queue(page).getByText('Showing 1–5 of 5 plans').waitFor();
    const statuses = await queue(page).getByRole('row').locator('td:nth-child(3)').allTextContents();
    expect(new Set(statuses)).toEqual(new Set(['On Hold']));
    await expectNoViolations(page, 'queue-filtered-1280');
    await screenshot(page, 'i27-queue-filtered-1280');

    // A bookmark of the filtered queue opens the same view; back returns to the queue before it, fields included.
    const bookmark = page.url();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('qstatus') !== 'hold');
    await queue(page).getByText('Showing 1–25 of 27 plans').waitFor();
    expect(await page.getByLabel('Status').inputValue()).toBe('attorney');
    expect(await page.getByLabel('Advisor or firm').inputValue()).toBe('meridian');
    await page.goto(bookmark);
    await queue(page).getByText('Showing 1–5 of 5 plans').waitFor();
    expect(await page.getByLabel('Status').inputValue()).toBe('hold');

    // The second page of the firm's open plans.
    await page.getByLabel('Status').selectOption({ label: 'Attorney Control' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await queue(page).getByText('Showing 1–25 of 27 plans').waitFor();
    await page.getByRole('navigation', { name: 'Work queue pages' }).getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/qpage=2/);
    await queue(page).getByText('Showing 26–27 of 27 plans').waitFor();
    expect(await households(page)).toHaveLength(2);
    await expectNoViolations(page, 'queue-page-2-1280');
    await screenshot(page, 'i27-queue-page2-1280');

    // A client by name, and their review opened from the queue: attorneys start on the review.
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '');
    // The cleared queue's form replaces the filtered one (nothing left to clear).
    await page.getByRole('link', { name: 'Clear filters' }).waitFor({ state: 'detached' });
    await page.getByLabel('Client name').fill('rivera');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/qclient=rivera/);
    expect(await households(page)).toEqual([RIVERAS]);
    await queue(page).getByRole('link', { name: RIVERAS }).click();
    await page.waitForURL(/\/client-info\/[\w-]+$/);
    await page.getByRole('heading', { level: 1, name: 'Review Information' }).waitFor();
    await page.getByText('Trust Under Attorney Review', { exact: true }).waitFor();
    await expectNoViolations(page, 'queue-review-1280');
    await screenshotTop(page, 'i27-queue-review-1280');
  }, 180_000);

  it('on a phone the queue is a list of labelled cards, filters stacked', async () => {
    const page = await signedIn(ATTORNEY, 390);
    await page.waitForURL('**/dashboard');
    await queue(page).waitFor();
    // The column headers give way to each card's labels.
    expect(await queueTable(page).getByRole('columnheader').first().isVisible()).toBe(false);
    const label = await queue(page)
      .getByRole('row')
      .nth(1)
      .locator('td')
      .first()
      .evaluate((td) => getComputedStyle(td, '::before').content);
    expect(label).toBe('"Household"');
    // Nothing wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoViolations(page, 'queue-attorney-390');
    await screenshot(page, 'i27-queue-attorney-390');
    await screenshotTop(page, 'i27-queue-attorney-390-top');
    await page.getByLabel('Status').selectOption({ label: 'Complete' });
    await page.getByLabel('Advisor or firm').fill('meridian');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/qstatus=complete/);
    await queue(page).getByText('Showing 1–2 of 2 plans').waitFor();
    await expectNoViolations(page, 'queue-filtered-390');
    await screenshot(page, 'i27-queue-filtered-390');
  }, 120_000);

  it('the admin has the queue above the advisors, Create Advisor and User Management', async () => {
    for (const width of [1280, 390]) {
      const page = await signedIn(ADMIN, width);
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
      await queue(page)
        .getByText(/^Showing 1–25 of \d+ plans$/)
        .waitFor();
      await page.getByRole('heading', { name: 'Create Advisor' }).waitFor();
      await page.getByRole('heading', { name: 'User Management' }).waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, `queue-admin-${width}`);
      await screenshot(page, `i27-queue-admin-${width}`);
    }
  }, 120_000);
});

describe('what happens next, for the client', () => {
  const panel = (page: Page) => page.getByRole('region', { name: 'What happens next' });

  async function openOwnPage(width: number) {
    const page = await signedIn(PAT, width);
    await page.goto('/client-info');
    await page.waitForLoadState('networkidle');
    await panel(page).waitFor();
    return page;
  }

  it('Pat, Under Attorney Review: the steps, attorney review now, the turnaround, Alice Morgan to contact; nothing called ready', async () => {
    for (const width of [1280, 390]) {
      const page = await openOwnPage(width);
      await page.getByText('Trust Under Attorney Review', { exact: true }).waitFor();
      expect(await panel(page).getByRole('listitem').allTextContents()).toEqual([
        expect.stringMatching(/^1Attorney reviewNow/),
        expect.stringMatching(/^2Documents prepared/),
        expect.stringMatching(/^3Signing and notarizing/),
        expect.stringMatching(/^4Funding the trust/),
      ]);
      expect(await panel(page).locator('[aria-current="step"]').textContent()).toContain('Attorney review');
      await panel(page).getByText('Expect your documents about 10 business days after you submitted.').waitFor();
      expect(await panel(page).textContent()).toContain('Contact your advisor, Alice Morgan: alice.morgan@demo.trustwell.test or (415) 555-0102.');
      await page.getByText('Documents your attorney has shared with you so far.', { exact: false }).waitFor();
      expect(await page.getByText(/documents are ready/i).count()).toBe(0);
      await expectNoViolations(page, `next-steps-review-${width}`);
      await screenshot(page, `i27-next-review-${width}`);
      await screenshotTop(page, `i27-next-review-${width}-top`);
    }
  }, 120_000);

  it('the attorney moves the plan to In Client Contact, Being Finalized and Complete; Pat is told, and reads that the documents are ready', async () => {
    const attorney = await signedIn(ATTORNEY, 1280);
    await attorney.goto('/dashboard?qclient=rivera');
    await queue(attorney).getByRole('link', { name: RIVERAS }).click();
    await attorney.getByRole('heading', { level: 1, name: 'Review Information' }).waitFor();
    await attorney.waitForLoadState('networkidle');
    const reviewPath = new URL(attorney.url()).pathname;
    for (const [label, from] of [
      ['In Client Contact', 'Under Attorney Review'],
      ['Being Finalized', 'In Client Contact'],
      ['Complete', 'Being Finalized'],
    ] as const) {
      const bar = attorney.getByRole('group', { name: 'Estate plan status' });
      await bar.getByRole('combobox', { name: 'New status' }).selectOption({ label });
      await bar.getByRole('button', { name: 'Save' }).click();
      const confirm = attorney.getByRole('alertdialog', { name: 'Confirm Status Update', exact: true });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain(`from ${from} to ${label}`);
      await confirm.getByRole('button', { name: 'Update Status' }).click();
      const success = attorney.getByRole('alertdialog', { name: 'Success! Estate plan status has been updated.', exact: true });
      await success.getByRole('button', { name: 'OK' }).click();
      await success.waitFor({ state: 'detached' });
      await attorney.getByText(`Trust ${label}`, { exact: true }).waitFor();
    }
    // Each move told Pat (issue 29): her mail is in the outbox with the household's page, and the bell lists it.
    const admin = await signedIn(ADMIN, 1280);
    const subject = 'Your trust is now In Client Contact';
    let mail = admin.locator('article', { has: admin.getByRole('heading', { name: subject, exact: true }) }).first();
    for (let attempt = 0; (await mail.count()) === 0; attempt++) {
      if (attempt === 40) throw new Error(`No mail "${subject}" to Pat in the outbox`);
      await admin.goto(`/outbox?to=${encodeURIComponent(PAT)}`);
      mail = admin.locator('article', { has: admin.getByRole('heading', { name: subject, exact: true }) }).first();
      if ((await mail.count()) === 0) await admin.waitForTimeout(500);
    }
    // The button's address: the household's page, where the attorney's review opened.
    expect(await mail.textContent()).toContain(`${reviewPath}`);
    const pat = await signedIn(PAT, 390);
    await pat.goto('/notifications');
    const notice = pat.getByRole('main').getByRole('listitem').filter({ hasText: subject });
    await expect(notice.getAttribute('data-read')).resolves.toBe('false');
    await Promise.all([pat.waitForURL('**/client-info/**'), notice.getByRole('link', { name: subject }).click()]);
    await screenshotTop(pat, 'i29-status-notice-opened-390');
    // …and reads the change in her activity, in plain words (issue 29).
    await pat.goto('/activity');
    await pat.getByText('Your attorney moved your trust to “In Client Contact”', { exact: true }).waitFor();

    // Complete leaves the open queue for the Complete filter.
    await attorney.goto('/dashboard?qclient=rivera');
    await queue(attorney).getByText('No submitted plans match these filters.').waitFor();
    await attorney.goto('/dashboard?qclient=rivera&qstatus=complete');
    expect(await households(attorney)).toEqual([RIVERAS]);

    for (const width of [1280, 390]) {
      const page = await openOwnPage(width);
      await page.getByText('Trust Complete', { exact: true }).waitFor();
      expect(await panel(page).locator('[aria-current="step"]').textContent()).toContain('Signing and notarizing');
      await panel(page)
        .getByText(/^Your documents are ready\. Open them under Your documents/)
        .waitFor();
      await page.getByText('Your documents are ready. Select one to open it in a new tab.').waitFor();
      expect(
        await panel(page)
          .getByText(/business day/)
          .count(),
      ).toBe(0);
      await expectNoViolations(page, `next-steps-ready-${width}`);
      await screenshot(page, `i27-next-ready-${width}`);
      await screenshotTop(page, `i27-next-ready-${width}-top`);
    }
  }, 180_000);

  it('after the signing Pat funds the trust: a step per asset, marked done or not needed with a reason; the attorney reads the progress', async () => {
    const page = await openOwnPage(1280);
    const funding = page.getByRole('region', { name: 'Fund your trust' });
    await funding.waitFor();
    const items = funding.locator('li[data-status]');
    const total = await items.count();
    expect(total).toBeGreaterThan(2);
    await funding.getByText(`0 of ${total} steps finished (0%)`).waitFor();

    const first = items.first();
    await first.getByRole('combobox').selectOption({ label: 'Done' });
    await funding.getByText(`1 of ${total} steps finished`, { exact: false }).waitFor();
    await first.getByText(/^Marked done by Pat Rivera on \d\d\/\d\d\/\d{4}$/).waitFor();

    const second = items.nth(1);
    await second.getByRole('combobox').selectOption({ label: 'Not needed' });
    await second.getByRole('button', { name: 'Save' }).click();
    await second.getByText('Please say why this step is not needed.').waitFor();
    await second.getByRole('textbox', { name: 'Why is it not needed?' }).fill('Closed in 2025');
    await second.getByRole('button', { name: 'Save' }).click();
    await funding.getByText(`2 of ${total} steps finished`, { exact: false }).waitFor();
    await second.getByText('Why not needed: Closed in 2025').waitFor();

    await items.nth(2).getByText('How to do this').click();
    await items.nth(2).getByText('What to have at hand').waitFor();
    await expectNoViolations(page, 'funding-client-1280');
    await funding.screenshot({ path: path.join(resultsDir, 'i30-funding-client-1280.png') });
    const phone = await openOwnPage(390);
    await phone.getByRole('region', { name: 'Fund your trust' }).waitFor();
    await expectNoViolations(phone, 'funding-client-390');
    await phone.getByRole('region', { name: 'Fund your trust' }).screenshot({ path: path.join(resultsDir, 'i30-funding-client-390.png') });

    // The attorney reads the same steps and progress on the review, without controls.
    const attorney = await signedIn(ATTORNEY, 1280);
    await attorney.goto('/dashboard?qclient=rivera&qstatus=complete');
    await queue(attorney).getByRole('link', { name: RIVERAS }).click();
    const read = attorney.getByRole('region', { name: 'Funding the trust' });
    await read.waitFor();
    await read.getByText(`2 of ${total} steps finished`, { exact: false }).waitFor();
    expect(await read.getByRole('combobox').count()).toBe(0);
    expect(await read.locator('li[data-status="done"]').count()).toBe(1);
    await read.screenshot({ path: path.join(resultsDir, 'i30-funding-attorney-1280.png') });
  }, 180_000);

  it("the Riveras' advisor reads their funding on the dashboard: the Funding column and the Funding left filter (issue 30)", async () => {
    const alice = await signedIn(ALICE, 1280);
    await alice.goto('/dashboard');
    const list = alice.getByRole('region', { name: 'My Clients', exact: true });
    const riveras = list.getByRole('row').filter({ hasText: 'Pat Rivera' });
    // The plan is complete and Pat finished two steps (above): a percent between 0 and 100.
    const meter = riveras.getByRole('meter', { name: /^Pat Rivera: funding \d+% done$/ });
    const percent = Number(/(\d+)% done$/.exec((await meter.getAttribute('aria-label'))!)![1]);
    expect(percent).toBeGreaterThan(0);
    expect(percent).toBeLessThan(100);
    expect(await riveras.getByRole('cell').nth(4).textContent()).toContain(`${percent}%`);
    // Plans not yet being finalized show a dash, with its reason for screen readers.
    expect(await list.getByText(/: funding not started \(funding begins when the plan is finalized\)$/).count()).toBeGreaterThan(0);
    // The same figure as the household's funding panel, which counts the tasks in TypeScript.
    await riveras.getByRole('link', { name: 'Client information: Pat Rivera' }).click();
    const panel = alice.getByRole('region', { name: 'Funding the trust' });
    await panel.getByText(`steps finished (${percent}%)`, { exact: false }).waitFor();

    // Funding left: only plans being finalized or complete with steps open, in the address.
    await alice.goto('/dashboard');
    await alice.getByRole('navigation', { name: 'Client filters' }).getByRole('link', { name: 'Funding left' }).click();
    await alice.waitForURL(/filter=funding/);
    await list.getByText('Plans being finalized or complete with assets still to move into the trust', { exact: false }).waitFor();
    const names = await list.getByRole('row').locator('td:first-child').allTextContents();
    expect(names).toHaveLength(1);
    expect(names[0]).toContain('Pat Rivera');
    await expectNoViolations(alice, 'dashboard-funding-1280');
    await screenshot(alice, 'i30-dashboard-funding-1280');
    const phone = await signedIn(ALICE, 390);
    await phone.goto('/dashboard?filter=funding');
    await phone
      .getByRole('region', { name: 'My Clients', exact: true })
      .getByRole('meter', { name: `Pat Rivera: funding ${percent}% done` })
      .waitFor();
    await expectNoViolations(phone, 'dashboard-funding-390');
    await screenshot(phone, 'i30-dashboard-funding-390');
  }, 120_000);
  it('Pat marks the house deed done and sees the probate exposure fall; on the review she switches to "Pat dies first" and downloads the summary PDF (issue 30)', async () => {
    const page = await openOwnPage(1280);
    const funding = page.getByRole('region', { name: 'Fund your trust' });
    await funding.waitFor();
    const probateLine = funding.getByText(/would go through probate today\./);
    const SENTENCE = /\$[\d,.]+ (\(and \d+ assets? without a stated value\) )?would go through probate today\./;
    const sentence = async () => ((await probateLine.textContent()) ?? '').match(SENTENCE)?.[0] ?? '';
    const dollars = async () => Number((await sentence()).match(/\$([\d,.]+)/)?.[1].replace(/,/g, '') ?? '0');
    const deed = funding.locator('li[data-status]').filter({ hasText: 'Sign a new deed to the trust and record it with the county' }).first();
    // The house's step as it stands (an earlier test may have finished it): start from "Not started".
    if ((await deed.getAttribute('data-status')) !== 'not-started') {
      await deed.getByRole('combobox').selectOption({ label: 'Not started' });
      await page.waitForFunction((el) => el?.getAttribute('data-status') === 'not-started', await deed.elementHandle());
    }
    const before = await dollars();
    expect(before).toBeGreaterThan(0);
    await deed.getByRole('combobox').selectOption({ label: 'Done' });
    await deed.getByText(/^Marked done by Pat Rivera on /).waitFor();
    const after = await (async () => {
      for (let i = 0; i < 50; i += 1) {
        const now = await dollars();
        if (now !== before) return now;
        await page.waitForTimeout(100);
      }
      return dollars();
    })();
    expect(after).toBeLessThan(before);
    await funding.screenshot({ path: path.join(resultsDir, 'i30-journey-probate-after-1280.png') });

    // The review: the probate line, and the diagram as if Pat died first.
    await page.getByRole('button', { name: 'Review Information' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Review Information' }).waitFor();
    // Under the drawing, the panel's sentence and the way to the funding steps.
    const reviewProbate = page.locator('figure#what-if + p strong');
    await reviewProbate.waitFor();
    expect(await reviewProbate.textContent()).toBe(await sentence());
    expect(await page.getByRole('link', { name: 'See the funding steps' }).getAttribute('href')).toBe('#funding');
    await page.locator('figure#what-if + p').screenshot({ path: path.join(resultsDir, 'i30-journey-review-probate-1280.png') });
    const whatIf = page.getByRole('navigation', { name: 'What if…' });
    await whatIf.getByRole('link', { name: 'Pat dies first', exact: true }).click();
    await page.getByRole('img', { name: 'What if Pat dies first', exact: true }).waitFor();
    expect(await whatIf.getByRole('link', { name: 'Pat dies first', exact: true }).getAttribute('aria-current')).toBe('page');
    await expectNoViolations(page, 'journey-what-if-1280');
    await screenshot(page, 'i30-journey-what-if-1280');

    // The summary PDF from the review: the plan's status, the house's step done, the exposure as it is now.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download summary (PDF)' }).first().click()]);
    const file = path.join(resultsDir, 'i30-journey-summary.pdf');
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Rivera Family Trust');
    expect(text).toContain('Complete');
    expect(text).toMatch(/Done/);
    expect(text.replace(/\s+/g, ' ')).toContain(await sentence());
    expect(text).not.toMatch(/\d{3}-\d{2}-\d{4}/);
    execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(resultsDir, 'i30-journey-summary')]);
  }, 180_000);
});

import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { axeViolations, browserForThisFile, demoPassword, newContext, screenshot, settle, signIn } from './helpers/browser';

/*
 * The Admin / Attorney advisors overview (issue 20) in Chromium against the demo data: the admin and the
 * attorney open it, search, sort, drill into an advisor's client list and return; the admin expands Alice
 * Morgan → the Riveras → their documents (shortened name with its tooltip, creator or System, a view link
 * into a new tab), has a wrong file type refused in the browser, opens client-info from the client row and
 * on coming back finds the Riveras' documents open again. Then the documents' journey through the overview:
 * the attorney uploads a PDF to the Rivera plan from the Riveras' row, Pat Rivera opens it from their own
 * page in a new tab, and the admin deletes it from the same row (confirmation naming the file; a System
 * document offers no Delete). axe on the overview with rows open; screenshots at 390 and 1280 px.
 */

const ADMIN = 'admin@demo.trustwell.test';
const ATTORNEY = 'attorney@demo.trustwell.test';
const DRAFT = 'Rivera Family Trust - Draft for Attorney Review.pdf';
const DRAFT_SHOWN = `${DRAFT.slice(0, 26)}...${DRAFT.slice(-4)}`;
const PAT = 'pat.rivera@demo.trustwell.test';
const SIGNED = 'Rivera Pour-Over Wills - Signed Copies.pdf';
const SIGNED_SHOWN = `${SIGNED.slice(0, 26)}...${SIGNED.slice(-4)}`;
const LETTER = 'Engagement Letter.txt';
const PDF = fs.readFileSync(path.join(__dirname, '../fixtures/files/sample.pdf'));

const browser = browserForThisFile();
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function signedIn(email: string, width = 1280, landing: Parameters<Page['waitForURL']>[0] = '**/dashboard'): Promise<Page> {
  const context = await newContext(browser(), width);
  contexts.push(context);
  const p = await context.newPage();
  await signIn(p, email, demoPassword());
  await p.waitForURL(landing);
  return p;
}

/** Closes the message dialog titled `title` after checking it says `text`. */
async function acknowledge(p: Page, title: string, text: string) {
  const dialog = p.getByRole('alertdialog', { name: title, exact: true });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(text);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
}
async function expectNoViolations(p: Page, name: string) {
  await settle(p);
  const violations = await axeViolations(p);
  if (violations.length) await screenshot(p, `a11y-failure-${name}`);
  expect({ name, violations }).toEqual({ name, violations: [] });
}
const advisorsTable = (p: Page) => p.getByRole('region', { name: 'Advisors' });

async function expandAliceAndRiveras(p: Page) {
  await p.getByRole('button', { name: "Expand Alice Morgan's clients" }).click();
  await p.getByText("Alice Morgan's clients").waitFor();
  await p.getByRole('button', { name: "Show Pat Rivera's documents" }).click();
  await p.getByRole('list', { name: "Pat Rivera's documents" }).waitFor();
}

describe('advisors overview', () => {
  it('the attorney searches, sorts, drills into an advisor and returns', async () => {
    const p = await signedIn(ATTORNEY);
    await p.getByRole('heading', { level: 1, name: 'Attorney' }).waitFor();
    expect(await p.getByRole('heading', { name: 'Create Advisor' }).count()).toBe(0);
    expect(await p.getByRole('heading', { name: 'User Management' }).count()).toBe(0);
    const table = advisorsTable(p);
    await table.getByRole('row', { name: /Alice Morgan/ }).waitFor();
    await table.getByRole('row', { name: /Ben Carter/ }).waitFor();

    // Sort by clients, most first: Alice (the demo's households) leads.
    await table.getByRole('link', { name: /^Clients/ }).click();
    await p.waitForURL(/asort=clients&adir=desc/);
    const firstRow = table.getByRole('row').nth(1);
    expect(await firstRow.textContent()).toContain('Alice Morgan');
    expect(await table.getByRole('columnheader', { name: /Clients/ }).getAttribute('aria-sort')).toBe('descending');

    // Search by firm or name.
    await p.getByLabel('Search advisors').fill('carter');
    await p.getByRole('button', { name: 'Search' }).click();
    await p.waitForURL(/aq=carter/);
    await table.getByRole('row', { name: /Ben Carter/ }).waitFor();
    expect(await table.getByRole('row', { name: /Alice Morgan/ }).count()).toBe(0);
    await p.getByRole('link', { name: 'Clear search' }).click();
    await table.getByRole('row', { name: /Alice Morgan/ }).waitFor();

    // Drill into Alice's clients, and back.
    await p.getByRole('link', { name: 'View clients of Alice Morgan' }).click();
    await p.getByRole('heading', { name: "Alice Morgan's Clients" }).waitFor();
    // The name's cell carries the spouse on its second line (issue 27).
    await p.getByRole('cell', { name: /^Pat Rivera\s*Spouse: Sam Elise Rivera$/ }).waitFor();
    await p.getByRole('link', { name: 'Return to Advisors List' }).click();
    await p.waitForURL((url) => url.pathname === '/dashboard' && url.search === '');
    await advisorsTable(p)
      .getByRole('row', { name: /Alice Morgan/ })
      .waitFor();
  });

  it('the admin expands an advisor, a household and its documents, and comes back from client-info to them', async () => {
    const p = await signedIn(ADMIN);
    await p.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
    await p.getByRole('heading', { name: 'Create Advisor' }).waitFor();
    await p.getByRole('heading', { name: 'User Management' }).waitFor();
    await p.waitForLoadState('networkidle');
    await expandAliceAndRiveras(p);

    const documents = p.getByRole('list', { name: "Pat Rivera's documents" });
    const draft = documents.getByRole('link', { name: DRAFT_SHOWN });
    expect(await draft.textContent()).toBe(DRAFT_SHOWN);
    expect(await draft.getAttribute('target')).toBe('_blank');
    expect(await draft.getAttribute('href')).toMatch(/^\/api\/file\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\/view\/get$/);
    await draft.hover();
    expect(await p.getByRole('tooltip').textContent()).toBe(DRAFT);
    expect(await documents.textContent()).toContain('System');
    await p.mouse.move(0, 0);

    // A wrong type is refused in the browser before anything is sent.
    await p.getByRole('button', { name: /Upload a document for Pat Rivera/ }).click();
    await p
      .getByLabel(/Choose a document for Pat Rivera/)
      .setInputFiles({ name: 'program.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00not a pdf') });
    const error = p.getByRole('alertdialog', { name: 'Error' });
    await error.waitFor();
    expect(await error.textContent()).toContain('Please select a valid file type.');
    await error.getByRole('button', { name: 'OK' }).click();
    await error.waitFor({ state: 'detached' });

    await expectNoViolations(p, 'overview-rows-open');
    await screenshot(p, 'overview-admin-1280');

    // Opening client-info from the row, then coming back: the Riveras' documents open again.
    await p.getByRole('link', { name: 'Pat Rivera', exact: true }).click();
    await p.waitForURL('**/client-info/**');
    await p.goBack();
    await p.waitForURL((url) => url.pathname === '/dashboard');
    await p.getByRole('list', { name: "Pat Rivera's documents" }).waitFor();
    expect(await p.getByRole('button', { name: "Hide Pat Rivera's documents" }).getAttribute('aria-expanded')).toBe('true');
  });

  it('the attorney uploads a PDF from the overview, Pat downloads it from its link, the admin deletes it from the overview', async () => {
    // The attorney, on the Riveras' row (Under Attorney Review): upload through the real route.
    const attorney = await signedIn(ATTORNEY);
    await attorney.waitForLoadState('networkidle');
    await expandAliceAndRiveras(attorney);
    const attorneyDocs = attorney.getByRole('list', { name: "Pat Rivera's documents" });
    expect(await attorneyDocs.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await attorney.getByRole('button', { name: /Upload a document for Pat Rivera/ }).click();
    await attorney.getByLabel(/Choose a document for Pat Rivera/).setInputFiles({ name: SIGNED, mimeType: 'application/pdf', buffer: PDF });
    await attorney.getByRole('button', { name: 'Upload file' }).click();
    await acknowledge(attorney, 'Success', 'File uploaded successfully');
    const uploaded = attorneyDocs.getByRole('link', { name: SIGNED_SHOWN });
    await uploaded.waitFor();
    // Newest first, by the attorney.
    expect(await attorneyDocs.getByRole('listitem').first().textContent()).toContain(SIGNED_SHOWN);
    expect(await attorneyDocs.getByRole('listitem').first().textContent()).toContain('Dana Whitfield');
    const viewPath = (await uploaded.getAttribute('href'))!;
    expect(viewPath).toMatch(/^\/api\/file\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\/view\/get$/);
    await screenshot(attorney, 'overview-attorney-uploaded-1280');

    // Pat opens it from their own page (a new tab, which downloads it: PDFs never open in the browser's
    // viewer, issue 26): the very bytes, as a PDF.
    const pat = await signedIn(PAT, 1280, (url) => url.pathname !== '/login');
    await pat.goto('/client-info');
    await pat.waitForLoadState('networkidle');
    const mine = pat.getByRole('list', { name: 'Your documents', exact: true });
    const link = mine.locator(`a[title="${SIGNED}"]`);
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(viewPath);
    // Playwright reports the download on the new tab, on the page that opened it, or both.
    const downloaded = new Promise<Download>((resolve) => {
      pat.once('download', resolve);
      pat.context().once('page', (tab) => tab.once('download', resolve));
    });
    await link.click();
    expect((await downloaded).suggestedFilename()).toBe(SIGNED);
    const direct = await pat.request.get(viewPath);
    expect(direct.status()).toBe(200);
    expect(direct.headers()['content-type']).toBe('application/pdf');
    expect(direct.headers()['content-disposition']).toMatch(/^attachment; filename=/);
    expect(Buffer.compare(await direct.body(), PDF)).toBe(0);

    // The admin deletes it from the overview's row; the System letter offers no Delete.
    const admin = await signedIn(ADMIN);
    await admin.waitForLoadState('networkidle');
    await expandAliceAndRiveras(admin);
    const adminDocs = admin.getByRole('list', { name: "Pat Rivera's documents" });
    const row = (shown: string) => adminDocs.getByRole('listitem').filter({ has: admin.getByRole('link', { name: shown, exact: true }) });
    expect(await row(LETTER).textContent()).toContain('System');
    expect(await row(LETTER).getByRole('button').count()).toBe(0);
    expect(
      await row(DRAFT_SHOWN)
        .getByRole('button', { name: `Delete ${DRAFT}` })
        .count(),
    ).toBe(1);
    await row(SIGNED_SHOWN)
      .getByRole('button', { name: `Delete ${SIGNED}` })
      .click();
    const question = admin.getByRole('alertdialog', { name: 'Delete document?', exact: true });
    await question.waitFor();
    expect(await question.textContent()).toContain(`“${SIGNED}” will be removed`);
    await screenshot(admin, 'overview-admin-delete-confirm-1280');
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await acknowledge(admin, 'Success', 'File removed successfully');
    await adminDocs.getByRole('link', { name: SIGNED_SHOWN }).waitFor({ state: 'detached' });
    expect(await adminDocs.getByRole('link', { name: DRAFT_SHOWN }).count()).toBe(1);
    await screenshot(admin, 'overview-admin-deleted-1280');

    // Gone for Pat too: the list no longer has it and its address answers 404.
    await pat.reload();
    await pat.waitForLoadState('networkidle');
    await mine.waitFor();
    expect(await mine.locator(`a[title="${SIGNED}"]`).count()).toBe(0);
    expect((await pat.request.get(viewPath)).status()).toBe(404);
  });

  it('reads at 390 px', async () => {
    const p = await signedIn(ADMIN, 390);
    await p.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
    await p.waitForLoadState('networkidle');
    await expandAliceAndRiveras(p);
    await expectNoViolations(p, 'overview-390');
    await screenshot(p, 'overview-admin-390');
    // Nothing wider than the screen.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations, browserForThisFile, demoPassword, newContext, screenshot, settle, signIn } from './helpers/browser';

/*
 * The Admin / Attorney advisors overview (issue 20) in Chromium against the demo data: the admin and the
 * attorney open it, search, sort, drill into an advisor's client list and return; the admin expands Alice
 * Morgan → the Riveras → their documents (shortened name with its tooltip, creator or System, a view link
 * into a new tab), has a wrong file type refused in the browser, opens client-info from the client row and
 * on coming back finds the Riveras' documents open again. axe on the overview with rows open; screenshots
 * at 390 and 1280 px.
 */

const ADMIN = 'admin@demo.trustwell.test';
const ATTORNEY = 'attorney@demo.trustwell.test';
const DRAFT = 'Rivera Family Trust - Draft for Attorney Review.pdf';
const DRAFT_SHOWN = `${DRAFT.slice(0, 26)}...${DRAFT.slice(-4)}`;

const browser = browserForThisFile();
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function signedIn(email: string, width = 1280): Promise<Page> {
  const context = await newContext(browser(), width);
  contexts.push(context);
  const p = await context.newPage();
  await signIn(p, email, demoPassword());
  await p.waitForURL('**/dashboard');
  return p;
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
    await p.getByRole('cell', { name: 'Pat Rivera', exact: true }).waitFor();
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

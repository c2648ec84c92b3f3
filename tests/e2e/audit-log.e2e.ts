import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations, browserForThisFile, demoPassword, newContext, resultsDir, screenshot, settle, signIn } from './helpers/browser';

/*
 * The admin audit log (issue 29) in Chromium against the demo data: the admin follows the dashboard's Audit
 * log link, filters by action, pages Older and Newer, and exports the filtered log as CSV (the page counts
 * the rows as they arrive, then saves the file). Every export writes its own 'audit.export' row, which is
 * how this journey gets more than a page of rows without touching the server's database. axe on the page;
 * screenshots at 1280 and 390 px.
 */

const ADMIN = 'admin@demo.trustwell.test';
/** A page is 50 rows; this many exports make two pages of 'audit.export' rows, whatever earlier files left. */
const EXPORTS = 55;

const browser = browserForThisFile();
const contexts: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function signedIn(width = 1280): Promise<Page> {
  const context = await newContext(browser(), width);
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, ADMIN, demoPassword());
  return page;
}
async function expectNoViolations(p: Page, name: string) {
  await settle(p);
  const violations = await axeViolations(p);
  if (violations.length) await screenshot(p, `a11y-failure-${name}`);
  expect({ name, violations }).toEqual({ name, violations: [] });
}
/** The actions of the table's rows, top to bottom. */
const actions = (p: Page) => p.locator('tbody td:nth-child(3) code').allTextContents();
const times = (p: Page) => p.locator('tbody time').evaluateAll((els) => els.map((el) => el.getAttribute('datetime')));

describe('admin audit log', () => {
  it('opens from the dashboard, filters by action, pages, and exports the filtered log as CSV', async () => {
    const admin = await signedIn();
    // Exports of nothing (an action no row has): each is an 'audit.export' row of its own.
    for (let i = 0; i < EXPORTS; i++) {
      const response = await admin.request.get('/api/admin/audit-export?action=e2e.none.');
      expect(response.status()).toBe(200);
      expect((await response.text()).replace(/^\uFEFF/, '')).toBe(
        'id,created_at,actor_email,actor_name,impersonator_email,impersonator_name,action,target_type,target_id,target_email,ip,user_agent,meta\r\n',
      );
    }

    await admin.goto('/dashboard');
    await admin.getByRole('link', { name: 'Audit log' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await expectNoViolations(admin, 'audit-log');

    await admin.getByLabel('Action').fill('audit.');
    await Promise.all([admin.waitForURL('**/audit?**action=audit.**'), admin.getByRole('button', { name: 'Apply filters' }).click()]);
    const first = await actions(admin);
    expect(first).toHaveLength(50);
    expect(new Set(first)).toEqual(new Set(['audit.export']));
    expect(await admin.locator('tbody td:nth-child(2)').first().textContent()).toContain(ADMIN);
    await screenshot(admin, 'audit-log-filtered-1280');

    // Older: the rest, older than the first page's last row; Newer comes back to the first page.
    const firstTimes = await times(admin);
    await Promise.all([admin.waitForURL('**before=**'), admin.getByRole('link', { name: 'Older →' }).click()]);
    const second = await actions(admin);
    expect(second.length).toBeGreaterThanOrEqual(EXPORTS - 50);
    expect(second.every((a) => a.startsWith('audit.'))).toBe(true);
    const secondTimes = await times(admin);
    expect(secondTimes[0]! <= firstTimes[firstTimes.length - 1]!).toBe(true);
    expect(await admin.getByLabel('Action').inputValue()).toBe('audit.');
    await Promise.all([admin.waitForURL('**after=**'), admin.getByRole('link', { name: '← Newer' }).click()]);
    expect(await times(admin)).toEqual(firstTimes);

    // Export the filtered log: the page counts the rows, then saves the file under the server's name.
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const status = admin.getByRole('status').filter({ hasText: /^Exported [\d,]+ rows\.$/ });
    await status.waitFor();
    const file = path.join(resultsDir, 'audit-log-export.csv');
    fs.mkdirSync(resultsDir, { recursive: true });
    await download.saveAs(file);
    const lines = fs
      .readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^id,created_at,actor_email,/);
    const rows = lines.slice(1);
    // Every row matches the filter; the export's own row came before its first batch was read, so it is in it.
    expect(rows.filter((line) => !line.includes(',audit.export,'))).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(EXPORTS + 1);
    expect(await status.textContent()).toBe(`Exported ${rows.length.toLocaleString('en-US')} rows.`);
    await screenshot(admin, 'audit-log-exported-1280');
  }, 120_000);

  it('reads on a phone: stacked cards, the filters one under another, no sideways scroll', async () => {
    const phone = await signedIn(390);
    await phone.goto('/audit?action=audit.');
    await phone.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoViolations(phone, 'audit-log-390');
    await screenshot(phone, 'audit-log-390');
    // A refused filter is said under its field, not a failure page.
    await phone.goto('/audit?from=2026-02-30');
    await phone.getByText('Enter a valid date.').waitFor();
    await screenshot(phone, 'audit-log-bad-filter-390');
  }, 60_000);
});

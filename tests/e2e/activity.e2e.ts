import { expectNoViolations, openHouseholdById, signedInPages } from './helpers/intake-pages';
import { browserForThisFile, screenshot } from './helpers/browser';

/*
 * A household's activity (issue 29). The attorney opens the Riveras' draft from their page (an audited
 * view), then reads the household's activity from the page's Activity link and filters it to Documents; Pat
 * signs in, follows Activity in the header and reads "Your attorney opened …" in plain words, with nothing
 * staff-only. axe and screenshots at 1280 and 390 px on both screens.
 */

const ATTORNEY = 'attorney@demo.trustwell.test';
const PAT = 'pat.rivera@demo.trustwell.test';
const RIVERAS = 'Pat Rivera & Sam Elise Rivera';
const DRAFT = 'Rivera Family Trust - Draft for Attorney Review.pdf';

const browser = browserForThisFile();
const { signedIn, closeAll } = signedInPages(browser);
afterAll(closeAll);

let activityPath = '';

describe('activity', () => {
  it('the attorney opens a document; the household’s activity lists it, filtered to Documents, at 1280 and 390 px', async () => {
    const page = await signedIn(ATTORNEY, 1280);
    const householdPath = await openHouseholdById(page, RIVERAS);
    const href = await page.locator(`a[title="${DRAFT}"]`).first().getAttribute('href');
    expect(href).toBeTruthy();
    // The link opens the document in a new tab; its request is what the audit records.
    const opened = await page.request.get(href!);
    expect(opened.status()).toBe(200);

    await page.getByRole('link', { name: 'Activity', exact: true }).click();
    await page.waitForURL('**/activity');
    activityPath = new URL(page.url()).pathname;
    expect(activityPath).toBe(`${householdPath}/activity`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Activity');
    const first = main.getByRole('row').nth(1);
    await expect(first.textContent()).resolves.toContain('Opened a document');
    await expect(first.textContent()).resolves.toContain(DRAFT);
    await expect(first.textContent()).resolves.toContain(ATTORNEY);

    // Filtered to Documents (a GET form: the filter is in the address).
    await main.getByLabel('Kind').selectOption('documents');
    await Promise.all([page.waitForURL('**/activity?kind=documents**'), main.getByRole('button', { name: 'Apply filters' }).click()]);
    const rows = main.getByRole('row');
    const texts = (await rows.allTextContents()).slice(1);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(/document/i);
    await expectNoViolations(page, 'household-activity-1280');
    await screenshot(page, 'household-activity-1280');

    const phone = await signedIn(ATTORNEY, 390);
    await phone.goto(`${activityPath}?kind=documents`);
    await expectNoViolations(phone, 'household-activity-390');
    await screenshot(phone, 'household-activity-390');
  }, 180_000);

  it('Pat reads it in plain words from the header’s Activity link, at 1280 and 390 px', async () => {
    const page = await signedIn(PAT, 1280);
    await page.getByRole('banner').getByRole('link', { name: 'Activity', exact: true }).first().click();
    await page.waitForURL('**/activity');
    const list = page.getByRole('list', { name: 'Activity, newest first' });
    await list.waitFor();
    const items = await list.getByRole('listitem').allTextContents();
    expect(items[0]).toContain(`Your attorney opened “${DRAFT}”`);
    // Nothing staff-only, no addresses.
    const text = (await page.getByRole('main').textContent()) ?? '';
    expect(text).not.toMatch(/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b|acting as|note/i);
    await expectNoViolations(page, 'own-activity-1280');
    await screenshot(page, 'own-activity-1280');

    // The staff view is not Pat's: home.
    await page.goto(activityPath);
    expect(new URL(page.url()).pathname).not.toBe(activityPath);

    const phone = await signedIn(PAT, 390);
    await phone.goto('/activity');
    await phone.getByRole('list', { name: 'Activity, newest first' }).waitFor();
    await expectNoViolations(phone, 'own-activity-390');
    await screenshot(phone, 'own-activity-390');
  }, 180_000);
});

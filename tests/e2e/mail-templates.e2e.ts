import type { Page } from 'playwright-core';
import { axeViolations, browserForThisFile, demoPassword, newContext, screenshot, settle, signIn } from './helpers/browser';

/*
 * Mail templates (issue 29, "Mail as a seam, with templates"): the admin opens the outbox, follows its link to
 * the templates, and opens a preview: the mail's HTML in a sandboxed frame, its plain text beside it, with
 * invented sample data. axe and screenshots at 1280 and 390 px on both new screens.
 */

const browser = browserForThisFile();
const ADMIN = 'admin@demo.trustwell.test';

async function expectNoViolations(p: Page, name: string) {
  await settle(p);
  const violations = await axeViolations(p);
  if (violations.length) await screenshot(p, `a11y-failure-${name}`);
  expect({ name, violations }).toEqual({ name, violations: [] });
}

describe('mail templates', () => {
  it('an admin opens the outbox, then the templates, then a preview, at 1280 and 390 px', async () => {
    const desk = await newContext(browser(), 1280);
    const page = await desk.newPage();
    await signIn(page, ADMIN, demoPassword());
    await page.goto('/outbox');
    await screenshot(page, 'outbox-templates-link-1280');
    await page.getByRole('link', { name: 'Mail templates' }).click();
    await page.waitForURL('**/outbox/templates');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Mail Templates');
    const titles = await main.getByRole('heading', { level: 2 }).allTextContents();
    expect(titles).toEqual(expect.arrayContaining(['Account created', 'Password reset', 'Temporary password', 'Invitation', 'Notification']));
    await expectNoViolations(page, 'mail-templates-1280');
    await screenshot(page, 'mail-templates-1280');

    await main.getByRole('link', { name: 'Invitation', exact: true }).click();
    await page.waitForURL('**/outbox/templates/invite');
    await expect(main.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Invitation');
    await expect(main.textContent()).resolves.toContain('Sam Whitfield invited you to prepare your living trust');
    // The HTML in its sandboxed frame: the mail's button to the join page, nothing of the app's around it.
    const frame = main.locator('iframe');
    await expect(frame.getAttribute('sandbox')).resolves.toBe('');
    const mail = page.frameLocator('iframe').first();
    await expect(mail.getByRole('link', { name: 'Create your account' }).getAttribute('href')).resolves.toMatch(/\/join\/sAmPlEaDvIsOr\?invite=/);
    // The plain text beside it, the same words.
    await expect(main.locator('pre').textContent()).resolves.toMatch(/^Hello Nia Okafor,\n\n[\s\S]*Create your account: https?:\/\/\S+\/join\//);
    await expectNoViolations(page, 'mail-template-preview-1280');
    await screenshot(page, 'mail-template-preview-1280');

    const phone = await newContext(browser(), 390);
    const mobile = await phone.newPage();
    await signIn(mobile, ADMIN, demoPassword());
    await mobile.goto('/outbox/templates');
    await expectNoViolations(mobile, 'mail-templates-390');
    await screenshot(mobile, 'mail-templates-390');
    await mobile.goto('/outbox/templates/temporary-password');
    await expect(mobile.frameLocator('iframe').first().locator('code').textContent()).resolves.toMatch(/^[A-Za-z0-9]{16}$/);
    await expectNoViolations(mobile, 'mail-template-preview-390');
    await screenshot(mobile, 'mail-template-preview-390');
    // Nothing wider than the phone's screen.
    await expect(mobile.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await desk.close();
    await phone.close();
  });
});

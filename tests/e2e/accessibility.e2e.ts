import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations, exactLabel, newContext, resultsDir, screenshot, settle, signIn, browserForThisFile, demoPassword } from './helpers/browser';

/*
 * axe-core (WCAG 2.x A/AA) on the public and account screens at phone and desktop widths, in their
 * resting state and in the states that add content: validation errors, an open dialog, the open menu.
 */

const CLIENT = 'jordan.blake@demo.trustwell.test';
const WIDTHS = [390, 1280] as const;

const browser = browserForThisFile();

async function expectNoViolations(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await settle(page);
  const violations = await axeViolations(page);
  if (violations.length) await screenshot(page, `a11y-failure-${name}`);
  expect({ name, violations }).toEqual({ name, violations: [] });
}

describe.each(WIDTHS)('WCAG A/AA at %i px', (width) => {
  let context: BrowserContext;
  let page: Page;
  beforeEach(async () => {
    context = await newContext(browser(), width);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });

  it('/trust, with a question open', async () => {
    await page.goto('/trust');
    await expectNoViolations(page, `trust-${width}`);
    await page.getByRole('region', { name: 'Frequently asked questions' }).locator('summary').first().click();
    await expectNoViolations(page, `trust-faq-open-${width}`);
  }, 60_000);

  it('/join, empty and with validation errors', async () => {
    await page.goto('/join');
    await expectNoViolations(page, `join-${width}`);

    // Every required field empty: errors beside each field.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('First name is required.').waitFor();
    await expectNoViolations(page, `join-errors-${width}`);

    // The retype mismatch, with the rest filled in.
    await page.getByLabel(exactLabel('First Name')).fill('Ada');
    await page.getByLabel(exactLabel('Last Name')).fill('Access');
    await page.getByLabel(exactLabel('Email')).fill('not-an-email');
    await page.getByLabel(exactLabel('Phone')).pressSequentially('555123');
    await page.getByLabel(exactLabel('Password')).fill('Access-2026-pass');
    await page.getByLabel(exactLabel('Retype Password')).fill('Access-2026-typo');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Passwords do not match', { exact: true }).waitFor();
    await settle(page);
    await screenshot(page, `a11y-join-errors-${width}`);
    await expectNoViolations(page, `join-mismatch-${width}`);
  }, 60_000);

  it('/join with the success dialog open', async () => {
    await page.goto('/join');
    await page.getByLabel(exactLabel('First Name')).fill('Ada');
    await page.getByLabel(exactLabel('Last Name')).fill('Access');
    await page.getByLabel(exactLabel('Email')).fill(`a11y.${width}.${Date.now().toString(36)}@example.test`);
    await page.getByLabel(exactLabel('Phone')).pressSequentially('5551234567');
    await page.getByLabel(exactLabel('Password')).fill('Access-2026-pass');
    await page.getByLabel(exactLabel('Retype Password')).fill('Access-2026-pass');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alertdialog').getByText('Account created successfully.').waitFor();
    await expectNoViolations(page, `join-success-dialog-${width}`);
  }, 60_000);

  it('/login, and with the Error dialog open', async () => {
    await page.goto('/login');
    await expectNoViolations(page, `login-${width}`);
    await page.getByLabel('Email').fill('nobody@demo.trustwell.test');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alertdialog').waitFor();
    await expectNoViolations(page, `login-error-dialog-${width}`);
  }, 60_000);

  it('/settings as the client: both tabs, an edit form, a field error and a dialog', async () => {
    await signIn(page, CLIENT, demoPassword());
    await page.goto('/settings');
    await expectNoViolations(page, `settings-${width}`);

    await page.getByRole('button', { name: 'Edit name' }).click();
    const nameForm = page.getByRole('form', { name: 'Edit name' });
    await nameForm.getByLabel(exactLabel('First Name')).fill('');
    await nameForm.getByLabel(exactLabel('Current Password')).fill(demoPassword());
    await nameForm.getByRole('button', { name: 'Save' }).click();
    await page.getByText('First name is required.').waitFor();
    await expectNoViolations(page, `settings-name-error-${width}`);
    await nameForm.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('tab', { name: 'Credentials' }).click();
    await expectNoViolations(page, `settings-credentials-${width}`);

    // Save without the current password: the Error dialog.
    await page.getByRole('button', { name: 'Edit phone' }).click();
    await page.getByRole('form', { name: 'Edit phone' }).getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Your current password is required.').waitFor();
    await settle(page);
    await page.screenshot({ path: path.join(resultsDir, `a11y-settings-dialog-${width}.png`) });
    await expectNoViolations(page, `settings-dialog-${width}`);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
  }, 60_000);

  if (width === 390) {
    it('the open header menu, as a guest and as the client', async () => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Menu' }).click();
      await expectNoViolations(page, 'menu-guest-390');
      await signIn(page, CLIENT, demoPassword());
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Menu' }).click();
      await expectNoViolations(page, 'menu-client-390');
    }, 60_000);
  }
});

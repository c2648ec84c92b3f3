import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, demoPassword, newContext, screenshot, settle, signIn } from './browser';

/*
 * What the intake journeys (intake-part1, intake-part2, review-submit) share: signed-in pages whose contexts
 * a file closes when it is done with them, the page's dialogs and regions by their accessible names, and
 * the household found by the spec's numeric client id.
 */

/** Signed-in pages of demo users; `closeAll` closes their contexts (from afterEach or afterAll). */
export function signedInPages(browser: () => Browser) {
  const contexts: BrowserContext[] = [];
  return {
    async signedIn(email: string, width = 1280): Promise<Page> {
      const context = await newContext(browser(), width);
      contexts.push(context);
      const page = await context.newPage();
      await signIn(page, email, demoPassword());
      return page;
    },
    async closeAll(): Promise<void> {
      await Promise.all(contexts.splice(0).map((context) => context.close()));
    },
  };
}

export async function expectNoViolations(page: Page, name: string) {
  await settle(page);
  const violations = await axeViolations(page);
  if (violations.length) await screenshot(page, `a11y-failure-${name}`);
  expect({ name, violations }).toEqual({ name, violations: [] });
}

export const modal = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
export const alert = (page: Page, name: string) => page.getByRole('alertdialog', { name, exact: true });
export const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Confirms a message dialog with the given button and waits for it to close. */
export async function answer(page: Page, dialogName: string, button: string) {
  const dialog = alert(page, dialogName);
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * From the signed-in client's own page to the Payment Due modal: Review & Submit, past the missing-items
 * warning, every acknowledgement of the Agreement ticked. Answers the modal, open.
 */
export async function openPaymentDue(page: Page) {
  await page.goto('/client-info');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Review & Submit Trust' }).first().click();
  await page.getByRole('button', { name: 'Submit Trust for Attorney Review' }).click();
  await alert(page, 'Missing Information').getByRole('button', { name: 'Continue' }).click();
  const agreement = modal(page, 'Agreement and Receipt');
  for (const box of await agreement.getByRole('checkbox').all()) await box.check();
  await agreement.getByRole('button', { name: 'Submit', exact: true }).click();
  const due = modal(page, 'Payment Due');
  await due.waitFor();
  return due;
}

/**
 * Opens a household by the spec's numeric client id (the demo's ids depend on the seed's order, so the
 * first id whose page names the household is taken), hydrated; answers the hash address it redirected to.
 */
export async function openHouseholdById(page: Page, names: string): Promise<string> {
  for (let id = 1; id <= 20; id++) {
    await page.goto(`/client-info/${id}`);
    if (await page.getByText(names, { exact: true }).count()) {
      await page.waitForLoadState('networkidle');
      return new URL(page.url()).pathname;
    }
  }
  throw new Error(`No household named ${names} among client ids 1-20`);
}

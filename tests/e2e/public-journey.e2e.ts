import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { FAQS, INCLUDED_DOCUMENTS } from '@/app/(public)/trust/content';
import { formatUsd, trustPrices } from '@/lib/config/pricing';
import { baseUrl, demoPassword, exactLabel, newContext, resultsDir, screenshot, settle, signIn, browserForThisFile } from './helpers/browser';

/*
 * A guest's whole journey: reads the trust page, opens an advisor's link, sees the discount on the trust
 * page, creates an account on the join screen, signs in, edits name and phone in Settings, is told an
 * unchanged email is not saved, and signs out through the header.
 *
 * The advisor link is the demo advisor's, which the server prints on start-up; scripts/e2e.mjs passes it in.
 */

const full = formatUsd(trustPrices.full);
const discounted = formatUsd(trustPrices.discounted);
const password = 'Journey-pass-2026';
const run = Date.now().toString(36);
const email = `journey.${run}@example.test`;
const advisorJoinPath = process.env.E2E_ADVISOR_JOIN_PATH ?? '';

const browser = browserForThisFile();

/**
 * Screenshots of the current state at phone and desktop widths (then back to `restore`): full-page, or
 * just the viewport while a dialog is open (a fixed backdrop only covers the viewport anyway).
 */
async function shots(page: Page, name: string, { restore = 1280, dialog = false } = {}) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await settle(page);
    // Nothing may stick out sideways, at either width.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
    if (dialog) {
      fs.mkdirSync(resultsDir, { recursive: true });
      await page.screenshot({ path: path.join(resultsDir, `${name}-${width}.png`) });
    } else {
      await screenshot(page, `${name}-${width}`);
    }
  }
  await page.setViewportSize({ width: restore, height: restore < 600 ? 844 : 900 });
  await settle(page);
}

/** The open message dialog (Radix renders it as an alertdialog). */
function messageDialog(page: Page): Locator {
  return page.getByRole('alertdialog');
}

/** Waits for the message dialog, checks its title and text, and closes it with OK. */
async function expectDialog(page: Page, title: string, text: string, { close = true, shot }: { close?: boolean; shot?: string } = {}) {
  const dialog = messageDialog(page);
  await dialog.waitFor();
  await expect(
    dialog
      .getByRole('heading', { name: title, exact: true })
      .or(dialog.getByText(title, { exact: true }))
      .first()
      .isVisible(),
  ).resolves.toBe(true);
  await expect(dialog.textContent()).resolves.toContain(text);
  if (shot) await shots(page, shot, { dialog: true });
  if (close) {
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
  }
}

describe('a guest finds the trust, creates an account and manages it', () => {
  it('reads the trust landing page', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/trust');

    await expect(page.title()).resolves.toMatch(/^Revocable Living Trust Online/);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Create your living trust online, reviewed by attorneys');

    // A guest without a referral sees the full price and the note naming the discounted one.
    const priceCard = page.getByRole('complementary', { name: 'Your complete trust package' });
    await expect(priceCard.getByText(full, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(priceCard.getByText(discounted, { exact: true }).isVisible()).resolves.toBe(false);
    const note = priceCard.getByText(/Referred by a financial advisor\?/);
    await expect(note.isVisible()).resolves.toBe(true);
    await expect(note.textContent()).resolves.toContain(`${discounted} instead of ${full}`);
    await expect(priceCard.getByRole('link', { name: 'Start your trust' }).getAttribute('href')).resolves.toBe('/join');
    // Issue 27: the annual charge is said beside the price, before anything is paid.
    await expect(priceCard.getByText(/^Plus \$95 a year for amendments and revisions/).isVisible()).resolves.toBe(true);

    // Seven documents.
    const included = page.getByRole('region', { name: "What's included" });
    const documents = included.getByRole('listitem');
    await expect(documents.count()).resolves.toBe(7);
    for (const doc of INCLUDED_DOCUMENTS) {
      await expect(included.getByRole('heading', { level: 3, name: doc.name, exact: true }).isVisible()).resolves.toBe(true);
    }

    // Four steps.
    await expect(page.getByRole('region', { name: 'How it works' }).getByRole('listitem').count()).resolves.toBe(4);

    // Five questions, closed until opened.
    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.locator('summary');
    await expect(questions.count()).resolves.toBe(5);
    await expect(questions.allTextContents()).resolves.toEqual(FAQS.map((f) => f.question));
    const firstAnswer = faq.getByText(FAQS[0].answer);
    await expect(firstAnswer.isVisible()).resolves.toBe(false);
    await questions.first().click();
    await expect(firstAnswer.isVisible()).resolves.toBe(true);

    await shots(page, 'journey-trust');
    await context.close();
  }, 60_000);

  it('drops an unknown advisor hash: plain form, no discount promised anywhere', async () => {
    const context = await newContext(browser(), 390);
    const page = await context.newPage();
    await page.goto('/join/not-a-real-advisor');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Create Account');
    await expect(page.getByLabel(exactLabel('First Name')).isVisible()).resolves.toBe(true);
    await expect(page.getByText(/referred by a financial advisor/i).count()).resolves.toBe(0);
    // Nothing was remembered, so the trust page still shows the full price.
    await expect(page.evaluate(() => window.localStorage.getItem('advisor_ref'))).resolves.toBeNull();
    await page.goto('/trust');
    await expect(page.getByText(full, { exact: true }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByText('Advisor discount applied.').isVisible()).resolves.toBe(false);
    await context.close();
  }, 60_000);

  it('creates an account, signs in, edits name and phone, and signs out', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();

    // The advisor's link (from an invite) opens the join screen; the visitor looks at the trust page first.
    expect(advisorJoinPath).toMatch(/^\/join\/[A-Za-z0-9_-]+$/);
    await page.goto(advisorJoinPath);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Create Account');
    // The referral banner says the discounted price and the annual charge before any account exists (issue 27).
    await expect(page.getByText(/referred by a financial advisor/).textContent()).resolves.toContain(`(${discounted} instead of ${full}). Plus $95 a year`);
    await shots(page, 'journey-join-referred');
    // The join screen remembers the advisor once it has hydrated; leaving before that would forget them (a race).
    await page.waitForFunction(() => window.localStorage.getItem('advisor_ref') !== null, null, { timeout: 10_000 });
    await page.goto('/trust');
    const priceCard = page.getByRole('complementary', { name: 'Your complete trust package' });
    // The static page shows the full price until hydration reads the remembered advisor, then swaps in place.
    await priceCard.getByText('Advisor discount applied.').waitFor({ state: 'visible' });
    await expect(priceCard.getByText(discounted, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(priceCard.getByText(full, { exact: true }).isVisible()).resolves.toBe(false);
    await shots(page, 'journey-trust-referred');

    // Join: from the trust page's call to action, which keeps the advisor.
    await Promise.all([page.waitForURL(`**${advisorJoinPath}`), priceCard.getByRole('link', { name: 'Start your trust' }).click()]);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Create Account');

    await page.getByLabel(exactLabel('First Name')).fill('Morgan');
    await page.getByLabel(exactLabel('Last Name')).fill('Journey');
    await page.getByLabel(exactLabel('Suffix')).selectOption('Jr.');
    await page.getByLabel(exactLabel('Email')).fill(email);
    const phone = page.getByLabel(exactLabel('Phone'));
    await phone.click();
    await phone.pressSequentially('5551234567');
    await expect(phone.inputValue()).resolves.toBe('(555) 123-4567');
    await page.getByLabel(exactLabel('Password')).fill(password);
    await page.getByLabel(exactLabel('Retype Password')).fill(`${password}-typo`);

    // A mismatched retype stays on the page with the spec's message beside the field.
    await page.getByRole('button', { name: 'Create Account' }).click();
    const mismatch = page.getByText('Passwords do not match', { exact: true });
    await mismatch.waitFor();
    const retype = page.getByLabel(exactLabel('Retype Password'));
    await expect(retype.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(messageDialog(page).count()).resolves.toBe(0);
    expect(new URL(page.url()).pathname).toBe(advisorJoinPath);
    await shots(page, 'journey-join-mismatch');

    await retype.fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    // Through an advisor's link, so the discount sentence follows.
    await expectDialog(page, 'Success', 'Account created successfully. Discounts will be applied to your services.', {
      close: false,
      shot: 'journey-join-success',
    });
    await Promise.all([page.waitForURL('**/login'), messageDialog(page).getByRole('button', { name: 'OK' }).click()]);
    await shots(page, 'journey-login');

    // Sign in with the new account: a client lands on My Info.
    await signIn(page, email, password);
    expect(new URL(page.url()).pathname).toBe('/client-info');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Client Information');

    // Settings, Name tab: the name as entered at sign-up.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('My Information');
    const nameTab = page.getByRole('tab', { name: 'Name' });
    await expect(nameTab.getAttribute('aria-selected')).resolves.toBe('true');
    const namePanel = page.getByRole('tabpanel', { name: 'Name' });
    await expect(namePanel.textContent()).resolves.toContain('Morgan');
    await shots(page, 'journey-settings');

    await namePanel.getByRole('button', { name: 'Edit name' }).click();
    const nameForm = page.getByRole('form', { name: 'Edit name' });
    await nameForm.getByLabel(exactLabel('First Name')).fill('Morgana');
    await nameForm.getByLabel(exactLabel('Current Password')).fill(password);
    await shots(page, 'journey-settings-edit-name');
    await nameForm.getByRole('button', { name: 'Save' }).click();
    await expectDialog(page, 'Success', 'Your name has been successfully updated.');
    await expect(nameForm.count()).resolves.toBe(0);
    await expect(namePanel.textContent()).resolves.toContain('Morgana');

    // Credentials tab: the phone.
    await page.getByRole('tab', { name: 'Credentials' }).click();
    const credentials = page.getByRole('tabpanel', { name: 'Credentials' });
    await expect(credentials.textContent()).resolves.toContain('(555) 123-4567');
    await credentials.getByRole('button', { name: 'Edit phone' }).click();
    const phoneForm = page.getByRole('form', { name: 'Edit phone' });
    const newPhone = phoneForm.getByLabel(exactLabel('Phone'));
    await expect(newPhone.inputValue()).resolves.toBe('(555) 123-4567');
    await newPhone.click();
    await newPhone.press('ControlOrMeta+a');
    await newPhone.press('Backspace');
    await newPhone.pressSequentially('5559876543');
    await expect(newPhone.inputValue()).resolves.toBe('(555) 987-6543');
    await phoneForm.getByLabel(exactLabel('Current Password')).fill(password);
    await phoneForm.getByRole('button', { name: 'Save' }).click();
    await expectDialog(page, 'Success', 'Your phone number has been successfully updated.');
    await expect(credentials.textContent()).resolves.toContain('(555) 987-6543');

    // Saving the same email is refused before any call.
    await credentials.getByRole('button', { name: 'Edit email' }).click();
    const emailForm = page.getByRole('form', { name: 'Edit email' });
    await expect(emailForm.getByLabel(exactLabel('Email')).inputValue()).resolves.toBe(email);
    await emailForm.getByLabel(exactLabel('Current Password')).fill(password);
    await emailForm.getByRole('button', { name: 'Save' }).click();
    await expectDialog(page, 'Error', "Your email hasn't been changed.", { shot: 'journey-settings-email-unchanged' });
    await emailForm.getByRole('button', { name: 'Cancel' }).click();
    await expect(emailForm.count()).resolves.toBe(0);
    await expect(credentials.textContent()).resolves.toContain(email);

    // The saves stuck: a reload shows the new values.
    await page.reload();
    await expect(page.getByRole('tabpanel', { name: 'Name' }).textContent()).resolves.toContain('Morgana');

    // Sign out through the header: home, and Settings now asks for a login.
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/'),
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click(),
    ]);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).isVisible()).resolves.toBe(true);
    await page.goto('/settings');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  }, 120_000);

  it('shows a client already linked to an advisor the discounted price on any browser (nothing remembered there)', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    // Pat Rivera is the demo advisor's client; this browser never opened an advisor link.
    await signIn(page, 'pat.rivera@demo.trustwell.test', demoPassword());
    await page.goto('/trust');
    await expect(page.evaluate(() => window.localStorage.getItem('advisor_ref'))).resolves.toBeNull();
    const priceCard = page.getByRole('complementary', { name: 'Your complete trust package' });
    await expect(priceCard.getByText(discounted, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(priceCard.getByText(full, { exact: true }).isVisible()).resolves.toBe(false);
    await expect(priceCard.getByText('Advisor discount applied.').isVisible()).resolves.toBe(true);
    await expect(priceCard.getByRole('link', { name: 'Continue your trust' }).getAttribute('href')).resolves.toBe('/client-info');
    // In the HTML the server sent, before any script ran.
    const html = await (await page.request.get('/trust')).text();
    expect(html).toMatch(new RegExp(`style="visibility:visible">${discounted.replace('$', '\\$')}<`));
    await shots(page, 'journey-trust-linked-client');
    await context.close();
  }, 60_000);

  it("answers /home (the spec's Home route) with a permanent redirect to the home page", async () => {
    for (const path of ['/home', '/home/', '/home?from=old-link']) {
      const res = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
      expect(res.status).toBe(308);
      expect(new URL(res.headers.get('location')!, baseUrl).pathname).toBe('/');
    }
    const context = await newContext(browser(), 390);
    const page = await context.newPage();
    const answer = await page.goto('/home');
    expect(answer?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Your estate plan, prepared online and reviewed by attorneys');
    await context.close();
  }, 60_000);

  it('answers a second account with the same email as a new one, and mails the owner instead', async () => {
    const context = await newContext(browser(), 390);
    const page = await context.newPage();
    await page.goto('/join');
    await page.getByLabel(exactLabel('First Name')).fill('Again');
    await page.getByLabel(exactLabel('Last Name')).fill('Journey');
    await page.getByLabel(exactLabel('Email')).fill(email);
    await page.getByLabel(exactLabel('Phone')).pressSequentially('5551234567');
    await page.getByLabel(exactLabel('Password')).fill(password);
    await page.getByLabel(exactLabel('Retype Password')).fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    // The page never says whether an address is known (docs/decisions.md, "Audit fixes: ... account changes").
    await expectDialog(page, 'Success', 'Account created successfully.', { close: false });
    await Promise.all([page.waitForURL('**/login'), messageDialog(page).getByRole('button', { name: 'OK' }).click()]);
    // The owner reads why in their mailbox (the outbox, without SMTP).
    const admin = await context.newPage();
    await signIn(admin, 'admin@demo.trustwell.test', demoPassword());
    await admin.goto(`/outbox?to=${encodeURIComponent(email)}`);
    await admin.getByText('Someone tried to create a Trustwell account with your email').first().waitFor();
    await context.close();
  }, 60_000);
});

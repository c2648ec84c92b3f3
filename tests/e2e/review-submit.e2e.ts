import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserForThisFile, exactLabel, notice, resultsDir, screenshot, settle } from './helpers/browser';
import { alert, expectNoViolations, openHouseholdById as openHousehold, openPaymentDue, signedInPages } from './helpers/intake-pages';

/*
 * The review page, the submission and the attorney's status (issue 10), in Chromium against the demo data:
 * Lee Nakamura (married, answered, not submitted) reviews, prints to PDF (turned into images to be looked
 * at), meets the missing-items warning and the Agreement and Receipt, pays the fee in the Payment Due modal
 * (the sandbox's decline card first: its reason, nothing submitted; then 4242…) and submits; the attorney opens the
 * household straight on the review, reveals an SSN (hidden again on blur) and moves the status to Under
 * Attorney Review; Lee, Robin and the advisor see the new status. axe-core on the review, screenshots at
 * 390 and 1280 px. The journey changes the Nakamuras for good (a fresh database per e2e run).
 */

const LEE = 'lee.nakamura@demo.trustwell.test';
const ROBIN = 'robin.nakamura@demo.trustwell.test';
const ATTORNEY = 'attorney@demo.trustwell.test';
const ADVISOR = 'alice.morgan@demo.trustwell.test';
const NAKAMURAS = 'Lee Nakamura & Robin Nakamura';

const browser = browserForThisFile();
// The journey's pages live across its steps: their contexts close when the file is done.
const { signedIn, closeAll } = signedInPages(browser);
afterAll(closeAll);

/** The visible texts on the page matching `text` (a closed status history holds the same labels, unseen). */
async function visibleTexts(page: Page, text: RegExp): Promise<string[]> {
  return page
    .getByRole('main')
    .getByText(text)
    .evaluateAll((els) => els.filter((el) => (el as HTMLElement).checkVisibility()).map((el) => el.textContent ?? ''));
}

async function openReview(page: Page) {
  await page.goto('/client-info');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Review & Submit Trust' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Review & Submit Trust' }).waitFor();
}

describe('review, submission and the attorney status', () => {
  it('the client reviews at 1280 px: 16 sections, the diagram, cards 4 per row; prints to PDF with 2 per row', async () => {
    const page = await signedIn(LEE, 1440);
    await openReview(page);
    const titles = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(titles).toEqual([
      'Personal Info',
      'Current & New Estate Plan Info',
      'Children',
      'Beneficiaries',
      'Successor Trustees',
      'General Durable Power of Attorneys',
      'Medical Durable Power of Attorneys',
      'Financial Durable Power of Attorneys',
      'Properties',
      'Companies',
      'Specific Gifts',
      'Retirement Accounts',
      'Brokerage Accounts',
      'Bank Accounts',
      'Annuities',
      'Additional Comments',
    ]);
    await expect(page.getByRole('img', { name: 'Estate summary' }).count()).resolves.toBe(1);
    // The client sees masked SSNs and no eye.
    await expect(page.getByRole('region', { name: 'Personal Info' }).textContent()).resolves.toContain('XXX-XX-4987');
    await expect(page.getByRole('button', { name: /^Show SSN/ }).count()).resolves.toBe(0);
    await expect(page.content()).resolves.not.toContain('321-65-4987');
    // 4 cards per row from 1400 px (Children has 2, Beneficiaries 3: one row each).
    const beneficiaries = page.getByRole('region', { name: 'Beneficiaries' }).getByRole('article');
    const tops = await beneficiaries.evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await expect(page.getByRole('region', { name: 'Personal Info' }).textContent()).resolves.toContain('Used to maintain life');
    await expect(page.getByRole('region', { name: 'Current & New Estate Plan Info' }).textContent()).resolves.toContain('Will Only');
    await expect(page.getByRole('region', { name: 'Children' }).textContent()).resolves.toContain('Uche Nakamura');
    await expect(page.getByRole('region', { name: 'Bank Accounts' }).textContent()).resolves.toContain('No records to display');
    await expectNoViolations(page, 'review-nakamuras-1440');
    await screenshot(page, 'review-nakamuras-1440');

    await page.setViewportSize({ width: 1280, height: 900 });
    await settle(page);
    await screenshot(page, 'review-nakamuras-1280');

    // Print: the PDF Chromium makes with the print stylesheet, turned into images to be looked at.
    fs.mkdirSync(resultsDir, { recursive: true });
    const pdf = path.join(resultsDir, 'review-nakamuras.pdf');
    await page.emulateMedia({ media: 'print' });
    const cardsPerRow = await beneficiaries.evaluateAll((cards) => new Set(cards.map((c) => Math.round(c.getBoundingClientRect().top))).size);
    expect(cardsPerRow).toBe(2); // 3 cards, 2 per row: two rows
    await expect(page.locator('p', { hasText: 'The Nakamura Family Trust — Lee Nakamura & Robin Nakamura —' }).isVisible()).resolves.toBe(true);
    await page.pdf({ path: pdf, format: 'Letter', printBackground: true, margin: { top: '0.5in', bottom: '0.5in', left: '0.5in', right: '0.5in' } });
    await page.emulateMedia({ media: 'screen' });
    expect(fs.statSync(pdf).size).toBeGreaterThan(10_000);
    try {
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '3', pdf, path.join(resultsDir, 'review-nakamuras-pdf')]);
    } catch {
      // pdftoppm (poppler-utils) is optional; the PDF itself is kept.
    }
  }, 120_000);

  it('at 390 px: one card per row, no axe violation', async () => {
    const page = await signedIn(LEE, 390);
    await openReview(page);
    const cards = page.getByRole('region', { name: 'Beneficiaries' }).getByRole('article');
    const lefts = await cards.evaluateAll((els) => els.map((c) => Math.round(c.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);
    await expectNoViolations(page, 'review-nakamuras-390');
    await screenshot(page, 'review-nakamuras-390');
  }, 60_000);

  it('the Payment Due modal at 390 px (opened and canceled: nothing is charged or submitted)', async () => {
    const page = await signedIn(LEE, 390);
    const due = await openPaymentDue(page);
    // Issue 27: price, discount, then what is due; the annual charge's terms before any payment; the
    // sandbox's test numbers beside its label.
    await expect(due.getByTestId('amount-full').textContent()).resolves.toBe('$1,495.00');
    await expect(due.getByTestId('amount-due').textContent()).resolves.toBe('$995.00');
    await expect(due.getByTestId('amount-recurring').textContent()).resolves.toMatch(/^\$95\.00 a year, first charged on \d\d\/\d\d\/\d{4}/);
    await expect(due.getByTestId('amount-recurring').textContent()).resolves.toContain('cancel at any time in Settings, under Payments');
    await expect(due.getByRole('note', { name: 'Sandbox test numbers' }).textContent()).resolves.toContain('Card declined: 4000 0000 0000 0002');
    await expect(due.getByLabel(/^Save this method and charge it \$95\.00 a year/).isChecked()).resolves.toBe(false);
    await expectNoViolations(page, 'payment-due-390');
    await screenshot(page, 'payment-due-390');
    // The modal as the phone shows it (the full-page capture puts it at the foot of a long page).
    await page.screenshot({ path: path.join(resultsDir, 'payment-due-390-viewport.png') });
    await due.getByRole('button', { name: 'Cancel' }).click();
    await due.waitFor({ state: 'detached' });
    await expect(page.getByRole('button', { name: 'Submit Trust for Attorney Review' }).count()).resolves.toBe(1);
  }, 90_000);

  it('the client submits: the missing-items warning, Missing Consent, the acknowledgements, the banner', async () => {
    const page = await signedIn(LEE);
    await openReview(page);
    await page.getByRole('button', { name: 'Submit Trust for Attorney Review' }).click();
    const warning = alert(page, 'Missing Information');
    await warning.waitFor();
    await expect(warning.getByRole('listitem').allTextContents()).resolves.toEqual(['Bank accounts', 'Retirement or brokerage accounts']);
    await warning.getByRole('button', { name: 'Continue' }).click();

    const agreement = page.getByRole('dialog', { name: 'Agreement and Receipt' });
    await agreement.waitFor();
    await expectNoViolations(page, 'review-agreement');
    await screenshot(page, 'review-agreement-1280');
    await agreement.getByRole('button', { name: 'Submit', exact: true }).click();
    const missing = alert(page, 'Missing Consent');
    await missing.waitFor();
    await expect(missing.textContent()).resolves.toContain('Please read and acknowledge the entire Agreement');
    await missing.getByRole('button', { name: 'OK' }).click();
    for (const who of ['Lee Nakamura', 'Robin Nakamura']) {
      const group = agreement.getByRole('group', { name: `Acknowledgements of ${who}` });
      for (const box of await group.getByRole('checkbox').all()) await box.check();
    }
    await agreement.getByRole('button', { name: 'Submit', exact: true }).click();

    // Payment Due (issue 22): the sandbox's decline card says why and submits nothing; the approve card pays.
    const due = page.getByRole('dialog', { name: 'Payment Due' });
    await due.waitFor();
    await expect(due.textContent()).resolves.toContain('Sandbox — no real money moves');
    await expect(due.getByTestId('amount-due').textContent()).resolves.toBe('$995.00');
    await due.getByLabel('Name on card').fill('Lee Nakamura');
    await due.getByLabel('Card number').pressSequentially('4000000000000002');
    await due.getByLabel('Expiration (MM/YY)').pressSequentially('1239');
    await due.getByLabel('CVV').pressSequentially('123');
    await due.getByLabel('Billing street').fill('12 Cedar Lane');
    await due.getByLabel(exactLabel('City')).fill('Portland');
    await due.getByLabel(exactLabel('State')).selectOption('OR');
    await due.getByLabel('ZIP').pressSequentially('97201');
    await expectNoViolations(page, 'payment-due');
    await screenshot(page, 'payment-due-1280');
    await due.getByRole('button', { name: 'Pay $995.00 and Submit' }).click();
    const refused = alert(page, 'Error');
    await refused.waitFor();
    await expect(refused.textContent()).resolves.toMatch(/declined/i);
    await screenshot(page, 'payment-declined-1280');
    await refused.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Trust Sent for Review', { exact: true }).count()).resolves.toBe(0);
    await due.getByLabel('Card number').fill('');
    await due.getByLabel('Card number').pressSequentially('4242424242424242');
    // The explicit consent to the annual charge: the card is saved for it (Settings, Payments cancels it).
    await due.getByLabel(/^Save this method and charge it \$95\.00 a year/).check();
    await due.getByRole('button', { name: 'Pay $995.00 and Submit' }).click();
    const paid = alert(page, 'Payment Successful!');
    await paid.waitFor();
    await expect(paid.textContent()).resolves.toContain('Visa ending in 4242');
    // One dialog says both: what was paid and that the trust went to the attorneys (issue 27: never two stacked).
    await expect(paid.textContent()).resolves.toContain('The estate plan information has been sent for attorney review.');
    await expect(page.getByRole('alertdialog').count()).resolves.toBe(1);
    await screenshot(page, 'payment-successful-1280');
    await paid.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Trust Sent for Review', { exact: true }).waitFor();
    await expect(page.getByRole('button', { name: 'Review Information' }).count()).resolves.toBe(2);
    await page.getByRole('button', { name: 'Review Information' }).first().click();
    await expect(page.getByRole('button', { name: 'Submit Trust for Attorney Review' }).count()).resolves.toBe(0);
    await screenshot(page, 'review-submitted-1280');

    // The spouse's own page shows the banner and no way to submit again (submitting twice is refused by
    // the server too: tests/integration/review-submit.test.ts, parallel calls included).
    const robin = await signedIn(ROBIN);
    await robin.goto('/client-info');
    await robin.getByText('Trust Sent for Review', { exact: true }).waitFor();
  }, 120_000);

  it('the attorney opens it on the review, reveals an SSN (hidden again on blur) and changes the status', async () => {
    const page = await signedIn(ATTORNEY);
    await openHousehold(page, NAKAMURAS);
    await page.getByRole('heading', { level: 1, name: 'Review Information' }).waitFor();
    await expect(page.getByRole('button', { name: 'Edit', exact: true }).count()).resolves.toBe(2);
    // The status once: the banner; the attorney's bar below it is the control alone.
    await expect(visibleTexts(page, /Sent for Review/)).resolves.toEqual(['Trust Sent for Review']);
    // Edit leads to the page: the entry reads 'Review Information' (an attorney never submits), the status once.
    await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Client Information' }).waitFor();
    await expect(page.getByRole('button', { name: 'Review Information' }).count()).resolves.toBe(2);
    await expect(page.getByRole('button', { name: 'Review & Submit Trust' }).count()).resolves.toBe(0);
    await expect(visibleTexts(page, /Sent for Review/)).resolves.toEqual(['Trust Sent for Review']);
    await screenshot(page, 'review-attorney-page-1280');
    await page.getByRole('button', { name: 'Review Information' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Review Information' }).waitFor();

    const eye = page.getByRole('button', { name: 'Show SSN of Lee Nakamura' });
    await eye.click();
    const personal = page.getByRole('region', { name: 'Personal Info' });
    await personal.getByText('321-65-4987').waitFor();
    await screenshot(page, 'review-attorney-revealed-1280');
    await page.keyboard.press('Tab');
    await personal.getByText('321-65-4987').waitFor({ state: 'detached' });
    await expect(personal.textContent()).resolves.toContain('XXX-XX-4987');

    // Print: the review's Print button fetches the full identifiers (audited) and prints them for attorneys.
    await page.evaluate(() => {
      window.print = () => {
        (window as unknown as { printed: boolean }).printed = true;
      };
    });
    await page.getByRole('button', { name: 'Print', exact: true }).first().click();
    await page.waitForFunction(() => (window as unknown as { printed?: boolean }).printed === true);
    await page.emulateMedia({ media: 'print' });
    await expect(personal.getByText('321-65-4987').isVisible()).resolves.toBe(true);
    await page.pdf({ path: path.join(resultsDir, 'review-attorney.pdf'), format: 'Letter', printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    await expect(personal.getByText('321-65-4987').isVisible()).resolves.toBe(false);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect(personal.getByText('321-65-4987').count()).resolves.toBe(0);

    const bar = page.getByRole('group', { name: 'Estate plan status' });
    await bar.getByRole('combobox', { name: 'New status' }).selectOption({ label: 'Under Attorney Review' });
    await bar.getByRole('button', { name: 'Save' }).click();
    const confirm = alert(page, 'Confirm Status Update');
    await confirm.waitFor();
    await expect(confirm.textContent()).resolves.toContain('from Sent for Review to Under Attorney Review');
    await confirm.getByRole('button', { name: 'Update Status' }).click();
    const success = alert(page, 'Success! Estate plan status has been updated.');
    await success.waitFor();
    await success.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Trust Under Attorney Review', { exact: true }).waitFor();
    // The status history, newest first: the attorney's change, then the household's submission.
    await page.getByText('Status history', { exact: true }).click();
    const history = page.getByRole('list', { name: 'Status history' });
    await history.waitFor();
    const changes = await history.getByRole('listitem').allTextContents();
    expect(changes[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}, .+Under Attorney Reviewby .+$/);
    expect(changes[1]).toContain('Sent for Review');
    await expectNoViolations(page, 'review-attorney');
    await screenshot(page, 'review-attorney-1280');
  }, 120_000);

  it("the attorney on a trust still in progress: 'Review Information', the status once, and no way to submit", async () => {
    const page = await signedIn(ATTORNEY, 390);
    await openHousehold(page, 'Jordan Blake');
    await page.getByRole('heading', { level: 1, name: 'Client Information' }).waitFor();
    await expect(page.getByRole('button', { name: 'Review & Submit Trust' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Review Information' }).count()).resolves.toBe(2);
    await expect(visibleTexts(page, /In Progress/)).resolves.toEqual(['In Progress']);
    await expect(page.getByText(/^Plan status:/).textContent()).resolves.toBe('Plan status: In Progress');
    await page.getByRole('group', { name: 'Estate plan status' }).waitFor();
    await screenshot(page, 'review-attorney-in-progress-390');
  }, 60_000);

  it("the client finds the annual charge and the trust fee's receipt in Settings, Payments, and cancels the charge", async () => {
    const page = await signedIn(LEE, 390);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Payments' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Payments' });
    await panel.getByText('$95.00 a year').waitFor();
    await panel.getByText('Visa ending in 4242').waitFor();
    await expectNoViolations(page, 'settings-payments-390');
    await screenshot(page, 'settings-payments-390');
    await panel.getByRole('link', { name: /^Receipt for Trust fee/ }).click();
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await receipt.waitFor();
    await expect(receipt.textContent()).resolves.toContain('$995.00');
    await screenshot(page, 'receipt-trust-fee-390');
    await page.getByRole('link', { name: 'Back to Settings' }).click();
    await page.getByRole('tab', { name: 'Payments' }).click();
    await panel.getByRole('button', { name: 'Cancel Annual Charge' }).click();
    const sure = alert(page, 'Cancel the annual charge?');
    await sure.waitFor();
    await screenshot(page, 'settings-cancel-annual-390');
    await sure.getByRole('button', { name: 'Cancel Annual Charge' }).click();
    await notice(page, 'Your annual charge has been canceled.');
    await panel.getByText(/^Canceled on /).waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'settings-payments-1280');
  }, 90_000);

  it('the client, the spouse and the advisor see the new status', async () => {
    for (const email of [LEE, ROBIN]) {
      const page = await signedIn(email);
      await page.goto('/client-info');
      await page.getByText('Trust Under Attorney Review', { exact: true }).waitFor();
    }
    const advisor = await signedIn(ADVISOR, 390);
    await openHousehold(advisor, NAKAMURAS);
    await advisor.getByText('Trust Under Attorney Review', { exact: true }).waitFor();
    await advisor.getByText('Status history', { exact: true }).click();
    await advisor.getByRole('list', { name: 'Status history' }).getByText('Under Attorney Review').waitFor();
    await screenshot(advisor, 'review-advisor-banner-390');
  }, 120_000);
});

import { browserForThisFile, notice, screenshot } from './helpers/browser';
import { alert, expectNoViolations, openHouseholdById as openHousehold, signedInPages } from './helpers/intake-pages';

/*
 * Payments in the product (issue 22), in Chromium against the demo data and the sandbox gateway: Ben Carter
 * (who covers his clients' fees: three unpaid invoices, features locked: no New Client, no invitation) pays
 * his balance by bank with auto-pay, the lock lifts at once, the paid invoices stay in the history with
 * their receipt, then he disables auto-pay and removes the stored method; the attorney
 * acknowledges the Okafors' fee paid outside the app. The client's own payment (the decline card, then
 * 4242…) and the Payment Due modal at 390 px are in review-submit.e2e.ts, before the Nakamuras submit
 * (the e2e files share one database, and in any order the Nakamuras are submitted only there). axe on every payment screen, screenshots at 390 and 1280 px.
 */

const BEN = 'ben.carter@demo.trustwell.test';
const ATTORNEY = 'attorney@demo.trustwell.test';
const LOCKED = 'Please pay in full your outstanding balance to continue using this feature.';

const browser = browserForThisFile();
const { signedIn, closeAll } = signedInPages(browser);
afterAll(closeAll);

describe('payments', () => {
  it('an advisor at the lock pays by bank with auto-pay; the lock lifts; auto-pay off; the method removed', async () => {
    const page = await signedIn(BEN, 390);
    await page.goto('/dashboard');
    const balance = page.getByRole('region', { name: 'Outstanding Balance' });
    await balance.getByText(LOCKED).waitFor();
    await expect(balance.textContent()).resolves.toContain('$2,985.00');
    // Issue 27: the lock names what it stops, and no new work is offered while it holds.
    await balance.getByText('Locked until it is paid: New Client, Send Invite, and your clients’ trust information.').waitFor();
    await expect(page.getByRole('link', { name: 'New Client' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Send Invite' }).count()).resolves.toBe(0);
    await page.getByText('New invitations can be sent again once the outstanding balance is paid.').waitFor();
    await expectNoViolations(page, 'dashboard-locked-390');
    await screenshot(page, 'dashboard-locked-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'dashboard-locked-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    // The New Client page says the same instead of its form.
    const joinPath = await page.getByRole('region', { name: 'Your client sign-up link' }).getByRole('link').getAttribute('href');
    await page.goto(joinPath!.replace('/join/', '/new-client/'));
    await page.getByText(LOCKED).waitFor();
    await expect(page.getByRole('button', { name: /Create/ }).count()).resolves.toBe(0);
    await screenshot(page, 'new-client-locked-390');
    await page.goto('/dashboard');
    await balance.getByRole('button', { name: 'Pay Balance' }).click();
    const pay = page.getByRole('dialog', { name: 'Pay Outstanding Balance' });
    await pay.waitFor();
    await expect(pay.textContent()).resolves.toContain('Sandbox — no real money moves');
    await pay.getByLabel('Bank account (eCheck)').check();
    await pay.getByLabel('Account holder').fill('Ben Carter');
    await pay.getByLabel('Routing number').pressSequentially('000000013');
    await pay.getByLabel('Account number').pressSequentially('123456789012');
    await pay.getByLabel('Account type').selectOption('checking');
    await pay.getByLabel(/Enable auto-pay/).check();
    await expectNoViolations(page, 'pay-balance-390');
    await screenshot(page, 'pay-balance-390');
    await pay.getByRole('button', { name: 'Pay $2,985.00' }).click();
    const paid = alert(page, 'Payment Successful!');
    await paid.waitFor();
    await expect(paid.textContent()).resolves.toContain('Your balance is paid in full and auto-pay enabled');
    await paid.getByRole('button', { name: 'OK' }).click();
    // The lock lifts at once: the refreshed dashboard has no lock message and no balance left.
    await balance.getByText(/^\$0\.00 in 0 unpaid invoices/).waitFor();
    await expect(balance.getByText(LOCKED).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'New Client' }).waitFor();

    // Paid invoices stay in the history, each with its receipt (issue 27).
    await balance.getByText('Invoice history (3 paid)').click();
    const history = balance.getByRole('region', { name: 'Paid invoices' });
    await history.waitFor();
    await expect(history.getByRole('link', { name: /^Receipt/ }).count()).resolves.toBe(3);
    await screenshot(page, 'invoice-history-390');
    await history
      .getByRole('link', { name: /^Receipt/ })
      .first()
      .click();
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await receipt.waitFor();
    await expect(receipt.textContent()).resolves.toContain('$2,985.00');
    await expect(receipt.textContent()).resolves.toContain('bank account ending in 9012');
    await expect(receipt.getByRole('row').count()).resolves.toBe(5);
    await expectNoViolations(page, 'receipt-390');
    await screenshot(page, 'receipt-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'receipt-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await balance.waitFor();
    const autoPay = page.getByRole('region', { name: 'Auto-Pay' });
    await autoPay.getByText('Auto-pay is on with bank account ending in 9012.').waitFor();
    await expectNoViolations(page, 'dashboard-auto-pay-390');
    await screenshot(page, 'dashboard-auto-pay-390');

    await autoPay.getByRole('button', { name: 'Disable Auto-Pay' }).click();
    await notice(page, 'Auto-pay has been disabled');
    await autoPay.getByText('Auto-pay is off with bank account ending in 9012.').waitFor();

    await autoPay.getByRole('button', { name: 'Remove Stored Payment Method' }).click();
    const sure = alert(page, 'Remove Stored Payment Method?');
    await sure.waitFor();
    await sure.getByRole('button', { name: 'Remove' }).click();
    const removed = alert(page, 'Your stored payment method has been removed');
    await removed.waitFor();
    await removed.getByRole('button', { name: 'OK' }).click();
    await autoPay.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'dashboard-after-payment-1280');
  }, 120_000);

  it('an attorney acknowledges a fee paid outside the app', async () => {
    const page = await signedIn(ATTORNEY, 1280);
    await openHousehold(page, 'Chidi Okafor & Amara Okafor');
    await page.getByText('Plan status: In Progress').waitFor();
    await page.getByRole('group', { name: 'Estate plan status' }).getByRole('button', { name: 'Acknowledge Payment' }).click();
    const confirm = alert(page, 'Acknowledge Payment');
    await confirm.waitFor();
    await expectNoViolations(page, 'acknowledge-payment');
    await screenshot(page, 'acknowledge-payment-1280');
    await confirm.getByRole('button', { name: 'Acknowledge Payment' }).click();
    const done = alert(page, 'Payment Acknowledged');
    await done.waitFor();
    await done.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Plan status: Paid in Full').waitFor();
    await expect(page.getByRole('button', { name: 'Acknowledge Payment' }).count()).resolves.toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'acknowledged-390');
  }, 90_000);
});

import type { Page } from 'playwright-core';
import { totpCodeAt } from '@/lib/auth/second-factor/totp';
import { screenshot, signIn, submitLogin } from './helpers/browser';
import { demoServerForThisFile } from './helpers/demo-server';
import { expectNoViolations } from './helpers/intake-pages';

/*
 * The second factor in a real browser (issue 31), on a server of its own with the demo data (an admin who
 * sets up an authenticator app must not change how the other journeys sign in): the admin sets up the app
 * from Settings → Security (the key as the QR code carries it, a code typed back, the recovery codes shown
 * once), signs out, signs in with a code, then with a recovery code; a wrong code says so.
 */

const ADMIN = 'admin@demo.trustwell.test';
const demo = demoServerForThisFile(Number(process.env.E2E_SECOND_FACTOR_PORT ?? 3216));
const password = demo.password;

async function newPage(width: number): Promise<Page> {
  return (await demo.newContext(width)).newPage();
}

async function signOut(page: Page) {
  await page.goto('/logout');
  await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.getByRole('main').getByRole('button', { name: 'Logout' }).click()]);
}

/** The password step, which for this account leads to the code page. */
async function passwordStep(page: Page) {
  await page.goto('/login');
  await Promise.all([page.waitForURL((url) => url.pathname === '/login/code'), submitLogin(page, ADMIN, password())]);
  await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel(/^Code/).fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('an authenticator app as the second step of signing in', () => {
  it('the admin sets it up, signs in with a code, then with a recovery code; a wrong code is refused', async () => {
    const page = await newPage(1280);
    await signIn(page, ADMIN, password());
    // In the grace period the banner asks for a second step and says from when it is required.
    const banner = page.getByRole('region', { name: 'Second factor' });
    await banner.getByText(/^Attorneys and admins sign in with a second step, an authenticator app or a passkey, from \w+ \d{1,2}, \d{4}\./).waitFor();
    await page.goto('/settings?tab=security');
    const section = page.getByRole('region', { name: 'Authenticator app' }).or(page.locator('section[aria-labelledby="settings-authenticator-heading"]'));
    await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoViolations(page, 'totp-setup-1280');
    await screenshot(page, 'i31-totp-setup-1280');

    await page.getByLabel(/^Code from the app/).fill(totpCodeAt(secret, new Date()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codesRegion = page.getByRole('region', { name: 'Save your recovery codes' });
    await codesRegion.waitFor();
    const codes = await codesRegion.locator('code').allTextContents();
    expect(codes).toHaveLength(10);
    await expectNoViolations(page, 'totp-codes-1280');
    await screenshot(page, 'i31-totp-recovery-codes-1280');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText(/Signing in asks for a code from your authenticator app/).waitFor();
    // Set up: the banner is gone.
    await page.goto('/settings?tab=security');
    expect(await page.getByRole('region', { name: 'Second factor' }).count()).toBe(0);
    await signOut(page);

    // With a code: the password alone opens nothing, the code page asks; a wrong code says so.
    const phone = await newPage(390);
    await passwordStep(phone);
    await expectNoViolations(phone, 'totp-code-page-390');
    await screenshot(phone, 'i31-totp-code-page-390');
    await enterCode(phone, '000000');
    await phone.getByRole('alertdialog').getByText('That code is not right.', { exact: false }).waitFor();
    await phone.getByRole('alertdialog').getByRole('button').first().click();
    await Promise.all([phone.waitForURL((url) => url.pathname === '/dashboard'), enterCode(phone, totpCodeAt(secret, new Date(Date.now() + 30_000)))]);
    await signOut(phone);

    // With a recovery code: Settings → Security then counts what is left.
    await passwordStep(page);
    await Promise.all([page.waitForURL((url) => url.pathname === '/settings'), enterCode(page, codes[0])]);
    await page.getByText('9 of 10 recovery codes left', { exact: false }).waitFor();
    await screenshot(page, 'i31-totp-on-1280');
    // The same recovery code does not work twice.
    await signOut(page);
    await passwordStep(page);
    await enterCode(page, codes[0]);
    await page.getByRole('alertdialog').getByText('That code is not right.', { exact: false }).waitFor();
  }, 180_000);
});

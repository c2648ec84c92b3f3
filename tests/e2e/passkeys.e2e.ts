import type { Page } from 'playwright-core';
import { screenshot, signIn, submitLogin } from './helpers/browser';
import { demoServerForThisFile } from './helpers/demo-server';
import { expectNoViolations } from './helpers/intake-pages';

/*
 * Passkeys in a real browser (issue 31), on a server of its own with the demo data, whose address is
 * http://localhost:<port> (WebAuthn refuses an IP address as the site's ID; Chromium treats http://localhost
 * as a secure context). Chromium's virtual authenticator (DevTools protocol) stands in for the device: a
 * client adds a passkey in Settings → Security, signs out, and signs in with it alone, nothing typed; then
 * her password leads to the second step, which she passes with the passkey; she removes it with her password
 * and the passkey's confirmation. An attorney past the grace period is held at Settings → Security until
 * she adds a passkey.
 */

const PORT = Number(process.env.E2E_PASSKEYS_PORT ?? 3218);
const SITE = `http://localhost:${PORT}`;
const CLIENT = 'pat.rivera@demo.trustwell.test';
const ATTORNEY = 'attorney@demo.trustwell.test';
// No grace period on this server: staff without a second factor are held at Settings → Security from their
// first sign-in (the second-factor journey reads the grace banner on its own server).
const demo = demoServerForThisFile(PORT, { site: SITE, env: { SECOND_FACTOR_GRACE_DAYS: '0' } });
const password = demo.password;

/** A page on localhost with a virtual platform authenticator that holds passkeys and verifies its user. */
async function pageWithAuthenticator(width: number): Promise<Page> {
  const context = await demo.newContext(width);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return page;
}

async function signOut(page: Page) {
  await page.goto('/logout');
  await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.getByRole('main').getByRole('button', { name: 'Logout' }).click()]);
}

const passkeysSection = (page: Page) => page.locator('section[aria-labelledby="settings-passkeys-heading"]');

describe('a passkey', () => {
  it('a client adds one in Settings, signs out, and signs in with it alone', async () => {
    const page = await pageWithAuthenticator(1280);
    await signIn(page, CLIENT, password());
    await page.goto('/settings?tab=security');
    const section = passkeysSection(page);
    await section.getByText('You have no passkeys yet.').waitFor();
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByLabel(/Name for the new passkey/).fill('Work laptop');
    await section.getByRole('button', { name: 'Create the passkey' }).click();
    const card = section.getByRole('listitem', { name: 'Work laptop' });
    await card.waitFor();
    await card.getByText('Not yet').waitFor();
    await section.scrollIntoViewIfNeeded();
    await expectNoViolations(page, 'passkeys-settings-1280');
    await screenshot(page, 'passkeys-settings-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await expectNoViolations(page, 'passkeys-settings-390');
    await screenshot(page, 'passkeys-settings-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await signOut(page);
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Sign in with a passkey' });
    await button.waitFor();
    await expectNoViolations(page, 'passkeys-login-1280');
    await screenshot(page, 'passkeys-login-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoViolations(page, 'passkeys-login-390');
    await screenshot(page, 'passkeys-login-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Nothing typed: the browser's prompt finds the passkey (the virtual authenticator verifies its user).
    await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/login')), button.click()]);
    await page.goto('/settings?tab=security');
    const used = passkeysSection(page).getByRole('listitem', { name: 'Work laptop' });
    await used.waitFor();
    expect(await used.getByText('Not yet').count()).toBe(0);

    // With a passkey, the password alone no longer signs in: the second step offers the passkey.
    await signOut(page);
    await page.goto('/login');
    await Promise.all([page.waitForURL((url) => url.pathname === '/login/code'), submitLogin(page, CLIENT, password())]);
    const usePasskey = page.getByRole('button', { name: 'Use your passkey' });
    await usePasskey.waitFor();
    await expectNoViolations(page, 'passkeys-second-step-1280');
    await screenshot(page, 'passkeys-second-step-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoViolations(page, 'passkeys-second-step-390');
    await screenshot(page, 'passkeys-second-step-390');
    await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/login')), usePasskey.click()]);

    // Removing it asks the password, then the passkey confirms (no authenticator app to give a code).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/settings?tab=security');
    const mine = passkeysSection(page).getByRole('listitem', { name: 'Work laptop' });
    await mine.getByRole('button', { name: 'Remove Work laptop' }).click();
    const form = page.getByRole('form', { name: 'Remove Work laptop' });
    await form.getByText('Your browser will ask for one of your passkeys to confirm this.').waitFor();
    await form.getByLabel(/Current Password/).fill(password());
    await expectNoViolations(page, 'passkeys-remove-1280');
    await screenshot(page, 'passkeys-remove-1280');
    await form.getByRole('button', { name: 'Remove passkey' }).click();
    await page.getByText('The passkey “Work laptop” was removed.').waitFor();
    await passkeysSection(page).getByText('You have no passkeys yet.').waitFor();
  });

  it('an attorney past the grace period is held at Settings, Security until she adds one', async () => {
    const page = await pageWithAuthenticator(390);
    await page.goto('/login');
    await Promise.all([page.waitForURL((url) => url.pathname === '/settings'), submitLogin(page, ATTORNEY, password())]);
    expect(new URL(page.url()).searchParams.get('tab')).toBe('security');
    await page.getByRole('alert').getByText('Your account needs an authenticator app or a passkey to sign in. Set one up to continue.').waitFor();
    await expectNoViolations(page, 'second-factor-overdue-390');
    await screenshot(page, 'second-factor-overdue-390');
    // Every other page sends her back here, and a household's data is refused.
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/settings');
    const section = passkeysSection(page);
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByLabel(/Name for the new passkey/).fill('Office phone');
    await section.getByRole('button', { name: 'Create the passkey' }).click();
    await section.getByRole('listitem', { name: 'Office phone' }).waitFor();
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
});

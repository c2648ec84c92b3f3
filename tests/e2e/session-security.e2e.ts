import type { BrowserContext, Page } from 'playwright-core';
import { expectNoViolations } from './helpers/intake-pages';
import { baseUrl, browserForThisFile, demoPassword, newContext, screenshot, signIn, submitLogin } from './helpers/browser';

/*
 * The security review's findings, tried the way an attacker would, in a real browser against the server:
 * a page on another site cannot sign anyone out, the login page cannot be made to redirect off-site or to
 * show words of someone else's choosing.
 */

const browser = browserForThisFile();
const ADVISOR = 'alice.morgan@demo.trustwell.test';
// A made-up other site; the browser never resolves it, Playwright answers for it.
const EVIL = 'http://evil.test';

async function isSignedIn(page: Page): Promise<boolean> {
  await page.goto('/dashboard');
  return new URL(page.url()).pathname === '/dashboard';
}

/** Serves `html` as the page of the other site. */
async function otherSite(context: BrowserContext, html: string) {
  await context.route(`${EVIL}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }));
}

describe('signing out', () => {
  it('GET /logout shows a page with the button instead of signing out; the button signs out', async () => {
    const context = await newContext(browser(), 390);
    const page = await context.newPage();
    await signIn(page, ADVISOR, demoPassword());
    await page.goto('/logout');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Log out?');
    await screenshot(page, 'logout-page-390');
    expect(await isSignedIn(page)).toBe(true);

    await page.goto('/logout');
    await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.getByRole('main').getByRole('button', { name: 'Logout' }).click()]);
    expect(await isSignedIn(page)).toBe(false);
    await context.close();
  }, 60_000);

  it('logging out ends the session on the server: a copy of the cookie, replayed afterwards, signs nobody in', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, ADVISOR, demoPassword());
    const copy = (await context.cookies()).find((c) => c.name.endsWith('next-auth.session-token'));
    expect(copy).toBeDefined();
    await page.goto('/logout');
    await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.getByRole('main').getByRole('button', { name: 'Logout' }).click()]);

    // Someone kept the cookie (a shared computer, a proxy log) and replays it in another browser.
    const thief = await newContext(browser());
    await thief.addCookies([copy!]);
    const replay = await thief.newPage();
    expect(await isSignedIn(replay)).toBe(false);
    await expect((await replay.request.get('/api/auth/session')).json()).resolves.toEqual({});
    await thief.close();
    await context.close();
  }, 60_000);

  it('Settings → Security lists both browsers; signing out the other one signs it out on its next request (issue 31)', async () => {
    const laptop = await newContext(browser(), 1280);
    const phoneContext = await newContext(browser(), 390);
    const page = await laptop.newPage();
    const phone = await phoneContext.newPage();
    await signIn(phone, ADVISOR, demoPassword());
    await signIn(page, ADVISOR, demoPassword());
    await page.goto('/settings?tab=security');
    const tab = page.getByRole('tabpanel', { name: 'Security' });
    await tab.getByRole('heading', { name: 'Where you are signed in' }).waitFor();
    await tab.getByText('This browser', { exact: true }).waitFor();
    expect(await tab.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    await expectNoViolations(page, 'settings-security-1280');
    await screenshot(page, 'i31-settings-security-1280');

    await phone.goto('/settings?tab=security');
    await phone.getByRole('tabpanel', { name: 'Security' }).getByText('This browser', { exact: true }).waitFor();
    await expectNoViolations(phone, 'settings-security-390');
    await screenshot(phone, 'i31-settings-security-390');

    // The laptop signs out everywhere else: the phone's next request finds itself signed out.
    await tab.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByText('Your other sessions have been signed out.').waitFor();
    expect(await tab.getByRole('listitem').count()).toBe(1);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(page)).toBe(true);
    await laptop.close();
    await phoneContext.close();
  }, 90_000);

  it('a link or an auto-submitting form on another site cannot end the session', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, ADVISOR, demoPassword());

    await otherSite(
      context,
      `<!doctype html><title>Win a prize</title>
       <a id="link" href="${baseUrl}/logout">Claim</a>
       <form id="f" method="post" action="${baseUrl}/logout"></form>`,
    );
    // The link: a top-level navigation that carries the session cookie, and only shows the page.
    await page.goto(`${EVIL}/prize`);
    await Promise.all([page.waitForURL((url) => url.pathname === '/logout'), page.click('#link')]);
    expect(await isSignedIn(page)).toBe(true);

    // The form post: refused by the origin check (and the cookie stays).
    await page.goto(`${EVIL}/prize`);
    await Promise.all([page.waitForURL((url) => url.origin === baseUrl), page.evaluate(() => (document.getElementById('f') as HTMLFormElement).submit())]);
    expect(new URL(page.url()).pathname).toBe('/logout');
    expect(await isSignedIn(page)).toBe(true);
    await context.close();
  }, 60_000);
});

describe('the login page', () => {
  it.each([
    ['a tab', '/\t/evil.test'],
    ['an encoded tab', '/%09/evil.test'],
    ['a protocol-relative path', '//evil.test'],
    ['a backslash', '/\\evil.test'],
    ['an absolute URL', 'http://evil.test/'],
    ['javascript:', 'javascript:alert(1)'],
  ])(
    'never sends the user off-site after signing in (next with %s)',
    async (_case, next) => {
      const context = await newContext(browser());
      const page = await context.newPage();
      await context.route(`${EVIL}/**`, (route) => route.fulfill({ status: 200, body: 'evil' }));
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/login')), submitLogin(page, ADVISOR, demoPassword())]);
      expect(new URL(page.url()).origin).toBe(baseUrl);
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await context.close();
    },
    60_000,
  );

  it('still honours a local next after signing in', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/settings');
    expect(new URL(page.url()).pathname).toBe('/login');
    await Promise.all([page.waitForURL((url) => url.pathname === '/settings'), submitLogin(page, ADVISOR, demoPassword())]);
    await context.close();
  }, 60_000);

  it('shows only its own error texts, chosen by a code, never text from the address', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/login?error=Your%20account%20is%20suspended.%20Call%20555-0100');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);
    await expect(page.getByText('suspended').count()).resolves.toBe(0);

    await page.goto('/login?error=locked');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('Too many failed sign-in attempts for this account. Please wait 2 minutes and try again.');
    await screenshot(page, 'login-error-code');
    await context.close();
  }, 60_000);
});

import { axeViolations, newContext, screenshot, signIn, browserForThisFile, demoPassword, submitLogin } from './helpers/browser';

const roles = [
  { role: 'admin', email: 'admin@demo.trustwell.test', lands: '/dashboard', heading: 'Admin' },
  { role: 'attorney', email: 'attorney@demo.trustwell.test', lands: '/dashboard', heading: 'Attorney' },
  { role: 'advisor', email: 'alice.morgan@demo.trustwell.test', lands: '/dashboard', heading: 'Dashboard' },
  { role: 'staff', email: 'casey.lee@demo.trustwell.test', lands: '/dashboard', heading: 'Dashboard' },
  { role: 'client', email: 'jordan.blake@demo.trustwell.test', lands: '/client-info', heading: 'Client Information' },
  { role: 'spouse', email: 'sam.rivera@demo.trustwell.test', lands: '/client-info', heading: 'Client Information' },
];

const browser = browserForThisFile();

describe('signing in as every demo role', () => {
  it.each(roles)(
    '$role lands on $lands and can sign out',
    async ({ role, email, lands, heading }) => {
      const context = await newContext(browser());
      const page = await context.newPage();
      await signIn(page, email, demoPassword());
      expect(new URL(page.url()).pathname).toBe(lands);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
      await screenshot(page, `sign-in-${role}`);
      // GET /logout only offers the button; the click (a same-site POST) signs out.
      await page.goto('/logout');
      expect(new URL(page.url()).pathname).toBe('/logout');
      await Promise.all([page.waitForURL((url) => url.pathname === '/'), page.getByRole('main').getByRole('button', { name: 'Logout' }).click()]);
      await page.goto(lands);
      expect(new URL(page.url()).pathname).toBe('/login');
      await context.close();
    },
    60_000,
  );

  it('shows a wrong password in the Error dialog without saying whether the email exists', async () => {
    const context = await newContext(browser(), 390);
    const page = await context.newPage();
    await page.goto('/login');
    await submitLogin(page, 'nobody@demo.trustwell.test', 'wrong-password');
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.waitFor();
    await expect(dialog.getByText('Error', { exact: true }).count()).resolves.toBeGreaterThan(0);
    await expect(dialog.getByText('Invalid email or password.').count()).resolves.toBe(1);
    await screenshot(page, 'login-error-390');
    await context.close();
  }, 60_000);

  // Issue 27: the page said 'Sign in' above a button reading 'Login'. The header's link keeps the spec's 'Login'.
  it('says Sign in in its heading, its button and its title; the header links to it as Login', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Sign in');
    // The form's button, and the passkey's beside it (issue 31).
    await expect(page.getByRole('main').getByRole('button').allTextContents()).resolves.toEqual(['Sign in', 'Sign in with a passkey']);
    await expect(page.title()).resolves.toMatch(/^Sign in \|/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).resolves.toBe('/login');
    await context.close();
  }, 60_000);

  it('has no WCAG A/AA violations on the login page', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/login');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  }, 60_000);
});

import type { Page } from 'playwright-core';
import { mapsSearchUrl, siteConfig } from '@/lib/config/site';
import { baseUrl, newContext, screenshot, signIn, browserForThisFile, demoPassword } from './helpers/browser';

/*
 * Spec 2, Header and Footer: which links each kind of visitor gets, at desktop width and through the
 * Menu toggle on a phone; the footer's Get Started band, maps link and the products without an action.
 */

const ALL_LINKS = ['Home', 'My Info', 'Activity', 'Dashboard', 'Trust', 'About Us', 'Contact Us', 'Settings', 'Logout', 'Login'];

const visitors = [
  { who: 'guest', email: null, page: '/', links: ['Home', 'Trust', 'About Us', 'Contact Us', 'Login'] },
  {
    who: 'client',
    email: 'jordan.blake@demo.trustwell.test',
    page: '/client-info',
    links: ['My Info', 'Activity', 'Trust', 'About Us', 'Contact Us', 'Settings', 'Logout'],
  },
  {
    who: 'advisor',
    email: 'alice.morgan@demo.trustwell.test',
    page: '/dashboard',
    links: ['Dashboard', 'Trust', 'About Us', 'Contact Us', 'Settings', 'Logout'],
  },
] as const;

const HREFS: Record<string, string> = {
  Home: '/',
  'My Info': '/client-info',
  Activity: '/activity',
  Dashboard: '/dashboard',
  Trust: '/trust',
  'About Us': '/',
  'Contact Us': '/',
  Settings: '/settings',
  Logout: '/logout',
  Login: '/login',
};

const browser = browserForThisFile();

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The names of the header links (and the Logout button, a form post) that are visible right now, in order. */
async function visibleLinks(page: Page): Promise<string[]> {
  const links = nav(page).locator('a, form button');
  const names: string[] = [];
  for (const link of await links.all()) {
    if (await link.isVisible()) names.push(((await link.textContent()) ?? '').trim());
  }
  return names;
}

async function expectLinks(page: Page, expected: readonly string[]) {
  await expect(visibleLinks(page)).resolves.toEqual(expected);
  for (const name of expected) {
    if (name === 'Logout') {
      // Signing out is a POST from a button, never a link another site could point at.
      const form = nav(page).locator('form', { has: page.getByRole('button', { name: 'Logout', exact: true }) });
      await expect(form.getAttribute('action')).resolves.toBe(HREFS.Logout);
      await expect(form.getAttribute('method')).resolves.toBe('post');
      continue;
    }
    await expect(nav(page).getByRole('link', { name, exact: true }).getAttribute('href')).resolves.toBe(HREFS[name]);
  }
  for (const name of ALL_LINKS.filter((n) => !expected.includes(n))) {
    await expect(nav(page).getByRole('link', { name, exact: true }).count()).resolves.toBe(0);
    await expect(nav(page).locator('form').getByRole('button', { name, exact: true }).count()).resolves.toBe(0);
  }
}

describe('header links by role', () => {
  it.each(visitors)(
    '$who at 1280 px: links in the bar, no Menu button',
    async ({ who, email, page: path, links }) => {
      const context = await newContext(browser(), 1280);
      const page = await context.newPage();
      if (email) await signIn(page, email, demoPassword());
      await page.goto(path);
      await expect(nav(page).getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(false);
      await expectLinks(page, links);
      await screenshot(page, `header-${who}-1280`);
      await context.close();
    },
    60_000,
  );

  it.each(visitors)(
    '$who at 390 px: links behind the Menu toggle',
    async ({ who, email, page: path, links }) => {
      const context = await newContext(browser(), 390);
      const page = await context.newPage();
      if (email) await signIn(page, email, demoPassword());
      await page.goto(path);

      const toggle = nav(page).getByRole('button', { name: 'Menu' });
      await expect(toggle.isVisible()).resolves.toBe(true);
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(visibleLinks(page)).resolves.toEqual([]);

      await toggle.click();
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
      await expectLinks(page, links);
      // The open panel stays inside the viewport.
      const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
      const box = await panel.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await screenshot(page, `header-${who}-390-open`);

      // Escape closes it and gives focus back to the toggle.
      await page.keyboard.press('Escape');
      await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(visibleLinks(page)).resolves.toEqual([]);
      await expect(toggle.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

      // Following a link closes the menu on the next page.
      await toggle.click();
      await Promise.all([page.waitForURL('**/trust'), nav(page).getByRole('link', { name: 'Trust', exact: true }).click()]);
      await expect(nav(page).getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).resolves.toBe('false');
      await context.close();
    },
    60_000,
  );
});

describe('header on /trust', () => {
  // Guests get the prerendered page; anyone signed in gets the same page rendered with their own links.
  it.each(visitors)(
    '$who sees their own links on the static landing page',
    async ({ who, email, links }) => {
      const context = await newContext(browser(), 1280);
      const page = await context.newPage();
      if (email) await signIn(page, email, demoPassword());
      const response = await page.goto('/trust');
      expect(page.url()).toMatch(/\/trust$/);
      await expectLinks(page, links);
      // The price card leads guests to sign up and signed-in visitors to their own work.
      const cta = { guest: ['Start your trust', '/join'], client: ['Continue your trust', '/client-info'], advisor: ['Go to your dashboard', '/dashboard'] }[
        who
      ];
      await expect(page.getByRole('main').getByRole('link', { name: cta[0] }).getAttribute('href')).resolves.toBe(cta[1]);
      await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' }).count()).resolves.toBe(who === 'guest' ? 1 : 0);
      // The footer drops its Get Started band on /trust for everyone.
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Get Started', exact: true }).count()).resolves.toBe(0);
      // Only the guest page is served from the static cache.
      const cache = response?.headers()['x-nextjs-cache'] ?? response?.headers()['x-nextjs-prerender'];
      if (who === 'guest') expect(cache).toBeTruthy();
      await screenshot(page, `trust-header-${who}-1280`);
      await context.close();
    },
    60_000,
  );
});

describe('header on /trust with a stale session cookie', () => {
  it('shows the guest links and sign-up card', async () => {
    const context = await newContext(browser(), 1280);
    await context.addCookies([{ name: 'next-auth.session-token', value: 'expired-or-forged', url: baseUrl }]);
    const page = await context.newPage();
    await page.goto('/trust?ref=not-an-advisor');
    await expectLinks(page, visitors[0].links);
    // The button takes ?ref= once hydrated (the static HTML links to plain /join).
    await page.getByRole('main').locator('a[href="/join/not-an-advisor"]', { hasText: 'Start your trust' }).waitFor();
    await context.close();
  }, 60_000);
});

describe('footer', () => {
  it('offers Get Started to /trust everywhere but on /trust', async () => {
    const context = await newContext(browser(), 1280);
    const page = await context.newPage();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const getStarted = footer.getByRole('link', { name: 'Get Started', exact: true });
    await expect(getStarted.isVisible()).resolves.toBe(true);
    await Promise.all([page.waitForURL('**/trust'), getStarted.click()]);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Get Started', exact: true }).count()).resolves.toBe(0);
    // Elsewhere it is back.
    await page.goto('/login');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Get Started', exact: true }).isVisible()).resolves.toBe(true);
    await context.close();
  }, 60_000);

  // Issue 27: the marketing band showed on every signed-in page (the dashboards, the lock page).
  it('shows no Get Started band on a signed-in page, not even where a guest sees one', async () => {
    const context = await newContext(browser(), 1280);
    const page = await context.newPage();
    await signIn(page, 'ben.carter@demo.trustwell.test', demoPassword());
    for (const path of ['/dashboard', '/settings', '/']) {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('region', { name: 'Products' }).waitFor();
      await expect(footer.getByRole('link', { name: 'Get Started', exact: true }).count()).resolves.toBe(0);
    }
    await context.close();
  }, 60_000);

  it('links the address to a map in a new tab; Will and Guardian are plain text', async () => {
    const context = await newContext(browser(), 390);
    const page = await context.newPage();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');

    const map = footer.getByRole('link', { name: new RegExp(`^${siteConfig.address.organization}`) });
    await expect(map.count()).resolves.toBe(1);
    await expect(map.getAttribute('href')).resolves.toBe(mapsSearchUrl(siteConfig.address));
    await expect(map.getAttribute('target')).resolves.toBe('_blank');
    await expect(map.getAttribute('rel')).resolves.toContain('noopener');
    await expect(map.textContent()).resolves.toContain(siteConfig.address.street);

    const products = footer.getByRole('region', { name: 'Products' });
    await expect(products.getByRole('link', { name: 'Trust', exact: true }).getAttribute('href')).resolves.toBe('/trust');
    for (const label of ['Will', 'Guardian']) {
      await expect(products.getByText(label, { exact: true }).isVisible()).resolves.toBe(true);
      await expect(products.getByRole('link', { name: label, exact: true }).count()).resolves.toBe(0);
    }
    await screenshot(page, 'footer-390');
    await context.close();
  }, 60_000);
});

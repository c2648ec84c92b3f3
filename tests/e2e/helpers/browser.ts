import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/* Chromium from Debian, driven by playwright-core; the flags keep it off the (closed) network. */

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';
export const resultsDir = path.resolve(__dirname, '../../../test-results');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/**
 * One Chromium for the calling test file: launched before its tests, closed after them. Returns a getter,
 * since the browser exists only once beforeAll has run.
 */
export function browserForThisFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not running: call browserForThisFile() at the top of the test file.');
    return browser;
  };
}

export async function newContext(browser: Browser, width = 1280): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: width < 600 ? 844 : 900 } });
  context.setDefaultTimeout(10_000);
  return context;
}

/** Saves a full-page screenshot under test-results/ to be looked at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * The demo accounts' password. Random per seeded database: scripts/e2e.mjs reads it from the server's
 * demo-accounts file and passes it on as E2E_DEMO_PASSWORD.
 */
export function demoPassword(): string {
  const password = process.env.E2E_DEMO_PASSWORD;
  if (!password) {
    throw new Error(
      'E2E_DEMO_PASSWORD is not set. Run the journeys with `npm run test:e2e`, or set it to the password in the demo-accounts.txt of the server under test.',
    );
  }
  return password;
}

/** Fills the login form on the current page and submits it (no waiting: the caller knows where it leads). */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the login form and waits for the landing page. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  try {
    await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/login')), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
  } catch (error) {
    // Say where the sign-in stopped (and the Error dialog's text, if any) instead of only "timeout".
    const dialog = await page
      .getByRole('alertdialog')
      .textContent({ timeout: 1000 })
      .catch(() => null);
    throw new Error(`Signing in as ${email} stopped at ${page.url()}${dialog ? `, dialog: "${dialog}"` : ''}: ${String(error)}`);
  }
}

const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core on the page for WCAG 2.x A/AA and returns the violations (id and offending targets). */
export async function axeViolations(page: Page) {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

/**
 * Waits for the non-blocking notice (role status) that says `text` (issue 27: a confirmation the spec does
 * not name is a notice, not a dialog; nothing to press) and answers it.
 */
export async function notice(page: Page, text: string | RegExp) {
  const found = page.getByRole('status').filter({ hasText: text });
  await found.first().waitFor();
  return found.first();
}

/** A field's label as Playwright reads it: the required marker '*' is hidden from screen readers but part of the text. */
export const exactLabel = (text: string) => new RegExp(`^${text}\\*?$`);

/** Lets layout catch up, finite animations (a dialog fading in) finish and the title arrive, for at most two seconds. */
export async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const animations = document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined));
        // After a client-side navigation Next streams the new page's metadata after its content, so the
        // document's <title> can arrive a moment after the page shows (axe then reported document-title once
        // in CI, on the activity page reached from the header): wait for it too, within the same 2 s.
        const titled = new Promise<void>((done) => {
          const poll = () => (document.title.trim() ? done() : setTimeout(poll, 20));
          poll();
        });
        const frames = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        void Promise.race([Promise.all([...animations, titled]), new Promise((r) => setTimeout(r, 2000))]).then(frames);
      }),
  );
}

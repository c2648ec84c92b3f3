import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  axeViolations,
  baseUrl,
  browserForThisFile,
  demoPassword,
  exactLabel,
  newContext,
  notice,
  resultsDir,
  screenshot,
  settle,
  signIn,
} from './helpers/browser';

/*
 * Notifications (issue 29). The demo's Riveras were told of their trust's review and of the draft through
 * notify() (lib/seed/demo.ts), so Pat has unread notices and their mails (read here in the admin's outbox).
 * Pat sees the bell's count, opens the inbox, opens a notice (it becomes read and lands on its page), marks
 * the rest read, turns a kind off in Settings, Notifications; a mail's unsubscribe link, opened signed out,
 * turns its kind off after its button. axe and screenshots at 1280 and 390 px on every new screen.
 */

const browser = browserForThisFile();
const ADMIN = 'admin@demo.trustwell.test';
const PAT = 'pat.rivera@demo.trustwell.test';
const STATUS_TITLE = 'Your trust is under attorney review';
const DOCUMENT_TITLE = 'A new document is ready';

/** The top of the page only (the header is what it shows; the page under it may be long). */
const viewportShot = (p: Page, name: string) => p.screenshot({ path: path.join(resultsDir, `${name}.png`) });

async function expectNoViolations(p: Page, name: string) {
  await settle(p);
  const violations = await axeViolations(p);
  if (violations.length) await screenshot(p, `a11y-failure-${name}`);
  expect({ name, violations }).toEqual({ name, violations: [] });
}

/** The bell's accessible name, which carries the unread count ('Notifications, 2 unread'). */
async function bellName(p: Page): Promise<string> {
  const bell = p.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  return ((await bell.getAttribute('aria-label')) ?? '').trim();
}
const unreadOf = (name: string) => Number(/, (\d+) unread$/.exec(name)?.[1] ?? 0);

/** The unsubscribe link of the mail with this subject to an address, once its job has put it in the outbox. */
async function unsubscribeLink(admin: Page, to: string, subject: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    await admin.goto(`/outbox?to=${encodeURIComponent(to)}`);
    const mail = admin.locator('article', { has: admin.getByRole('heading', { name: subject, exact: true }) }).first();
    if ((await mail.count()) > 0) {
      const href = await mail.getByRole('link', { name: /\/unsubscribe\?token=/ }).getAttribute('href');
      expect(href).toBeTruthy();
      return href!;
    }
    if (attempt === 40) throw new Error(`No mail "${subject}" to ${to} in the outbox`);
    await admin.waitForTimeout(500);
  }
}

/** Opens Settings on its Notifications tab (the link the inbox and the unsubscribe page give). */
async function notificationSettings(p: Page) {
  await p.goto('/settings?tab=notifications');
  const panel = p.getByRole('tabpanel', { name: 'Notifications' });
  await panel.getByRole('form', { name: 'E-mail notifications' }).waitFor();
  return panel;
}

/**
 * The admin creates an advisor (Create Advisor), whose mailed link (read in the outbox) chooses a password in
 * `page`, which then signs in for the first time.
 */
async function signInAsNewAdvisor(admin: Page, page: Page): Promise<void> {
  const email = `newcomer.${Date.now()}@example.com`;
  const password = 'Newcomer-Chooses-2026';
  await admin.goto('/dashboard');
  const create = admin.getByRole('region', { name: 'Create Advisor' });
  await create.waitFor();
  await admin.waitForLoadState('networkidle');
  await create.getByLabel(exactLabel('First name')).fill('Quinn');
  await create.getByLabel(exactLabel('Last name')).fill('Newcomer');
  await create.getByLabel(exactLabel('Email')).fill(email);
  await create.getByLabel(exactLabel('Phone')).fill('5035550188');
  await create.getByRole('button', { name: 'Create Advisor' }).click();
  const created = admin.getByRole('alertdialog', { name: 'Success' });
  await created.waitFor();
  await created.getByRole('button', { name: 'OK' }).click();
  let link: string | null = null;
  for (let attempt = 0; !link; attempt++) {
    if (attempt === 40) throw new Error(`No password link to ${email} in the outbox`);
    await admin.goto(`/outbox?to=${encodeURIComponent(email)}`);
    const found = admin.getByRole('link', { name: /\/set-password\?token=/ }).first();
    if ((await found.count()) > 0) link = await found.getAttribute('href');
    else await admin.waitForTimeout(500);
  }
  await page.goto(link);
  await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByLabel(exactLabel('New password')).fill(password);
  await page.getByLabel(exactLabel('Confirm new password')).fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await notice(page, 'Your password has been set.');
  await page.waitForURL('**/login');
  await signIn(page, email, password);
}

describe('notifications', () => {
  it('the bell counts unread notices, the inbox opens them and marks them read, at 1280 and 390 px', async () => {
    const desk = await newContext(browser(), 1280);
    const page = await desk.newPage();
    await signIn(page, PAT, demoPassword());
    const before = unreadOf(await bellName(page));
    expect(before).toBeGreaterThanOrEqual(2);
    await expect(page.getByRole('banner').getByTestId('bell-badge').textContent()).resolves.toBe(String(before));
    await viewportShot(page, 'notifications-bell-1280');

    // On a phone the bell is in the bar, beside the Menu button, without opening the menu. The phone is a
    // browser new to Pat's account: its sign-in is one more notice (security, 'New sign-in to your account').
    const phone = await newContext(browser(), 390);
    const mobile = await phone.newPage();
    await signIn(mobile, PAT, demoPassword());
    const unread = before + 1;
    await expect(
      mobile
        .getByRole('banner')
        .getByRole('link', { name: `Notifications, ${unread} unread` })
        .isVisible(),
    ).resolves.toBe(true);
    await expect(mobile.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).resolves.toBe('false');
    await viewportShot(mobile, 'notifications-bell-390');

    // The inbox, newest first, unread marked.
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Notifications/ })
      .click();
    await page.waitForURL('**/notifications');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Notifications');
    const titles = await main.getByRole('listitem').locator('a').allTextContents();
    expect(titles.indexOf(DOCUMENT_TITLE)).toBeLessThan(titles.indexOf(STATUS_TITLE));
    const statusItem = main.getByRole('listitem').filter({ hasText: STATUS_TITLE });
    await expect(statusItem.getAttribute('data-read')).resolves.toBe('false');
    await expect(statusItem.textContent()).resolves.toContain('New');
    await expectNoViolations(page, 'notifications-1280');
    await screenshot(page, 'notifications-inbox-1280');
    await mobile.goto('/notifications');
    await expectNoViolations(mobile, 'notifications-390');
    await screenshot(mobile, 'notifications-inbox-390');

    // Opening a notice marks it read and lands on its page; the bell counts one fewer.
    await Promise.all([page.waitForURL('**/client-info'), statusItem.getByRole('link', { name: STATUS_TITLE }).click()]);
    expect(unreadOf(await bellName(page))).toBe(unread - 1);
    await page.goto('/notifications');
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: STATUS_TITLE }).getAttribute('data-read')).resolves.toBe('true');

    // Mark all as read: the rest, and the bell has no count left.
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await notice(page, /notifications? marked as read/);
    await page.getByRole('button', { name: 'Mark all as read' }).waitFor({ state: 'detached' });
    await expect(bellName(page)).resolves.toBe('Notifications');
    await expect(page.getByRole('main').locator('li[data-read="false"]').count()).resolves.toBe(0);
    await expect(page.getByRole('main').textContent()).resolves.toContain('Nothing unread.');

    // Someone with no notices at all sees the empty inbox: an advisor the admin creates now, on their very
    // first sign-in (a demo account may have signed in from other browsers earlier in the run, and each
    // such sign-in is a security notice).
    const adminContext = await newContext(browser(), 1280);
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN, demoPassword());
    const newcomerContext = await newContext(browser(), 390);
    const newcomer = await newcomerContext.newPage();
    await signInAsNewAdvisor(admin, newcomer);
    await newcomer.goto('/notifications');
    await expect(newcomer.getByRole('heading', { name: 'You’re all caught up' }).isVisible()).resolves.toBe(true);
    await expectNoViolations(newcomer, 'notifications-empty-390');
    await screenshot(newcomer, 'notifications-empty-390');
    await newcomer.setViewportSize({ width: 1280, height: 900 });
    await screenshot(newcomer, 'notifications-empty-1280');
    // An admin has no kinds to choose; the tab says so.
    await admin.goto('/settings?tab=notifications');
    await expect(admin.getByRole('tabpanel', { name: 'Notifications' }).textContent()).resolves.toContain(
      'There are no notifications to choose for your account.',
    );
    await screenshot(admin, 'settings-notifications-none-1280');

    await Promise.all([desk.close(), phone.close(), adminContext.close(), newcomerContext.close()]);
  }, 240_000);

  it('a kind turned off in Settings stays off; an unsubscribe link turns its kind off without signing in', async () => {
    const desk = await newContext(browser(), 1280);
    const page = await desk.newPage();
    await signIn(page, PAT, demoPassword());

    // Settings, Notifications: documents off.
    let panel = await notificationSettings(page);
    const documents = panel.getByRole('checkbox', { name: 'E-mail me about new documents' });
    await expect(documents.isChecked()).resolves.toBe(true);
    await expect(panel.textContent()).resolves.toContain('Security e-mails (password and e-mail changes, new sign-ins) are always sent');
    await expectNoViolations(page, 'settings-notifications-1280');
    await screenshot(page, 'settings-notifications-1280');
    await documents.uncheck();
    await panel.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Your notification settings were saved.');
    panel = await notificationSettings(page);
    await expect(panel.getByRole('checkbox', { name: 'E-mail me about new documents' }).isChecked()).resolves.toBe(false);
    await expect(panel.getByRole('checkbox', { name: 'E-mail me about trust status changes' }).isChecked()).resolves.toBe(true);

    const phone = await newContext(browser(), 390);
    const mobile = await phone.newPage();
    await signIn(mobile, PAT, demoPassword());
    await notificationSettings(mobile);
    await expectNoViolations(mobile, 'settings-notifications-390');
    await screenshot(mobile, 'settings-notifications-390');

    // The status mail's unsubscribe link, read in the outbox, opened in a browser that is signed out.
    const adminContext = await newContext(browser());
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN, demoPassword());
    const link = await unsubscribeLink(admin, PAT, STATUS_TITLE);
    expect(new URL(link).pathname).toBe('/unsubscribe');

    for (const width of [1280, 390]) {
      const strangerContext = await newContext(browser(), width);
      const stranger = await strangerContext.newPage();
      // Opening the link changes nothing (mail scanners open links): it asks.
      await stranger.goto(link);
      expect(new URL(stranger.url()).pathname).toBe('/unsubscribe');
      await expect(stranger.getByRole('main').textContent()).resolves.toContain(`Stop e-mails about Trust status changes to ${PAT}?`);
      await expectNoViolations(stranger, `unsubscribe-${width}`);
      await screenshot(stranger, `unsubscribe-ask-${width}`);
      if (width === 1280) {
        panel = await notificationSettings(page);
        await expect(panel.getByRole('checkbox', { name: 'E-mail me about trust status changes' }).isChecked()).resolves.toBe(true);
      }
      await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
      const done = stranger.getByRole('status').filter({ hasText: 'You will no longer receive "Trust status changes" e-mails.' });
      await done.waitFor();
      await expect(done.textContent()).resolves.toContain('You can turn them back on in Settings, Notifications.');
      await expectNoViolations(stranger, `unsubscribed-${width}`);
      await screenshot(stranger, `unsubscribe-done-${width}`);

      // A link that was tampered with is refused, plainly.
      const forged = new URL(link);
      forged.searchParams.set('token', `${forged.searchParams.get('token')!.slice(0, -2)}xx`);
      await stranger.goto(forged.toString());
      await expect(stranger.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('This unsubscribe link is not valid');
      await expect(stranger.getByRole('button', { name: 'Unsubscribe' }).count()).resolves.toBe(0);
      await expectNoViolations(stranger, `unsubscribe-invalid-${width}`);
      await screenshot(stranger, `unsubscribe-invalid-${width}`);
      await strangerContext.close();
    }

    // Only that kind went off.
    panel = await notificationSettings(page);
    await expect(panel.getByRole('checkbox', { name: 'E-mail me about trust status changes' }).isChecked()).resolves.toBe(false);
    await expect(panel.getByRole('checkbox', { name: 'E-mail me about payments' }).isChecked()).resolves.toBe(true);

    // The one-click POST a mail client sends (RFC 8058) needs no session either; a forged token changes nothing.
    const token = new URL(link).searchParams.get('token')!;
    const post = (t: string) =>
      fetch(`${baseUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(t)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const ok = await post(token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: 'You will no longer receive "Trust status changes" e-mails.' });
    expect((await post(`${token.slice(0, -2)}xx`)).status).toBe(404);

    await Promise.all([desk.close(), phone.close(), adminContext.close()]);
  }, 240_000);
});

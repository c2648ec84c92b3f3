import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { FAKE_ACH_ACCOUNT, FAKE_CARD_ACCOUNT, FAKE_PUBLIC_KEY, FAKE_SECRET_KEY, FakeLawPay } from '../helpers/fake-lawpay';
import { browserForThisFile, exactLabel, resultsDir, screenshot, signIn } from './helpers/browser';
import { alert, expectNoViolations, openPaymentDue } from './helpers/intake-pages';
import { startScratchServer, type ScratchServer } from './helpers/scratch-server';

/*
 * With LawPay configured (issue 22), in Chromium: the app's own server (scripts/server.mjs on the built app,
 * its own embedded database seeded with the demo data) talks to a local stand-in for LawPay
 * (tests/helpers/fake-lawpay.ts), whose stand-in hosted fields library serves frames from another origin,
 * as AffiniPay's CDN does. Lee Nakamura pays the trust fee: the card number and CVV are typed into the
 * gateway's frames, the app's Content-Security-Policy lets those frames (and nothing else) in, the decline
 * card shows the gateway's reason and submits nothing, no request to the app carries a card number or
 * CVV, and the gateway is charged once with the approve card's one-time token.
 */

const PORT = 3194;
const LEE = 'lee.nakamura@demo.trustwell.test';
const BEN = 'ben.carter@demo.trustwell.test';
const CARD = '4242424242424242';
const CVV = '918';

const browser = browserForThisFile();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'trustwell-lawpay-'));
const demoAccounts = path.join(scratch, 'demo-accounts.txt');
let fake: FakeLawPay;
let server: ScratchServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  fake = await new FakeLawPay().start();
  server = await startScratchServer(PORT, {
    SEED_DEMO_DATA: '1',
    DEMO_ACCOUNTS_FILE: demoAccounts,
    LAWPAY_PUBLIC_KEY: FAKE_PUBLIC_KEY,
    LAWPAY_SECRET_KEY: FAKE_SECRET_KEY,
    LAWPAY_CARD_ACCOUNT_ID: FAKE_CARD_ACCOUNT,
    LAWPAY_ACH_ACCOUNT_ID: FAKE_ACH_ACCOUNT,
    LAWPAY_API_URL: fake.url,
    LAWPAY_HOSTED_FIELDS_URL: fake.hostedFieldsScriptUrl,
  });
}, 240_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await server?.stop();
  await fake?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
}, 60_000);

const password = () => fs.readFileSync(demoAccounts, 'utf8').match(/^Password for all demo accounts: (\S+)\s*$/m)![1];

async function signedIn(email: string, width: number): Promise<Page> {
  const context = await browser().newContext({ baseURL: server.url, viewport: { width, height: width < 600 ? 844 : 900 } });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signIn(page, email, password());
  return page;
}

describe('LawPay’s hosted fields', () => {
  it('the policy allows the gateway’s script and frames only while LawPay is configured', async () => {
    const policy = (await fetch(`${server.url}/login`)).headers.get('content-security-policy') ?? '';
    const origin = new URL(fake.url).origin;
    const directive = (name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src').split(' ')).toContain(origin);
    expect(directive('frame-src').split(' ')).toEqual(['frame-src', "'self'", origin]);
    // Everything else is as strict as without LawPay.
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it('a client pays the trust fee: the numbers go to the gateway’s frames, only a token to the app', async () => {
    const page = await signedIn(LEE, 1280);
    const sentToApp: string[] = [];
    const violations: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(server.url)) sentToApp.push(`${request.method()} ${request.url()}\n${request.postData() ?? ''}`);
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });

    const due = await openPaymentDue(page);
    await expect(due.getByTestId('amount-due').textContent()).resolves.toBe('$995.00');
    // LawPay, not the sandbox: no sandbox label, and no input of the app's own for the numbers.
    await expect(due.getByText('Sandbox — no real money moves').count()).resolves.toBe(0);
    await expect(due.getByRole('textbox', { name: /Card number|CVV/ }).count()).resolves.toBe(0);
    const cardFrame = page.frameLocator('iframe[title="Card number"]');
    const cvvFrame = page.frameLocator('iframe[title="CVV"]');
    await due.getByLabel('Name on card').fill('Lee Nakamura');
    await cardFrame.getByLabel('Card number').pressSequentially(CARD);
    await due.getByLabel('Expiration (MM/YY)').pressSequentially('1239');
    await cvvFrame.getByLabel('CVV').pressSequentially(CVV);
    await due.getByLabel('Billing street').fill('12 Cedar Lane');
    await due.getByLabel(exactLabel('City')).fill('Portland');
    await due.getByLabel(exactLabel('State')).selectOption('OR');
    await due.getByLabel('ZIP').pressSequentially('97201');
    // The page itself cannot read what was typed in the frames (another origin).
    await expect(page.evaluate(() => document.querySelector('iframe')?.contentDocument ?? null)).resolves.toBeNull();
    await expectNoViolations(page, 'payment-due-hosted');
    await screenshot(page, 'payment-due-hosted-1280');
    await page.screenshot({ path: path.join(resultsDir, 'payment-due-hosted-1280-viewport.png') });

    // The decline card first: the gateway's reason, nothing submitted, the frames still there for another card.
    await cardFrame.getByLabel('Card number').fill('');
    await cardFrame.getByLabel('Card number').pressSequentially('4000000000000002');
    await due.getByRole('button', { name: 'Pay $995.00 and Submit' }).click();
    const refused = alert(page, 'Error');
    await refused.waitFor({ timeout: 30_000 });
    await expect(refused.textContent()).resolves.toMatch(/declined/i);
    await refused.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Trust Sent for Review', { exact: true }).count()).resolves.toBe(0);
    await cardFrame.getByLabel('Card number').fill('');
    await cardFrame.getByLabel('Card number').pressSequentially(CARD);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(resultsDir, 'payment-due-hosted-390-viewport.png') });
    await page.setViewportSize({ width: 1280, height: 900 });

    await due.getByRole('button', { name: 'Pay $995.00 and Submit' }).click();
    const paid = alert(page, 'Payment Successful!');
    await paid.waitFor({ timeout: 30_000 });
    await expect(paid.textContent()).resolves.toContain('Visa ending in 4242');
    // One dialog says both: what was paid and that the trust went to the attorneys (issue 27: never two stacked).
    await expect(paid.textContent()).resolves.toContain('The estate plan information has been sent for attorney review.');
    await paid.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Trust Sent for Review', { exact: true }).waitFor();

    // Nothing the page sent to the app carried the card number or the CVV; the payment carried a token.
    const everything = sentToApp.join('\n');
    expect(everything).not.toContain(CARD);
    expect(everything).not.toContain('4000000000000002');
    expect(everything).not.toMatch(new RegExp(`\\b${CVV}\\b`));
    expect(everything).not.toMatch(/4242[\s-]?4242/);
    expect(everything).not.toMatch(/"card_number"|"cvv"/);
    expect(sentToApp.some((r) => r.includes('"token"'))).toBe(true);
    // The gateway made a token from its frames for each attempt and was charged with each once: the
    // declined card's charge failed, the approve card's was taken, for the fee, to the card account.
    const tokens = fake.tokens();
    expect(tokens).toEqual([
      expect.objectContaining({ type: 'card', last4: '0002', used: true }),
      expect.objectContaining({ type: 'card', last4: '4242', used: true }),
    ]);
    const taken = fake.charges().filter((c) => c.status !== 'FAILED');
    expect(taken).toHaveLength(1);
    expect(taken[0]).toMatchObject({ amount: 99500, account_id: FAKE_CARD_ACCOUNT });
    expect(fake.violations).toEqual([]);
    expect(violations).toEqual([]);
  }, 180_000);

  it('an advisor at the lock pays the balance by bank with auto-pay: routing and account numbers in the frames, the bank kept from the token', async () => {
    fake.reset(); // the recorded requests (tokens and charges stay: the client's above are cards)
    const page = await signedIn(BEN, 390);
    const sentToApp: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(server.url)) sentToApp.push(request.postData() ?? '');
    });
    await page.goto('/dashboard');
    const balance = page.getByRole('region', { name: 'Outstanding Balance' });
    await balance.getByRole('button', { name: 'Pay Balance' }).click();
    const pay = page.getByRole('dialog', { name: 'Pay Outstanding Balance' });
    await pay.waitFor();
    await pay.getByLabel('Bank account (eCheck)').check();
    await pay.getByLabel('Account holder').fill('Ben Carter');
    await page.frameLocator('iframe[title="Routing number"]').getByLabel('Routing number').pressSequentially('000000013');
    await page.frameLocator('iframe[title="Account number"]').getByLabel('Account number').pressSequentially('123456789012');
    await pay.getByLabel('Account type').selectOption('checking');
    await pay.getByLabel(/Enable auto-pay/).check();
    await expectNoViolations(page, 'pay-balance-hosted-390');
    await page.screenshot({ path: path.join(resultsDir, 'pay-balance-hosted-390-viewport.png') });
    await pay.getByRole('button', { name: /^Pay \$/ }).click();
    const paid = alert(page, 'Payment Successful!');
    await paid.waitFor({ timeout: 30_000 });
    await expect(paid.textContent()).resolves.toContain('Your balance is paid in full and auto-pay enabled');
    await paid.getByRole('button', { name: 'OK' }).click();
    await page
      .getByRole('region', { name: 'Auto-Pay' })
      .getByText(/Auto-pay is on with .*ending in 9012\./)
      .waitFor();

    // The account number went to the gateway's frames only; the app got a token, LawPay kept the bank
    // from it and charged the kept bank once, to the ACH account.
    expect(sentToApp.join('\n')).not.toContain('123456789012');
    expect(fake.tokens().filter((t) => t.type === 'bank')).toEqual([expect.objectContaining({ last4: '9012', used: true })]);
    const banks = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/banks');
    expect(banks).toHaveLength(1);
    expect(fake.charges().filter((c) => c.account_id === FAKE_ACH_ACCOUNT)).toEqual([expect.objectContaining({ amount: 298500 })]);
    expect(fake.violations).toEqual([]);
  }, 120_000);
});

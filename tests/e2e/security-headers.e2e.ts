import type { Page } from 'playwright-core';
import { baseUrl, browserForThisFile, newContext, submitLogin } from './helpers/browser';
import { startScratchServer } from './helpers/scratch-server';

/*
 * Every response carries the Content-Security-Policy and the other security headers (next.config.mjs,
 * lib/http/security-headers.mjs), and the pages still work under that policy in Chromium: no violation is
 * reported while they load, hydrate and navigate.
 */

const browser = browserForThisFile();

/** The policy as directive → sources. */
function parseCsp(value: string | null): Record<string, string[]> {
  expect(value).toBeTruthy();
  return Object.fromEntries(
    value!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(headers: Headers) {
  const csp = parseCsp(headers.get('content-security-policy'));
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'self'"]);
  expect(csp['form-action']).toEqual(["'self'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  // The production build: inline scripts (the App Router's payload), never eval.
  expect(csp['script-src']).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp['connect-src']).toEqual(["'self'"]);
  // Served over plain http here: nothing to upgrade.
  expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('permissions-policy')).toBe('camera=(), microphone=(), geolocation=()');
}

/** Fetches without following redirects and reads the body, so no connection is left waiting. */
async function fetchAll(url: string) {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

describe('security headers on every response', () => {
  it.each(['/trust', '/login', '/'])('on the page %s', async (path) => {
    const res = await fetchAll(`${baseUrl}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expectSecurityHeaders(res.headers);
  });

  it('on the guest /trust served again (the server replays it from memory)', async () => {
    for (let i = 0; i < 3; i++) expectSecurityHeaders((await fetchAll(`${baseUrl}/trust`)).headers);
  });

  it('on a JSON API response', async () => {
    const res = await fetchAll(`${baseUrl}/api/auth/csrf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expectSecurityHeaders(res.headers);
  });

  it('on a redirect and on a static file', async () => {
    const redirect = await fetchAll(`${baseUrl}/dashboard`);
    expect(redirect.status).toBe(307);
    expectSecurityHeaders(redirect.headers);
    const script = (await fetchAll(`${baseUrl}/trust`)).body.match(/<script[^>]+src="([^"]+\.js)"/)?.[1];
    const file = await fetchAll(`${baseUrl}${script}`);
    expect(file.status).toBe(200);
    expectSecurityHeaders(file.headers);
  });
});

/** Records CSP reports of the page: `securitypolicyviolation` events and Chromium's console messages. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(`event: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return violations;
}

/** React has hydrated the document once its fiber keys are on <body>. */
async function expectHydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith('__reactFiber')), null, { timeout: 10_000 });
}

describe('pages under the policy in Chromium', () => {
  it.each(['/', '/trust', '/login', '/join'])(
    '%s loads and hydrates without a CSP violation',
    async (path) => {
      const context = await newContext(browser());
      const page = await context.newPage();
      const violations = await watchViolations(page);
      const res = await page.goto(path, { waitUntil: 'networkidle' });
      expect(res?.status()).toBe(200);
      await expectHydrated(page);
      expect(violations).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it('navigates from / to /trust in the browser (an RSC fetch) without a violation', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const violations = await watchViolations(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await expectHydrated(page);
    // A mark on the window survives a client-side navigation only (a full page load would drop it).
    await page.evaluate(() => ((window as unknown as { __stayed: boolean }).__stayed = true));
    await Promise.all([page.waitForURL('**/trust'), page.getByRole('link', { name: 'Explore the living trust' }).click()]);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
    // The client navigation commits the URL before the new page's metadata streams in; on a loaded machine
    // the title can still be empty at networkidle, so wait for it rather than read it once.
    await page.waitForFunction(() => /trust/i.test(document.title), null, { timeout: 10_000 });
    expect(violations).toEqual([]);
    await context.close();
  }, 60_000);

  it('opens the Error dialog after a bad sign-in (client code runs under the policy)', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const violations = await watchViolations(page);
    await page.goto('/login');
    await submitLogin(page, 'nobody@demo.trustwell.test', 'wrong-password');
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.waitFor();
    await expect(dialog.getByText('Error', { exact: true }).count()).resolves.toBeGreaterThan(0);
    expect(violations).toEqual([]);
    await context.close();
  }, 60_000);
});

describe('an HTTPS deployment', () => {
  it('adds upgrade-insecure-requests to the policy when the site URL is https', async () => {
    const port = 3196;
    const server = await startScratchServer(port, { NEXTAUTH_URL: `https://127.0.0.1:${port}` });
    try {
      // Twice for /trust: Next's answer, then the server's replay of it.
      for (const path of ['/login', '/trust', '/trust', '/api/auth/csrf']) {
        const res = await fetchAll(`${server.url}${path}`);
        const csp = parseCsp(res.headers.get('content-security-policy'));
        expect(csp).toHaveProperty('upgrade-insecure-requests');
        expect(csp['default-src']).toEqual(["'self'"]);
        expect(res.headers.get('content-security-policy')!.match(/upgrade-insecure-requests/g)).toHaveLength(1);
        expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
      }

      // Session cookies are Secure (and __Secure- prefixed, HttpOnly) on an https site.
      const login = await fetch(`${server.url}/login`);
      const token = (await login.text()).match(/name="csrf-token" content="([^"]+)"/)?.[1];
      const who = { first_name: 'Secure', last_name: 'Cookie', email: `secure-${Date.now()}@test.example`, phone: '5551234567', password: 'Secure-Cookie-1' };
      const created = await fetch(`${server.url}/api/createClient/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(who),
      });
      expect(created.status).toBe(200);
      const signIn = await fetch(`${server.url}/login`, {
        method: 'POST',
        redirect: 'manual',
        // The browser's origin is the site's https one (the proxy terminates TLS before this server).
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `https://127.0.0.1:${port}` },
        body: new URLSearchParams({ _token: token!, email: who.email, password: who.password }),
      });
      expect(signIn.status).toBe(303);
      const cookie = signIn.headers.getSetCookie().find((c) => c.includes('session-token='));
      expect(cookie).toMatch(/^__Secure-next-auth\.session-token=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('sends no Strict-Transport-Security over plain http', async () => {
    expect((await fetch(`${baseUrl}/login`)).headers.get('strict-transport-security')).toBeNull();
  });
});

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { baseUrl, browserForThisFile, demoPassword, newContext, screenshot, signIn } from './helpers/browser';

/*
 * Cross-site request forgery from a same-site page (issue 18, item 6). A page served on another port of
 * 127.0.0.1 is same-site with the app (ports do not count), so Chromium sends the SameSite=Lax session
 * cookie with its form posts and credentialed fetches. Signed in as the advisor Alice, the browser opens
 * such a page, which auto-submits a url-encoded form and sends a text/plain "JSON" fetch to the note route
 * of Alice's client Jordan: both are refused (403) and the note is unchanged. Server actions are checked
 * against the Host by the production server, as Next would (scripts/request-guard.mjs: Next's refusal was a
 * 500), and by the app's action() door against the site's origin: an action called with the victim's cookie
 * and the other port's Origin is refused too (403), while the same call from the app's origin goes through.
 */

const browser = browserForThisFile();
const ALICE = 'alice.morgan@demo.trustwell.test';
const NOTE_ROUTE = `${baseUrl}/api/clientInfo/updateOrCreate/note/`;
const NOTE_LABEL = 'Additional comments or questions for your attorney';

/** A plain HTTP server on a free port of 127.0.0.1: the attacker's page, same-site with the app. */
let attackerHtml = '';
let attacker: http.Server;
let attackerOrigin = '';
beforeAll(async () => {
  attacker = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(attackerHtml);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => attacker.close(resolve));
});

/** Jordan Blake's client hash, from the link on Alice's dashboard. */
async function jordansHash(page: Page): Promise<string> {
  await page.goto('/dashboard');
  const href = await page.getByRole('link', { name: 'Client information: Jordan Blake' }).first().getAttribute('href');
  const hash = href?.match(/^\/client-info\/([A-Za-z0-9_-]+)$/)?.[1];
  if (!hash) throw new Error(`no client-info link for Jordan Blake (${href})`);
  return hash;
}

async function noteOf(page: Page, hash: string): Promise<string> {
  await page.goto(`/client-info/${hash}`);
  await page.waitForLoadState('networkidle');
  return page.getByRole('textbox', { name: NOTE_LABEL }).inputValue();
}

function actionId(name: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), '.next/server/server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { exportedName?: string }>;
  };
  const id = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === name)?.[0];
  if (!id) throw new Error(`no server action named ${name} in the build`);
  return id;
}

describe('cross-site request forgery from another port of the same host', () => {
  it('a same-site page cannot write with the signed-in user’s cookie: form post and fetch are refused, the note is unchanged', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, ALICE, demoPassword());
    const hash = await jordansHash(page);
    const before = await noteOf(page, hash);

    // What the browser sends to the note route, and what it answers.
    const sent: { method: string; type: string; site: string; origin: string; cookie: boolean }[] = [];
    const answered: number[] = [];
    page.on('request', async (request) => {
      if (!request.url().startsWith(NOTE_ROUTE)) return;
      const headers = await request.allHeaders();
      sent.push({
        method: request.method(),
        type: headers['content-type'] ?? '',
        site: headers['sec-fetch-site'] ?? '',
        origin: headers.origin ?? '',
        cookie: (headers.cookie ?? '').includes('next-auth.session-token'),
      });
    });
    page.on('response', (response) => {
      if (response.url().startsWith(NOTE_ROUTE)) answered.push(response.status());
    });

    attackerHtml = `<!doctype html><title>Your statement is ready</title>
      <iframe name="sink" title="sink"></iframe>
      <form id="forged" method="post" action="${NOTE_ROUTE}" target="sink">
        <input type="hidden" name="hash" value="${hash}">
        <input type="hidden" name="note" value="FORGED BY FORM">
      </form>
      <script>
        const framed = new Promise((resolve) => { document.querySelector('iframe').onload = resolve; });
        document.getElementById('forged').submit();
        const fetched = fetch(${JSON.stringify(NOTE_ROUTE)}, {
          method: 'POST', mode: 'no-cors', credentials: 'include',
          headers: { 'content-type': 'text/plain' },
          body: JSON.stringify({ hash: ${JSON.stringify(hash)}, note: 'FORGED BY FETCH' }),
        });
        Promise.allSettled([framed, fetched]).then(() => { document.title = 'done'; });
      </script>`;
    await page.goto(`${attackerOrigin}/statement`);
    await page.waitForFunction(() => document.title === 'done');
    for (let waited = 0; answered.length < 2 && waited < 5000; waited += 100) await page.waitForTimeout(100);
    await screenshot(page, 'csrf-attacker-page');

    // The browser sent the form post as a same-site request with the session cookie (Chromium does not show
    // Playwright the headers of the no-cors fetch): only the server stands in the way. Both are refused and
    // the note is as it was.
    const form = sent.find((s) => s.type.startsWith('application/x-www-form-urlencoded'));
    expect({ form, types: sent.map((s) => s.type.split(';')[0]).sort(), answered, note: await noteOf(page, hash) }).toEqual({
      form: { method: 'POST', site: 'same-site', origin: attackerOrigin, cookie: true, type: 'application/x-www-form-urlencoded' },
      types: ['application/x-www-form-urlencoded', 'text/plain'],
      answered: [403, 403],
      note: before,
    });
    await screenshot(page, 'csrf-note-unchanged');
    await context.close();
  }, 90_000);

  it('a server action called with the victim’s cookie and another port’s Origin is refused; from the app’s origin it runs', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, ALICE, demoPassword());
    const hash = await jordansHash(page);
    const before = await noteOf(page, hash);
    const cookie = (await context.cookies(baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    const id = actionId('saveNoteAction');
    const call = (origin: string, body: string) =>
      fetch(`${baseUrl}/client-info/${hash}`, {
        method: 'POST',
        headers: { 'next-action': id, 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component', origin, cookie },
        body: JSON.stringify([{ client_hash: hash, body }]),
      }).then(async (res) => ({ status: res.status, text: await res.text() }));

    const forged = await call(attackerOrigin, 'FORGED BY ACTION');
    expect({ status: forged.status, text: forged.text }).toEqual({ status: 403, text: 'This request came from another site and was refused.' });
    expect(await noteOf(page, hash)).toBe(before);

    const own = await call(baseUrl, `Written by Alice at ${new Date().toISOString()}`);
    expect(own.status).toBe(200);
    expect(own.text).toContain('"ok":true');
    expect(await noteOf(page, hash)).toMatch(/^Written by Alice at /);
    await context.close();
  }, 90_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { browserForThisFile } from './browser';
import { startScratchServer, type ScratchServer } from './scratch-server';

/**
 * A server of the test file's own with the demo data, for journeys that change what other files rely on (an
 * account's second factor, a passkey): started before the file's tests on its own embedded database, stopped
 * after, its demo password read from its own accounts file. `site` is the address the browser uses (a
 * `http://localhost:<port>` for WebAuthn, which refuses IP addresses); contexts opened with `newContext` close
 * after each test.
 */
export function demoServerForThisFile(port: number, options: { site?: string; env?: Record<string, string> } = {}) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'trustwell-demo-server-'));
  const demoAccounts = path.join(scratch, 'demo-accounts.txt');
  let server: ScratchServer | undefined;
  const browser = browserForThisFile();
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startScratchServer(port, {
      DEMO_ACCOUNTS_FILE: demoAccounts,
      SEED_DEMO_DATA: '1',
      ...(options.site ? { NEXTAUTH_URL: options.site } : {}),
      ...options.env,
    });
  }, 240_000);
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    if (server) await server.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }, 120_000);

  return {
    /** The password of every demo account of this server's database. */
    password: () => fs.readFileSync(demoAccounts, 'utf8').match(/^Password for all demo accounts: (\S+)\s*$/m)![1],
    /** A browser context on this server at a width (phones 844 px tall), closed after the test. */
    async newContext(width: number): Promise<BrowserContext> {
      const context = await browser().newContext({ baseURL: options.site ?? server!.url, viewport: { width, height: width < 600 ? 844 : 900 } });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      return context;
    },
  };
}

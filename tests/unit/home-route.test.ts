import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/*
 * The spec's routes table lists "(empty root) / home" as Home (platform.md §2): /home is a permanent redirect
 * to the root, declared in next.config.mjs. The config is plain ESM, which Jest here does not transform, so
 * a child Node process evaluates it (as tests/unit/http/security-headers.test.ts does); the built server's
 * answer is checked in tests/e2e/public-journey.e2e.ts.
 */

const configUrl = pathToFileURL(path.resolve(__dirname, '../../next.config.mjs')).href;

type Redirect = { source: string; destination: string; permanent: boolean };

function redirects(): Redirect[] {
  const script = `const { default: config } = await import(${JSON.stringify(configUrl)});
process.stdout.write(JSON.stringify(await config('phase-production-server').redirects()));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

describe('the Home route', () => {
  it('sends /home and /home/ to the root for good (308), the one address of the home page', () => {
    const home = redirects().filter((r) => r.source.startsWith('/home'));
    expect(home).toEqual([
      { source: '/home', destination: '/', permanent: true },
      { source: '/home/', destination: '/', permanent: true },
    ]);
  });
});

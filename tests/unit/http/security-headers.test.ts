import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as SecurityHeaders from '@/lib/http/security-headers.mjs';

/*
 * lib/http/security-headers.mjs is plain ESM so next.config.mjs can import it. Jest here runs CommonJS
 * without a transform for .mjs, so the module is evaluated by a child Node process and its answers
 * compared here.
 */

type Module = typeof SecurityHeaders;
const moduleUrl = pathToFileURL(path.resolve(__dirname, '../../../lib/http/security-headers.mjs')).href;

/** Calls each [function name, ...args] in a child process and returns the results, in order. */
function call(...calls: [keyof Module, ...unknown[]][]): unknown[] {
  const script = `const m = await import(${JSON.stringify(moduleUrl)});
const calls = ${JSON.stringify(calls)};
process.stdout.write(JSON.stringify(calls.map(([name, ...args]) => m[name](...args))));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

/** The policy as directive → sources. */
function parse(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split('; ')
      .map((d) => d.split(' '))
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  const [production, development, https, headers, dev, upgraded, upgradedTwice, trailing] = call(
    ['contentSecurityPolicy'],
    ['contentSecurityPolicy', { dev: true }],
    ['contentSecurityPolicy', { upgradeInsecureRequests: true }],
    ['securityHeaders'],
    ['securityHeaders', { dev: true }],
    ['withUpgradeInsecureRequests', "default-src 'self'"],
    ['withUpgradeInsecureRequests', "default-src 'self'; upgrade-insecure-requests"],
    ['withUpgradeInsecureRequests', "default-src 'self';"],
  ) as [string, string, string, { key: string; value: string }[], { key: string; value: string }[], string, string, string];

  it('locks the production policy down to the same origin, with inline scripts for the App Router and no eval', () => {
    expect(parse(production)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", "'unsafe-inline'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'"],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
  });

  it("allows 'unsafe-eval' in development only", () => {
    expect(parse(development)['script-src']).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
    expect(production).not.toContain('unsafe-eval');
    expect(dev.find((h) => h.key === 'Content-Security-Policy')?.value).toBe(development);
  });

  it('upgrades insecure requests only when asked (an https site), and only once', () => {
    expect(production).not.toContain('upgrade-insecure-requests');
    expect(parse(https)['upgrade-insecure-requests']).toEqual([]);
    expect(upgraded).toBe("default-src 'self'; upgrade-insecure-requests");
    expect(upgradedTwice).toBe("default-src 'self'; upgrade-insecure-requests");
    expect(trailing).toBe("default-src 'self'; upgrade-insecure-requests");
  });

  it('allows LawPay’s hosted fields (script, frames, calls) only when given their origin, once, and nothing more', () => {
    const [plain, withPayments, twice, onUpgraded] = call(
      ['contentSecurityPolicy'],
      ['contentSecurityPolicy', { paymentOrigin: 'https://cdn.affinipay.com' }],
      ['withPaymentOrigin', "script-src 'self'; frame-src 'self' https://cdn.affinipay.com", 'https://cdn.affinipay.com/hostedfields/1.5.3/fieldGen_1.5.3.js'],
      ['withPaymentOrigin', "default-src 'self'; object-src 'none'; upgrade-insecure-requests", 'http://127.0.0.1:4555'],
    ) as string[];
    expect(plain).not.toContain('affinipay');
    expect(parse(plain)['frame-src']).toBeUndefined();
    const allowed = parse(withPayments);
    expect(allowed['script-src']).toEqual(["'self'", "'unsafe-inline'", 'https://cdn.affinipay.com']);
    expect(allowed['frame-src']).toEqual(["'self'", 'https://cdn.affinipay.com']);
    expect(allowed['connect-src']).toEqual(["'self'", 'https://cdn.affinipay.com']);
    // Everything else stays as it was: no other source anywhere, frames of this site still refused.
    for (const [name, sources] of Object.entries(allowed)) {
      if (!['script-src', 'frame-src', 'connect-src'].includes(name)) expect(sources).toEqual(parse(plain)[name]);
    }
    // The origin of a script URL, once; a missing directive is added before object-src.
    expect(twice).toBe("script-src 'self' https://cdn.affinipay.com; frame-src 'self' https://cdn.affinipay.com; connect-src 'self' https://cdn.affinipay.com");
    expect(onUpgraded).toBe(
      "default-src 'self'; script-src 'self' http://127.0.0.1:4555; frame-src 'self' http://127.0.0.1:4555; connect-src 'self' http://127.0.0.1:4555; object-src 'none'; upgrade-insecure-requests",
    );
  });

  it('keeps the other headers beside the policy', () => {
    expect(headers).toEqual([
      { key: 'Content-Security-Policy', value: production },
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'X-Frame-Options', value: 'DENY' },
      { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
      { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
    ]);
  });
});

describe('securityHeaderRules (next.config.mjs headers)', () => {
  // Next matches config sources with its compiled path-to-regexp.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { pathToRegexp } = require('next/dist/compiled/path-to-regexp') as { pathToRegexp: (source: string, keys: unknown[], options: object) => RegExp };
  const [rules, all] = call(['securityHeaderRules'], ['securityHeaders']) as [
    { source: string; headers: { key: string; value: string }[] }[],
    { key: string; value: string }[],
  ];
  const matching = (pathname: string) =>
    rules
      .filter((r) => pathToRegexp(r.source, [], { strict: true, sensitive: false, delimiter: '/' }).test(pathname))
      .flatMap((r) => r.headers.map((h) => h.key));

  it('gives every path every header, the policy included', () => {
    for (const pathname of ['/dashboard', '/client-info/abc', '/api/file/p/f/delete', '/api/file/p/upload', '/api/file/p/f/view/get/extra']) {
      expect(matching(pathname).sort()).toEqual(all.map((h) => h.key).sort());
    }
  });

  it('leaves the policy to the document view route, which sets its sandbox one, and keeps the other headers there', () => {
    expect(matching('/api/file/PlanHash/FileHash/view/get').sort()).toEqual([
      'Permissions-Policy',
      'Referrer-Policy',
      'X-Content-Type-Options',
      'X-Frame-Options',
    ]);
    expect(matching('/api/file/PlanHash/FileHash/view/get/')).not.toContain('Content-Security-Policy');
  });
});

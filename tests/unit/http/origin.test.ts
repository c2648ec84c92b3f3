import { isFromOwnPages, trustedOrigins } from '@/lib/http/origin';

/*
 * Where a state-changing request may come from (issue 18, item 6): the site's own origin (SITE_URL, else
 * NEXTAUTH_URL) and the origins listed in ALLOWED_ORIGINS; clients that are no browser (neither Origin nor
 * Sec-Fetch-Site) are let through, since they carry no one else's cookie.
 */

const site = { SITE_URL: 'https://trust.example.com' };
const from = (values: Record<string, string>, env: Record<string, string | undefined> = site) => isFromOwnPages(new Headers(values), env);

describe('trusted origins', () => {
  it('are the site’s origin, from SITE_URL, else NEXTAUTH_URL, else the local default', () => {
    expect(trustedOrigins({ SITE_URL: 'https://trust.example.com/some/path' })).toEqual({ site: 'https://trust.example.com', listed: [] });
    expect(trustedOrigins({ NEXTAUTH_URL: 'http://127.0.0.1:3102' }).site).toBe('http://127.0.0.1:3102');
    expect(trustedOrigins({}).site).toBe('http://localhost:3000');
  });

  it('add the origins of ALLOWED_ORIGINS (commas or spaces, paths and trailing slashes dropped)', () => {
    expect(trustedOrigins({ ...site, ALLOWED_ORIGINS: 'https://admin.example.com/, http://localhost:8899  https://a.example.com/x' }).listed).toEqual([
      'https://admin.example.com',
      'http://localhost:8899',
      'https://a.example.com',
    ]);
  });

  it('refuse an entry that is not an absolute URL, naming it', () => {
    expect(() => trustedOrigins({ ...site, ALLOWED_ORIGINS: 'admin.example.com' })).toThrow('ALLOWED_ORIGINS: "admin.example.com" is not an absolute URL');
  });
});

describe('a state-changing request', () => {
  it.each([
    ['the site’s Origin', { origin: 'https://trust.example.com' }, true],
    ['the site’s Origin, same-origin by the browser', { origin: 'https://trust.example.com', 'sec-fetch-site': 'same-origin' }, true],
    ['a user-initiated one (Sec-Fetch-Site: none)', { 'sec-fetch-site': 'none' }, true],
    ['the site’s Referer, no Origin (older browsers)', { referer: 'https://trust.example.com/settings' }, true],
    ['no browser at all (neither header)', {}, true],
    ['another port', { origin: 'https://trust.example.com:8443' }, false],
    ['another scheme', { origin: 'http://trust.example.com' }, false],
    ['a sibling subdomain', { origin: 'https://evil.example.com' }, false],
    ['another site', { origin: 'https://evil.test' }, false],
    ['an opaque origin', { origin: 'null' }, false],
    ['a garbled Origin', { origin: 'trust.example.com' }, false],
    ['the site’s Origin but same-site by the browser', { origin: 'https://trust.example.com', 'sec-fetch-site': 'same-site' }, false],
    ['a cross-site fetch without Origin', { 'sec-fetch-site': 'cross-site' }, false],
    ['another Referer, no Origin', { referer: 'https://evil.example.com/page' }, false],
    ['a Host header that agrees with a foreign Origin', { origin: 'https://evil.test', host: 'evil.test', 'x-forwarded-host': 'evil.test' }, false],
  ])('from %s: %p', (_case, headers, expected) => {
    expect(from(headers as Record<string, string>)).toBe(expected);
  });

  it('from a listed origin, whatever the browser calls it', () => {
    const env = { ...site, ALLOWED_ORIGINS: 'https://admin.example.com' };
    expect(from({ origin: 'https://admin.example.com', 'sec-fetch-site': 'same-site' }, env)).toBe(true);
    expect(from({ origin: 'https://admin.example.com', 'sec-fetch-site': 'cross-site' }, env)).toBe(true);
    expect(from({ origin: 'https://other.example.com', 'sec-fetch-site': 'same-site' }, env)).toBe(false);
  });
});

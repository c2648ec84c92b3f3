// The security headers every response carries: next.config.mjs sets them for all paths, and
// scripts/server.mjs adds `upgrade-insecure-requests` at run time when the site is served over HTTPS.
// Plain JavaScript (with security-headers.d.mts beside it) so next.config.mjs and the server can import it.
// The reasons for each directive are in docs/decisions.md, "HTTP headers".

/**
 * The Content-Security-Policy value. Scripts: the App Router inlines its payload (`self.__next_f.push(...)`)
 * in every page, and nonces would make every page render per request (the guest /trust page is prerendered),
 * so inline scripts are allowed and only same-origin files may load; `'unsafe-eval'` only in development,
 * where `next dev` needs it. Styles allow inline: React renders `style` attributes and Radix's scroll lock
 * injects a <style> element.
 * @param {{ dev?: boolean, upgradeInsecureRequests?: boolean }} [options]
 * @returns {string}
 */
export function contentSecurityPolicy({ dev = false, upgradeInsecureRequests = false } = {}) {
  /** @type {[string, ...string[]][]} */
  const directives = [
    ['default-src', "'self'"],
    ['script-src', "'self'", "'unsafe-inline'", ...(dev ? ["'unsafe-eval'"] : [])],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'"],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  if (upgradeInsecureRequests) directives.push(['upgrade-insecure-requests']);
  return directives.map((d) => d.join(' ')).join('; ');
}

/**
 * Adds `upgrade-insecure-requests` to a policy (once). The server calls it when SITE_URL / NEXTAUTH_URL is
 * https: the headers of next.config.mjs are fixed at build time, the address the site is served at is not.
 * @param {string} policy
 * @returns {string}
 */
export function withUpgradeInsecureRequests(policy) {
  if (/(^|;)\s*upgrade-insecure-requests\s*(;|$)/.test(policy)) return policy;
  return `${policy.replace(/[\s;]+$/, '')}; upgrade-insecure-requests`;
}

/**
 * The headers next.config.mjs sets on every response (pages, API routes, static files, redirects).
 * @param {{ dev?: boolean }} [options]
 * @returns {{ key: string, value: string }[]}
 */
export function securityHeaders({ dev = false } = {}) {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy({ dev }) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
  ];
}

/**
 * next.config.mjs `headers()`: the headers on every response, and the app's policy on every path except
 * the document view route (a negative lookahead in the path pattern, as Next's docs show). That route
 * sets its own, stricter policy (a sandbox where nothing may load, lib/files/view-headers.ts), and a config
 * header replaces a route's header of the same name: it gets every header here but the policy.
 * @param {{ dev?: boolean }} [options]
 * @returns {{ source: string, headers: { key: string, value: string }[] }[]}
 */
export function securityHeaderRules({ dev = false } = {}) {
  const all = securityHeaders({ dev });
  const policy = all.filter((h) => h.key === 'Content-Security-Policy');
  return [
    { source: '/:path*', headers: all.filter((h) => h.key !== 'Content-Security-Policy') },
    { source: '/:path((?!api/file/[^/]+/[^/]+/view/get/?$).*)', headers: policy },
  ];
}

// The security headers every response carries: next.config.mjs sets them for all paths, and
// scripts/server.mjs adds `upgrade-insecure-requests` at run time when the site is served over HTTPS.
// Plain JavaScript (with security-headers.d.mts beside it) so next.config.mjs and the server can import it.
// The reasons for each directive are in docs/decisions.md, "HTTP headers".

/**
 * The Content-Security-Policy value. Scripts: the App Router inlines its payload (`self.__next_f.push(...)`)
 * in every page, and nonces would make every page render per request (the guest /trust page is prerendered),
 * so inline scripts are allowed and only same-origin files may load; `'unsafe-eval'` only in development,
 * where `next dev` needs it. Styles allow inline: React renders `style` attributes and Radix's scroll lock
 * injects a <style> element. `paymentOrigin`: LawPay's hosted fields, only while LawPay is configured
 * (withPaymentOrigin).
 * @param {{ dev?: boolean, upgradeInsecureRequests?: boolean, paymentOrigin?: string | null }} [options]
 * @returns {string}
 */
export function contentSecurityPolicy({ dev = false, upgradeInsecureRequests = false, paymentOrigin = null } = {}) {
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
  const policy = directives.map((d) => d.join(' ')).join('; ');
  return paymentOrigin ? withPaymentOrigin(policy, paymentOrigin) : policy;
}

/** The directives LawPay's hosted fields need: their script, their frames, and what the script may call. */
const PAYMENT_DIRECTIVES = ['script-src', 'frame-src', 'connect-src'];

/**
 * Allows the payment gateway's hosted fields (lib/payments/hosted-fields.mjs) in a policy: `origin` joins
 * script-src, frame-src (added after 'self' when the policy has none; it falls back to default-src) and
 * connect-src, once. The server calls it when LawPay is configured; without LawPay no payment origin is
 * allowed at all (the sandbox's forms are the app's own inputs).
 * @param {string} policy
 * @param {string} origin
 * @returns {string}
 */
export function withPaymentOrigin(policy, origin) {
  const source = new URL(origin).origin;
  const directives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => d.split(/\s+/));
  for (const name of PAYMENT_DIRECTIVES) {
    let directive = directives.find((d) => d[0] === name);
    if (!directive) {
      directive = [name, "'self'"];
      const at = directives.findIndex((d) => d[0] === 'object-src');
      directives.splice(at >= 0 ? at : directives.length, 0, directive);
    }
    if (!directive.includes(source)) directive.push(source);
  }
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
 * @param {{ dev?: boolean, paymentOrigin?: string | null }} [options]
 * @returns {{ key: string, value: string }[]}
 */
export function securityHeaders({ dev = false, paymentOrigin = null } = {}) {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy({ dev, paymentOrigin }) },
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
 * @param {{ dev?: boolean, paymentOrigin?: string | null }} [options]
 * @returns {{ source: string, headers: { key: string, value: string }[] }[]}
 */
export function securityHeaderRules({ dev = false, paymentOrigin = null } = {}) {
  const all = securityHeaders({ dev, paymentOrigin });
  const policy = all.filter((h) => h.key === 'Content-Security-Policy');
  return [
    { source: '/:path*', headers: all.filter((h) => h.key !== 'Content-Security-Policy') },
    { source: '/:path((?!api/file/[^/]+/[^/]+/view/get/?$).*)', headers: policy },
  ];
}

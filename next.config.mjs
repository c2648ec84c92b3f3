import { PHASE_DEVELOPMENT_SERVER } from 'next/constants.js';
import { securityHeaderRules } from './lib/http/security-headers.mjs';
import { hostedFieldsOrigin } from './lib/payments/hosted-fields.cjs';
import { ACTION_BODY_LIMIT } from './scripts/request-guard.mjs';

/** next-auth's session cookie, plain and (behind HTTPS) `__Secure-` prefixed. */
const SESSION_COOKIES = ['next-auth.session-token', '__Secure-next-auth.session-token'];

/**
 * The config depends on the phase only for the Content-Security-Policy: `next dev` needs `'unsafe-eval'`.
 * @param {string} phase
 * @returns {import('next').NextConfig}
 */
const nextConfig = (phase) => ({
  // PGlite ships WASM next to its JS; bundling it would copy the files into the static folder.
  // @react-pdf/renderer (the plan summary PDF) loads its layout engine's WASM and pdfkit's font data at run time.
  // zod and drizzle-orm are loaded once by Node instead: Turbopack copies the modules every route shares into
  // each route's server chunk, and the server loads every route at start, so their bundled code was in memory
  // once per route (26 copies; docs/performance.md, "The C library's share").
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'nodemailer', '@react-pdf/renderer', 'zod', 'drizzle-orm'],
  poweredByHeader: false,
  // Type errors are caught by `npm run typecheck` (CI runs it); skipping them here halves a cold `npm start`.
  typescript: { ignoreBuildErrors: true },
  // Legacy clients post to paths with a trailing slash (/api/createClient/); answer them without a redirect.
  skipTrailingSlashRedirect: true,
  reactStrictMode: true,
  experimental: {
    // Server actions read at most what the JSON routes do (MAX_BODY_BYTES in lib/http/route.ts), not Next's 1 MB:
    // the largest form, the intake note, is 10,000 characters. Files never travel through actions. The
    // production server refuses a larger action body itself (413) before Next reads it (scripts/request-guard.mjs).
    serverActions: { bodySizeLimit: ACTION_BODY_LIMIT },
    // Next keeps a copy of the body of every request middleware.ts sees (POST /login and /logout, the server
    // actions of the signed-in pages), up to this size: 10 MB by default, held before any route could refuse
    // it. None of those takes more than 64 KB; beyond it the copy stops and the rest is read and dropped:
    // the route then refuses the body by its declared length (a chunked body, which declares none, arrives
    // cut at 64 KB). Uploads go to /api routes, which middleware does not see.
    proxyClientMaxBodySize: '64kb',
  },
  async redirects() {
    // The spec's routes table names the home page "(empty root) / home": /home answers with a permanent
    // redirect to the root, so there is one address (and one canonical URL) for one page (docs/decisions.md).
    return ['/home', '/home/'].map((source) => ({ source, destination: '/', permanent: true }));
  },
  async rewrites() {
    return {
      beforeFiles: [
        // /trust is prerendered for guests and served from the static cache. Anyone with a session cookie
        // gets the same page rendered per request (app/(public)/trust/signed-in) so the header shows their
        // links. A config rewrite rather than middleware: it costs the static path nothing measurable.
        ...SESSION_COOKIES.flatMap((key) =>
          ['/trust', '/trust/'].map((source) => ({ source, has: [{ type: 'cookie', key }], destination: '/trust/signed-in' })),
        ),
        // Paths of the earlier front end that live outside /api keep working; pages keep their own segments.
        { source: '/impersonate/:userId', destination: '/api/impersonate/:userId' },
        { source: '/billing/:path*', destination: '/api/billing/:path*' },
        { source: '/estatePlan/:path*', destination: '/api/estatePlan/:path*' },
        // The spec spells this one call /api/ClientInfo/…, the others /api/clientInfo/…; two folders that differ
        // only in case cannot live in one checkout on macOS or Windows, so the route lives in clientInfo and
        // the capitalised path is rewritten to it (rewrite sources match without regard to case).
        { source: '/api/ClientInfo/updateClientInfo', destination: '/api/clientInfo/updateClientInfo' },
      ],
    };
  },
  async headers() {
    // Every response: CSP, nosniff, no framing, referrer and permissions policies (lib/http/security-headers.mjs);
    // the document view route keeps its own sandbox policy instead of the app's (a config header would replace it).
    // Fixed at build time (routes manifest); scripts/server.mjs adds what depends on the served address and
    // LawPay's hosted fields when LawPay is configured where it runs. `next dev` reads its environment here.
    const dev = phase === PHASE_DEVELOPMENT_SERVER;
    return securityHeaderRules({ dev, paymentOrigin: dev ? hostedFieldsOrigin(process.env) : null });
  },
});

export default nextConfig;

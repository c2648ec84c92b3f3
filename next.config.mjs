/** next-auth's session cookie, plain and (behind HTTPS) `__Secure-` prefixed. */
const SESSION_COOKIES = ['next-auth.session-token', '__Secure-next-auth.session-token'];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM next to its JS; bundling it would copy the files into the static folder.
  serverExternalPackages: ['@electric-sql/pglite', '@node-rs/argon2', 'pg', 'nodemailer'],
  poweredByHeader: false,
  // Type errors are caught by `npm run typecheck` (CI runs it); skipping them here halves a cold `npm start`.
  typescript: { ignoreBuildErrors: true },
  // Legacy clients post to paths with a trailing slash (/api/createClient/); answer them without a redirect.
  skipTrailingSlashRedirect: true,
  reactStrictMode: true,
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
      ],
    };
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
        ],
      },
    ];
  },
};

export default nextConfig;

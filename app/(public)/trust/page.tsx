import { trustMetadata } from './metadata';
import { TrustLanding } from './trust-landing';

/*
 * What guests get: prerendered once at build time and served from the static cache. No cookies or headers
 * are read here (the referral discount is detected in the browser), and prices come from env at build time,
 * so changing them needs a rebuild. Visitors with a session cookie are rewritten (next.config.mjs) to
 * ./signed-in, the same page rendered per request so the header shows their role's links.
 */
export const dynamic = 'force-static';

export const metadata = trustMetadata;

export default function TrustPage() {
  return <TrustLanding />;
}

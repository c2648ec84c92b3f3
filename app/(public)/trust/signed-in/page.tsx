import type { Metadata } from 'next';
import { earnsAdvisorDiscount } from '@/lib/accounts/advisor-discount';
import { getActor } from '@/lib/auth/actor';
import { trustMetadata } from '../metadata';
import { signedInCallToAction, TrustLanding } from '../trust-landing';

/*
 * /trust for visitors with a session cookie (a cookie rewrite in next.config.mjs; the address bar keeps /trust).
 * Rendered per request so the root layout's header reads the session and shows the role's links and the
 * impersonation banner, the price card's button leads to the visitor's own work instead of sign-up, and a
 * client linked to an advisor sees the discounted price (rendered so, whatever the browser remembers).
 * Search engines are pointed at /trust.
 */
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { ...trustMetadata, robots: { index: false, follow: true } };

export default async function SignedInTrustPage() {
  // A stale cookie (expired or signed-out session) gets the guest version of the card.
  const actor = await getActor();
  return <TrustLanding callToAction={signedInCallToAction(actor)} linkedToAdvisor={await earnsAdvisorDiscount(actor)} />;
}

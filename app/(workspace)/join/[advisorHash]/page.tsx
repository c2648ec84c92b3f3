import type { Metadata } from 'next';
import { findReferringAdvisorId } from '@/lib/accounts/queries';
import { JoinScreen } from '../join-screen';

// Referral links are personal to an advisor: keep them out of search results.
export const metadata: Metadata = { title: 'Create Account', robots: { index: false } };

type Props = { params: Promise<{ advisorHash: string }> };

/**
 * /join/{advisorHash} — the create-account screen for a visitor referred through an advisor's link. Only a
 * hash naming a real advisor is carried into the form, so nobody is promised a discount that won't apply.
 */
export default async function JoinWithAdvisorPage({ params }: Props) {
  const { advisorHash } = await params;
  const known = (await findReferringAdvisorId(advisorHash)) !== null;
  return <JoinScreen advisorHash={known ? advisorHash : ''} />;
}

import type { Metadata } from 'next';
import { findReferringAdvisorId } from '@/lib/accounts/queries';
import { invitePrefill } from '@/lib/invites/queries';
import { JoinScreen } from '../join-screen';

// Referral links are personal to an advisor: keep them out of search results.
export const metadata: Metadata = { title: 'Create Account', robots: { index: false } };

type Props = { params: Promise<{ advisorHash: string }>; searchParams?: Promise<{ invite?: string | string[] }> };

/**
 * /join/{advisorHash} — the create-account screen for a visitor referred through an advisor's link. Only a
 * hash naming a real advisor is carried into the form, so nobody is promised a discount that won't apply.
 * With an invite token (the invitation e-mail's link) the form is prefilled and the token sent along.
 */
export default async function JoinWithAdvisorPage({ params, searchParams }: Props) {
  const { advisorHash } = await params;
  // An invitation e-mail's link also carries `?invite=<token>`: the sign-up takes over the client record the
  // advisor created, and the form starts with what the advisor entered.
  const raw = (await searchParams)?.invite;
  const invite = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const [known, prefill] = await Promise.all([findReferringAdvisorId(advisorHash).then((id) => id !== null), invitePrefill(invite)]);
  return <JoinScreen advisorHash={known ? advisorHash : ''} invite={prefill ? invite : ''} prefill={prefill} />;
}

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FeatureLockGate } from '@/components/advisors/feature-lock-notice';
import { NewClientScreen } from '@/components/new-client/new-client-screen';
import { db } from '@/db';
import { advisorDisplay } from '@/lib/advisors/queries';
import { advisorLockFor } from '@/lib/billing/feature-lock';
import { lockedFeaturesText } from '@/lib/billing/lock';
import { requirePageContext } from '@/lib/http/page';

export const metadata: Metadata = { title: 'New Client', robots: { index: false } };

type Props = { params: Promise<{ advisorHash: string }> };

/**
 * new-client/{advisorHash}: create a client, or a couple, for an advisor in the actor's scope (404
 * otherwise); under the advisor's features lock, the lock's message instead of the form.
 */
export default async function NewClientPage({ params }: Props) {
  const { advisorHash } = await params;
  const ctx = await requirePageContext('client.create', `/new-client/${encodeURIComponent(advisorHash)}`);
  const advisor = await advisorDisplay(ctx, advisorHash, 'client.create');
  if (!advisor) notFound();
  const lock = await advisorLockFor(db, ctx, advisor.id);
  return (
    <FeatureLockGate lock={lock} showWarning={false} title="New Client" detail={lockedFeaturesText(advisor.isOwn ? null : advisor.name)}>
      <NewClientScreen advisorHash={advisor.hash} advisorName={advisor.isOwn ? 'your practice' : advisor.name} isOwn={advisor.isOwn} />
    </FeatureLockGate>
  );
}

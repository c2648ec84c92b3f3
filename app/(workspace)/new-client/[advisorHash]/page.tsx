import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NewClientScreen } from '@/components/new-client/new-client-screen';
import { advisorDisplay } from '@/lib/advisors/queries';
import { requirePageContext } from '@/lib/http/page';

export const metadata: Metadata = { title: 'New Client', robots: { index: false } };

type Props = { params: Promise<{ advisorHash: string }> };

/** new-client/{advisorHash}: create a client, or a couple, for an advisor in the actor's scope (404 otherwise). */
export default async function NewClientPage({ params }: Props) {
  const { advisorHash } = await params;
  const ctx = await requirePageContext('client.create', `/new-client/${encodeURIComponent(advisorHash)}`);
  const advisor = await advisorDisplay(ctx, advisorHash, 'client.create');
  if (!advisor) notFound();
  return <NewClientScreen advisorHash={advisor.hash} advisorName={advisor.isOwn ? 'your practice' : advisor.name} isOwn={advisor.isOwn} />;
}

import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NewClientForm } from '@/components/new-client/new-client-form';
import styles from '@/components/new-client/new-client.module.css';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
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
  return (
    <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
      <h1>New Client</h1>
      <NewClientForm advisorHash={advisor.hash} advisorName={advisor.isOwn ? 'your practice' : advisor.name} isOwn={advisor.isOwn} />
    </main>
  );
}

import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { requirePageContext } from '@/lib/http/page';
import {
  IntakePage,
  loadDocuments,
  loadFunding,
  loadIntakeOr404,
  whatIfFor,
  type DocumentsSearch,
  type WhatIfSearch,
  resolveAddressOr404,
} from '../intake-page';

export const metadata: Metadata = { title: 'Client Information', robots: { index: false } };

type Props = { params: Promise<{ id: string }>; searchParams?: Promise<WhatIfSearch & DocumentsSearch> };

/**
 * A household's intake by a client's public hash (either spouse's), within the actor's scope. The spec's
 * numeric id form is resolved (within the scope) and redirected to the hash address; anything out of
 * scope or unknown is the app's 404 page.
 */
export default async function ClientInfoByIdPage({ params, searchParams }: Props) {
  const { id } = await params;
  const ctx = await requirePageContext('intake.read', `/client-info/${encodeURIComponent(id)}`);
  const hash = await resolveAddressOr404(ctx, id);
  if (hash !== id) redirect(`/client-info/${encodeURIComponent(hash)}`);
  const view = await loadIntakeOr404(ctx, hash);
  const path = `/client-info/${encodeURIComponent(hash)}`;
  const search = (await searchParams) ?? {};
  const [documents, funding] = await Promise.all([loadDocuments(ctx, view, search), loadFunding(ctx.actor, view)]);
  const whatIf = whatIfFor(ctx, view, path, search);
  return <IntakePage view={view} actor={ctx.actor} documents={documents} funding={funding} whatIf={whatIf} path={path} />;
}

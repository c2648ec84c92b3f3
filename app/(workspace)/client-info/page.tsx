import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { landingPathFor } from '@/lib/auth/landing';
import { requirePageContext } from '@/lib/http/page';
import { IntakePage, loadDocuments, loadFunding, loadIntakeOr404, whatIfFor, type DocumentsSearch, type WhatIfSearch } from './intake-page';

export const metadata: Metadata = { title: 'Client Information', robots: { index: false } };

/**
 * The signed-in client's own intake: their household (either spouse's login opens it). Everyone else has
 * no household of their own and goes to their home; they open a household by its address. `?whatIf=<scenario
 * id>` opens the review on that "what if" (issue 30); `?files=<page>` a page of the documents (issue 32).
 */
export default async function ClientInfoPage({ searchParams }: { searchParams?: Promise<WhatIfSearch & DocumentsSearch> } = {}) {
  const ctx = await requirePageContext('intake.read', '/client-info');
  const { actor } = ctx;
  if (!actor.isClient || actor.clientId === null) redirect(landingPathFor(actor));
  // By the hash the actor statement read: no statement to turn the numeric id into it.
  const view = await loadIntakeOr404(ctx, actor.clientHash ?? String(actor.clientId));
  const search = (await searchParams) ?? {};
  const [documents, funding] = await Promise.all([loadDocuments(ctx, view, search), loadFunding(ctx.actor, view)]);
  const whatIf = whatIfFor(ctx, view, '/client-info', search);
  return <IntakePage view={view} actor={ctx.actor} documents={documents} funding={funding} whatIf={whatIf} path="/client-info" />;
}

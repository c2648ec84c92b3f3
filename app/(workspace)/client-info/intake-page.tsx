import 'server-only';
import Link from 'next/link';
import { lockedFeaturesText } from '@/lib/billing/lock';
import { FeatureLockGate } from '@/components/advisors/feature-lock-notice';
import { DocumentsPanel } from '@/components/files/documents-panel';
import { IntakeScreen } from '@/components/intake/intake-screen';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import type { Actor } from '@/lib/kernel/actor';
import { can } from '@/lib/kernel/policy';
import { attorneyTurnaroundBusinessDays } from '@/lib/config/turnaround';
import { siteConfig } from '@/lib/config/site';
import { documentsReady } from '@/lib/estate-plans/next-steps';
import { isAttorneyStatus } from '@/lib/estate-plans/statuses';
import type { EstatePlanStatus } from '@/db/schema';
import type { DocumentView } from '@/lib/files/document-view';
import { listDocuments } from '@/lib/files/queries';
import { orNotFound } from '@/lib/http/page';
import type { PublicContext } from '@/lib/kernel/context';
import { toJsonText } from '@/lib/json-text';
import { loadIntake, resolveClientHash } from '@/lib/intake/load';
import type { IntakeView } from '@/lib/intake/types';
import styles from './client-info.module.css';

/** The household a client-info address opens, from one load of the intake (lib/intake/load/). */
export function loadIntakeOr404(ctx: PublicContext, address: string): Promise<IntakeView> {
  return orNotFound(() => loadIntake(ctx, address));
}

/** The household's documents (every plan's, newest first), for the page's documents panel. */
export function loadDocuments(ctx: PublicContext, view: IntakeView): Promise<DocumentView[]> {
  return listDocuments(ctx, view);
}

/** The public hash of a client-info address: a numeric client id resolved within the scope, a hash as is. */
export function resolveAddressOr404(ctx: PublicContext, address: string): Promise<string> {
  return orNotFound(() => resolveClientHash(ctx, address));
}

/**
 * The page frame around the intake's client components, behind the household's features lock (platform
 * §4): locked, the spec's message instead of the intake; one invoice before, a warning above it for the
 * advisory side (clients see the lock, not their advisor's billing warning).
 */
export function IntakePage({ view, actor, documents }: { view: IntakeView; actor: Actor; documents: DocumentView[] }) {
  const plan = view.latestPlan;
  // Files go to the latest plan, only in its attorney-stage statuses (platform §4); the server checks again.
  const uploadPlanHash = plan && can(actor, 'file.upload') && isAttorneyStatus(plan.status as EstatePlanStatus) ? plan.hash : null;
  const ownHousehold = actor.clientId !== null && actor.householdClientIds.includes(actor.clientId) && actor.isClient;
  // "Your documents are ready" only when the status says so (lib/estate-plans/next-steps.ts): Complete, with
  // a document on the latest plan.
  const latestPlanDocuments = plan ? documents.filter((d) => d.planHash === plan.hash).length : 0;
  const ready = documentsReady((plan?.status ?? null) as EstatePlanStatus | null, latestPlanDocuments);
  return (
    <FeatureLockGate lock={view.featureLock} showWarning={!actor.isClient} detail={actor.isClient ? null : lockedFeaturesText()}>
      <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
        {/* The household's activity (issue 29), for the attorneys and admins who may read it. */}
        {can(actor, 'activity.read.household') && !ownHousehold ? (
          <p className={styles.activityLink}>
            <Link href={`/client-info/${encodeURIComponent(view.client.hash)}/activity`}>Activity</Link>: who did what on this household
          </p>
        ) : null}
        {/* Attorneys and admins open a submitted trust on its review (intake §2). */}
        {/* The household's own clients read what happens after their submission (issue 27). */}
        <IntakeScreen
          view={toJsonText(view)}
          startOnReview={view.abilities.isLegal && !!view.abilities.isSubmitted}
          documents={
            <DocumentsPanel
              documents={documents}
              forClient={ownHousehold}
              ready={ready}
              uploadPlanHash={uploadPlanHash}
              canDelete={can(actor, 'file.delete')}
              subject={`${view.client.person.firstName} ${view.client.person.lastName}`.trim() || undefined}
            />
          }
          nextSteps={
            ownHousehold ? { turnaroundDays: attorneyTurnaroundBusinessDays(), supportEmail: siteConfig.supportEmail, latestPlanDocuments } : undefined
          }
        />
      </main>
    </FeatureLockGate>
  );
}

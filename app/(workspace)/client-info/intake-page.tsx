import 'server-only';
import { Link } from '@/components/ui/link';
import { lockedFeaturesText } from '@/lib/billing/lock';
import { FeatureLockGate } from '@/components/advisors/feature-lock-notice';
import { DocumentsPanel } from '@/components/files/documents-panel';
import { FundingPanel, type FundingTaskItem } from '@/components/funding/funding-panel';
import { IntakeScreen } from '@/components/intake/intake-screen';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import type { Actor } from '@/lib/kernel/actor';
import { can } from '@/lib/kernel/policy';
import { attorneyTurnaroundBusinessDays } from '@/lib/config/turnaround';
import { siteConfig } from '@/lib/config/site';
import { documentsReady } from '@/lib/estate-plans/next-steps';
import { isAttorneyStatus } from '@/lib/estate-plans/statuses';
import type { EstatePlanStatus } from '@/db/schema';
import { listDocumentPage, type DocumentPage } from '@/lib/files/document-page';
import { Pager } from '@/components/ui/pager';
import { pageParam } from '@/lib/validation/list-page';
import { formatAppDate } from '@/lib/format/app-time';
import type { ReviewExtras } from '@/components/intake/review/review-screen';
import { whatIfOf, whatIfParam } from '@/lib/estate-flow/what-if';
import { fundingExposure } from '@/lib/funding/exposure';
import { fundingHasBegun, loadFundingMarks } from '@/lib/funding/marks';
import { fundingProgress, fundingTasksOf, mergeTasks, type FundingProgress } from '@/lib/funding/tasks';
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

/** What the page's address asks of the documents panel: `?files=<page>` (issue 32). */
export type DocumentsSearch = { files?: string | string[] };

/** A page of the household's documents (every plan's, newest first, paged in SQL), for the page's documents panel. */
export function loadDocuments(ctx: PublicContext, view: IntakeView, search: DocumentsSearch): Promise<DocumentPage> {
  return listDocumentPage(ctx, view, pageParam(search.files));
}

/** The page's funding tasks: none before the plan is being finalized (lib/funding/marks.ts). */
export type FundingData = { tasks: FundingTaskItem[]; progress: FundingProgress | null; probate: string | null };

/**
 * The funding tracker's tasks (issue 30): what the intake asks for today with the marks people made, once
 * the plan is being finalized; the view was read through the actor's scope, and 'funding.read' has the roles
 * of 'intake.read', so the household's marks are read by its hash. One statement, only for a finished plan.
 */
export async function loadFunding(actor: Actor, view: IntakeView): Promise<FundingData> {
  if (!can(actor, 'funding.read') || !fundingHasBegun(view.latestPlan?.status)) return { tasks: [], progress: null, probate: null };
  const tasks = mergeTasks(fundingTasksOf(view), await loadFundingMarks(view.householdHash));
  return {
    tasks: tasks.map(({ changedAt, ...task }) => ({ ...task, changedOn: changedAt ? formatAppDate(changedAt) : null })),
    progress: fundingProgress(tasks),
    probate: fundingExposure(view, tasks).sentence,
  };
}

/** What the page's address asks of the review: `?whatIf=<scenario id>`, repeated or not. */
export type WhatIfSearch = { whatIf?: string | string[] };

/**
 * The review's "what if" (issue 30) for this request: the household's scenarios and the flow of the one the
 * address asks for, on the request's clock (minors are counted on it); no statement, one flow at most.
 */
export function whatIfFor(
  ctx: PublicContext,
  view: IntakeView,
  path: string,
  search: WhatIfSearch,
): { requested: string | null; review: ReviewExtras['whatIf'] } {
  const requested = whatIfParam(search.whatIf);
  return { requested, review: { path, ...whatIfOf(view, requested, ctx.now) } };
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
export function IntakePage({
  view,
  actor,
  documents,
  funding,
  whatIf,
  path,
}: {
  view: IntakeView;
  actor: Actor;
  documents: DocumentPage;
  funding: FundingData;
  whatIf: ReturnType<typeof whatIfFor>;
  /** The page's own address (its documents' pages link to it). */
  path: string;
}) {
  const plan = view.latestPlan;
  // Files go to the latest plan, only in its attorney-stage statuses (platform §4); the server checks again.
  const uploadPlanHash = plan && can(actor, 'file.upload') && isAttorneyStatus(plan.status as EstatePlanStatus) ? plan.hash : null;
  const ownHousehold = actor.clientId !== null && actor.householdClientIds.includes(actor.clientId) && actor.isClient;
  // "Your documents are ready" only when the status says so (lib/estate-plans/next-steps.ts): Complete, with
  // a document on the latest plan.
  // Counted in SQL over the whole plan, not over the page shown.
  const latestPlanDocuments = plan ? (documents.perPlan[plan.hash] ?? 0) : 0;
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
        {/* Attorneys and admins open a submitted trust on its review (intake §2), and a "what if" address opens it. */}
        {/* The household's own clients read what happens after their submission (issue 27). */}
        <IntakeScreen
          view={toJsonText(view)}
          startOnReview={(view.abilities.isLegal && !!view.abilities.isSubmitted) || whatIf.requested !== null}
          review={{
            whatIf: whatIf.review,
            // Before funding begins, nothing is said about probate (loadFunding gives no sentence then).
            probate: funding.probate ? { sentence: funding.probate, toPanel: funding.tasks.length > 0 } : null,
          }}
          documents={
            <>
              <DocumentsPanel
                documents={documents.documents}
                pager={
                  <Pager
                    label="Document pages"
                    page={documents.page}
                    pageCount={documents.pageCount}
                    hrefOf={(n) => `${path}${n > 1 ? `?files=${n}` : ''}#documents`}
                  />
                }
                forClient={ownHousehold}
                ready={ready}
                uploadPlanHash={uploadPlanHash}
                canDelete={can(actor, 'file.delete')}
                subject={`${view.client.person.firstName} ${view.client.person.lastName}`.trim() || undefined}
              />
              <FundingPanel
                clientHash={view.client.hash}
                tasks={funding.tasks}
                progress={funding.progress}
                probate={funding.probate}
                owners={{ '1': view.client.person.firstName, '2': view.spouse?.person.firstName ?? null }}
                canEdit={can(actor, 'funding.update')}
                forClient={ownHousehold}
              />
            </>
          }
          nextSteps={
            ownHousehold ? { turnaroundDays: attorneyTurnaroundBusinessDays(), supportEmail: siteConfig.supportEmail, latestPlanDocuments } : undefined
          }
        />
      </main>
    </FeatureLockGate>
  );
}

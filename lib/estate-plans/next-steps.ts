import type { EstatePlanStatus } from '@/db/schema';

/*
 * What happens after a client submits the trust (issue 27), from the latest plan's status: the four steps
 * the product promises (platform §1: the attorney team prepares the documents, which the client downloads,
 * signs, notarizes and funds), the step the plan stands at, a sentence about where it stands, and when the
 * documents may be called ready. The decisions (docs/decisions.md, issue 27):
 *
 * - sent, preparing, hold and awaiting are the attorney's review (waiting for it, in it, paused, or waiting
 *   on the client): step 1. A submitted trust whose plan is still in a client-stage status (older data) or
 *   that has no plan is waiting for the review too.
 * - finalizing (Being Finalized): the documents are being prepared: step 2.
 * - complete: the attorney's work is done; signing and notarizing is the client's next step: step 3.
 *   Funding follows signing; no status records either, so funding is never the current step.
 * - canceled: no step is current; the client is told to get in touch.
 *
 * "Your documents are ready" is said only when the status is complete and the latest plan has at least one
 * document: files may be added in every attorney-stage status (spec §4), so a letter or a draft shared
 * during the review is not "ready", and Being Finalized still means the attorney is finishing them.
 */

export const NEXT_STEPS = [
  { key: 'review', title: 'Attorney review', text: 'An attorney reads your answers and contacts you if anything needs clarifying.' },
  { key: 'documents', title: 'Documents prepared', text: 'Your attorney prepares your trust, will and the other documents.' },
  { key: 'signing', title: 'Signing and notarizing', text: 'You download your documents and sign them in front of a notary.' },
  { key: 'funding', title: 'Funding the trust', text: 'You move your property and accounts into the name of your trust.' },
] as const;

export type NextStepKey = (typeof NEXT_STEPS)[number]['key'];
export type StepState = 'done' | 'current' | 'upcoming';

/** The step a submitted trust stands at, by its latest plan's status (null: no plan); null when canceled. */
export function currentStepOf(status: EstatePlanStatus | null): NextStepKey | null {
  switch (status) {
    case 'canceled':
      return null;
    case 'finalizing':
      return 'documents';
    case 'complete':
      return 'signing';
    default:
      // sent, preparing, hold, awaiting; a client-stage status or no plan after a submission (older data).
      return 'review';
  }
}

/** Each step's state for a status: the ones before the current step done, the current one, the rest upcoming. */
export function stepStates(status: EstatePlanStatus | null): { key: NextStepKey; title: string; text: string; state: StepState }[] {
  const current = currentStepOf(status);
  const at = current === null ? -1 : NEXT_STEPS.findIndex((s) => s.key === current);
  return NEXT_STEPS.map((step, i) => ({ ...step, state: at < 0 ? 'upcoming' : i < at ? 'done' : i === at ? 'current' : 'upcoming' }));
}

/** Whether the client may be told their documents are ready: Complete, with a document on the latest plan. */
export function documentsReady(status: EstatePlanStatus | null, latestPlanDocuments: number): boolean {
  return status === 'complete' && latestPlanDocuments > 0;
}

export const DOCUMENTS_READY_TEXT = 'Your documents are ready.';

/** One or two sentences on where a submitted trust stands, by its latest plan's status. */
export function standingText(status: EstatePlanStatus | null, latestPlanDocuments: number): string {
  switch (status) {
    case 'preparing':
      return 'An attorney is reviewing your answers.';
    case 'hold':
      return 'Work on your trust is paused for now. Your attorney will tell you why, or you can ask us.';
    case 'awaiting':
      return 'Your attorney needs to talk with you: watch for their call or e-mail.';
    case 'finalizing':
      return 'Your attorney is finishing your documents.';
    case 'complete':
      return documentsReady(status, latestPlanDocuments)
        ? `${DOCUMENTS_READY_TEXT} Open them under Your documents, sign them in front of a notary, then fund your trust.`
        : 'Your attorney has finished. Your documents will appear on this page when they are shared with you.';
    case 'canceled':
      return 'This estate plan was canceled. Please get in touch if you would like to continue.';
    default:
      return 'Your trust is waiting for an attorney to review it.';
  }
}

/**
 * The expected turnaround, while the attorney's work lies ahead (review or documents): 'Expect your
 * documents about 10 business days after you submitted.' Null once the documents are done or the plan
 * was canceled (a promise about work already finished would only confuse).
 */
export function turnaroundText(status: EstatePlanStatus | null, businessDays: number): string | null {
  const current = currentStepOf(status);
  if (current !== 'review' && current !== 'documents') return null;
  return `Expect your documents about ${businessDays === 1 ? '1 business day' : `${businessDays} business days`} after you submitted.`;
}

import type { EstatePlanStatus } from '@/db/schema';
import { ATTORNEY_STATUSES, isAttorneyStatus, statusLabel } from './statuses';

/*
 * The estate plan's allowed status changes, in one place (the spec leaves the order open; the choices are
 * recorded in docs/decisions.md, "Intake part 2"). Two kinds of change:
 *
 * - The client stage (incomplete → unpaid → paid partial → paid → signed) moves by what the household
 *   does: submitting the trust (below), and later the payment work. Attorneys do not choose these.
 * - The attorney stage (sent … complete) is chosen by attorneys and admins, along ATTORNEY_TRANSITIONS.
 *
 * Submission moves a client-stage plan to 'sent' (Sent for Review): until the payment work lands no fee is
 * due, so nothing stands between consent and review. A plan already in the attorney stage keeps its status.
 */

/** Where an attorney or admin may move a plan from each status. */
export const ATTORNEY_TRANSITIONS: Readonly<Record<EstatePlanStatus, readonly EstatePlanStatus[]>> = {
  // Before submission the attorney does not take the plan over; an abandoned plan may be canceled.
  incomplete: ['canceled'],
  unpaid: ['canceled'],
  'paid partial': ['canceled'],
  paid: ['canceled'],
  signed: ['canceled'],
  // Received: the attorney starts, pauses, contacts the client, or cancels.
  sent: ['preparing', 'hold', 'awaiting', 'canceled'],
  preparing: ['sent', 'hold', 'awaiting', 'finalizing', 'canceled'],
  hold: ['preparing', 'awaiting', 'finalizing', 'canceled'],
  awaiting: ['preparing', 'hold', 'finalizing', 'canceled'],
  finalizing: ['preparing', 'hold', 'awaiting', 'complete', 'canceled'],
  // A canceled plan may be taken up again; a complete one reopened for a correction or an amendment.
  canceled: ['sent', 'preparing'],
  complete: ['finalizing'],
};

/** The attorney-stage statuses an attorney may choose for a plan now at `from` (the status bar's list). */
export function attorneyChoices(from: EstatePlanStatus): EstatePlanStatus[] {
  return ATTORNEY_STATUSES.filter((to) => ATTORNEY_TRANSITIONS[from].includes(to));
}

/** Why an attorney's change is refused, or null when it is allowed. */
export function refusalOf(from: EstatePlanStatus, to: EstatePlanStatus): string | null {
  if (from === to) return `The estate plan is already ${statusLabel(to)}.`;
  if (!isAttorneyStatus(to)) return `${statusLabel(to)} is set by the client's own steps, not by the attorney.`;
  if (!ATTORNEY_TRANSITIONS[from].includes(to)) return `An estate plan cannot go from ${statusLabel(from)} to ${statusLabel(to)}.`;
  return null;
}

/** Whether an attorney or admin may move a plan from `from` to `to`. */
export function canTransition(from: EstatePlanStatus, to: EstatePlanStatus): boolean {
  return refusalOf(from, to) === null;
}

/** The status a plan takes when its trust is submitted for attorney review ("the status is recalculated"). */
export function statusAfterSubmission(from: EstatePlanStatus): EstatePlanStatus {
  return isAttorneyStatus(from) ? from : 'sent';
}

import type { EstatePlanStatus } from '@/db/schema';
import { ATTORNEY_STATUSES, isAttorneyStatus, statusLabel } from './statuses';

/*
 * The estate plan's allowed status changes, in one place (the spec leaves the order open; the choices are
 * recorded in docs/decisions.md, "Intake part 2"). Two kinds of change:
 *
 * - The client stage (incomplete → unpaid → paid partial → paid → signed) moves by what the household
 *   does and by payments, along CLIENT_TRANSITIONS: consent with a fee due makes the plan Ready for Payment
 *   (unpaid); a payment that covers the fee, or an attorney's or admin's acknowledgement of a fee paid
 *   outside the app, makes it Paid in Full (paid); a payment covering part of it, Partially Paid; e-signing
 *   (not built yet) makes it E-Signed. Attorneys do not choose these.
 * - The attorney stage (sent … complete) is chosen by attorneys and admins, along ATTORNEY_TRANSITIONS.
 *
 * Submission moves a client-stage plan to 'sent' (Sent for Review) once nothing is due (paid, waived or
 * acknowledged: lib/billing/trust-fee.ts decides). A plan already in the attorney stage keeps its status.
 */

/** The client stage's moves, made by the household's own steps and by payments (never chosen by a person). */
export const CLIENT_TRANSITIONS: Readonly<Partial<Record<EstatePlanStatus, readonly EstatePlanStatus[]>>> = {
  incomplete: ['unpaid', 'paid partial', 'paid'],
  unpaid: ['paid partial', 'paid'],
  'paid partial': ['paid'],
  paid: ['signed'],
  signed: [],
};

/** Whether the client stage may move from `from` to `to` (CLIENT_TRANSITIONS). */
export function canMoveClientStage(from: EstatePlanStatus, to: EstatePlanStatus): boolean {
  return CLIENT_TRANSITIONS[from]?.includes(to) ?? false;
}

/** The status after consent with a fee still due: In Progress becomes Ready for Payment; others keep theirs. */
export function statusAfterConsent(from: EstatePlanStatus): EstatePlanStatus {
  return from === 'incomplete' ? 'unpaid' : from;
}

/** The status after a payment (or an acknowledgement): Paid in Full when nothing is left due, else Partially Paid. */
export function statusAfterPayment(from: EstatePlanStatus, paidInFull: boolean): EstatePlanStatus {
  const to: EstatePlanStatus = paidInFull ? 'paid' : 'paid partial';
  return canMoveClientStage(from, to) ? to : from;
}

/** Whether an attorney or admin may acknowledge a payment made outside the app: only before the plan is paid. */
export function canAcknowledgePayment(from: EstatePlanStatus): boolean {
  return canMoveClientStage(from, 'paid');
}

/** Whether the fee of a plan at this status is settled (paid, acknowledged, e-signed, or past the client stage). */
export function isFeeSettled(status: EstatePlanStatus): boolean {
  return status === 'paid' || status === 'signed' || isAttorneyStatus(status);
}

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

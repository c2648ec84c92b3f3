import type { EstatePlanStatus } from '@/db/schema';

/** The spec's 12 statuses in workflow order, with their labels. */
export const ESTATE_PLAN_STATUSES: readonly { code: EstatePlanStatus; label: string; stage: 'client' | 'attorney' }[] = [
  { code: 'incomplete', label: 'In Progress', stage: 'client' },
  { code: 'unpaid', label: 'Ready for Payment', stage: 'client' },
  { code: 'paid partial', label: 'Partially Paid', stage: 'client' },
  { code: 'paid', label: 'Paid in Full', stage: 'client' },
  { code: 'signed', label: 'E-Signed', stage: 'client' },
  { code: 'sent', label: 'Sent for Review', stage: 'attorney' },
  { code: 'preparing', label: 'Under Attorney Review', stage: 'attorney' },
  { code: 'hold', label: 'On Hold', stage: 'attorney' },
  { code: 'awaiting', label: 'In Client Contact', stage: 'attorney' },
  { code: 'finalizing', label: 'Being Finalized', stage: 'attorney' },
  { code: 'canceled', label: 'Canceled', stage: 'attorney' },
  { code: 'complete', label: 'Complete', stage: 'attorney' },
];

const byCode = new Map(ESTATE_PLAN_STATUSES.map((s) => [s.code, s]));

/** The label shown for a status code ("status_full"). */
export function statusLabel(code: EstatePlanStatus): string {
  return byCode.get(code)?.label ?? code;
}

/** Statuses legal users and admins may choose. Files can be added only while a plan is in one of them. */
export const ATTORNEY_STATUSES = ESTATE_PLAN_STATUSES.filter((s) => s.stage === 'attorney').map((s) => s.code);

export function isAttorneyStatus(code: EstatePlanStatus): boolean {
  return byCode.get(code)?.stage === 'attorney';
}

/** The client list's "Attorney Control" filter: attorney statuses except canceled and complete. */
export function isUnderAttorneyControl(code: EstatePlanStatus): boolean {
  return isAttorneyStatus(code) && code !== 'canceled' && code !== 'complete';
}

/*
 * The features lock's rules (platform spec §4, §9), free of server imports so the dashboard's and the
 * intake's client components, the server and the unit tests share one definition: an advisor whose unpaid
 * (open) invoices reach max_invoices is locked out of their clients' intake, with a warning one invoice
 * before. The server's side (the figures in SQL, the write guard) is lib/billing/feature-lock.ts.
 */

export const FEATURE_LOCKED_MESSAGE = 'Please pay in full your outstanding balance to continue using this feature.';
export type LockState = 'ok' | 'warning' | 'locked';

/** An advisor's features lock as a page shows it: the state and the figures of the warning. */
export type AdvisorLock = { state: LockState; unpaid: number; max: number };

/** Never locked: attorneys and admins, and a household without an advisor. */
export const NO_LOCK: AdvisorLock = { state: 'ok', unpaid: 0, max: 0 };

/** Locked at unpaid invoices >= max_invoices; a warning at max_invoices - 1. */
export function lockStateOf(unpaidInvoices: number, maxInvoices: number): LockState {
  if (unpaidInvoices >= maxInvoices) return 'locked';
  if (unpaidInvoices >= maxInvoices - 1) return 'warning';
  return 'ok';
}

/**
 * What the lock stops, named under the spec's message: the intake of the advisor's clients, and the new
 * work that would add to the unpaid balance (a new client, an invitation).
 */
export function lockedFeaturesText(advisorName: string | null = null): string {
  return advisorName === null
    ? 'Locked until it is paid: New Client, Send Invite, and your clients’ trust information.'
    : `Locked for ${advisorName} until it is paid: New Client, Send Invite, and their clients’ trust information.`;
}

/** The warning one invoice before the lock, to the advisor, or about them (`advisorName`) to someone viewing their dashboard. */
export function lockWarningText(unpaidInvoices: number, maxInvoices: number, advisorName: string | null = null): string {
  const invoices = `${unpaidInvoices} unpaid invoice${unpaidInvoices === 1 ? '' : 's'}`;
  return advisorName === null
    ? `You have ${invoices}. Features lock at ${maxInvoices}: please pay your outstanding balance to keep working on your clients' trusts.`
    : `${advisorName} has ${invoices}. Features lock at ${maxInvoices}: the outstanding balance must be paid to keep working on their clients' trusts.`;
}

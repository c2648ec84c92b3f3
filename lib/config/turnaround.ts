/**
 * The expected turnaround the client reads after submitting (issue 27, "what happens next"):
 * `ATTORNEY_TURNAROUND_BUSINESS_DAYS`, the business days from the submission until the attorney has
 * prepared the documents, a promise the firm makes and sets here rather than a figure the app measures.
 * Unset, empty or not a whole number from 1 to 90: the default (as STALLED_AFTER_DAYS falls back to its own).
 * Server-side only (reads env); pages pass the number to client components as a prop.
 */
export const DEFAULT_ATTORNEY_TURNAROUND_BUSINESS_DAYS = 10;
export const MAX_ATTORNEY_TURNAROUND_BUSINESS_DAYS = 90;

export function attorneyTurnaroundBusinessDays(env: Record<string, string | undefined> = process.env): number {
  const raw = env.ATTORNEY_TURNAROUND_BUSINESS_DAYS?.trim();
  if (!raw || !/^\d+$/.test(raw)) return DEFAULT_ATTORNEY_TURNAROUND_BUSINESS_DAYS;
  const days = Number(raw);
  return days >= 1 && days <= MAX_ATTORNEY_TURNAROUND_BUSINESS_DAYS ? days : DEFAULT_ATTORNEY_TURNAROUND_BUSINESS_DAYS;
}

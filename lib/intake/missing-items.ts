/*
 * The warning shown before the Agreement and Receipt (platform §5): what the trust has none of. A warning,
 * not a refusal: a household may have no property or no bank account, and the attorney can ask.
 */

export type SubmissionCounts = {
  beneficiaries: number;
  trustees: number;
  properties: number;
  bankAccounts: number;
  /** Retirement and brokerage accounts together: one line of the warning. */
  retirementOrBrokerageAccounts: number;
};

export const MISSING_ITEM_LABELS: Record<keyof SubmissionCounts, string> = {
  beneficiaries: 'Beneficiaries',
  trustees: 'Successor trustees',
  properties: 'Properties',
  bankAccounts: 'Bank accounts',
  retirementOrBrokerageAccounts: 'Retirement or brokerage accounts',
};

/** The labels of what is missing, in the warning's order; empty when nothing is. */
export function missingItems(counts: SubmissionCounts): string[] {
  return (Object.keys(MISSING_ITEM_LABELS) as (keyof SubmissionCounts)[]).filter((key) => counts[key] <= 0).map((key) => MISSING_ITEM_LABELS[key]);
}

/*
 * Firm-specific rules (intake §6): the Financial Durable Power of Attorney is hidden, on the page and on the
 * server, for clients whose advisor's first firm (advisor_firms.position order) is named apsi or alpha 1,
 * compared in lower case with surrounding spaces trimmed.
 */
export const FIRMS_WITHOUT_FINANCIAL_POA = ['apsi', 'alpha 1'] as const;

export const FINANCIAL_POA_UNAVAILABLE = 'The Financial Durable Power of Attorney is not available for this client.';

/** Whether a client whose advisor's first firm has this name may have financial PoA agents. */
export function firmShowsFinancialPoa(firstFirmName: string | null | undefined): boolean {
  const name = (firstFirmName ?? '').trim().toLowerCase();
  return !(FIRMS_WITHOUT_FINANCIAL_POA as readonly string[]).includes(name);
}

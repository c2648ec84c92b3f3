import type { SubmissionFacts } from '@/lib/estate-plans/submitted';

/** The "submitted" rule's table (tests/unit/estate-plans/submitted.test.ts, tests/integration/submitted-rule.test.ts). */
export const SUBMITTED_CASES: [label: string, facts: SubmissionFacts, submitted: boolean][] = [
  ['nothing recorded', { latestPlanSubmitted: false, owner1Flag: false, owner2Flag: false }, false],
  ['a single client, nothing recorded', { latestPlanSubmitted: false, owner1Flag: false, owner2Flag: null }, false],
  ['the latest plan submitted', { latestPlanSubmitted: true, owner1Flag: false, owner2Flag: false }, true],
  ['the latest plan submitted, both flags (what the submission leaves)', { latestPlanSubmitted: true, owner1Flag: true, owner2Flag: true }, true],
  ["owner 1's flag alone (older data)", { latestPlanSubmitted: false, owner1Flag: true, owner2Flag: false }, true],
  ["owner 2's flag alone", { latestPlanSubmitted: false, owner1Flag: false, owner2Flag: true }, true],
  ['a single client with the flag', { latestPlanSubmitted: false, owner1Flag: true, owner2Flag: null }, true],
];

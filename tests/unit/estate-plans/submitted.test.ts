import { isTrustSubmitted } from '@/lib/estate-plans/submitted';
import { SUBMITTED_CASES } from '../../helpers/submitted-cases';

/* The one "submitted" rule (lib/estate-plans/submitted.ts), table cases; the SQL form and every user of the
 * rule are checked against the same table in tests/integration/submitted-rule.test.ts. */

describe('isTrustSubmitted', () => {
  it.each(SUBMITTED_CASES)('%s', (_label, facts, submitted) => {
    expect(isTrustSubmitted(facts)).toBe(submitted);
  });

  it("an older plan's submission is not a fact of the rule: only the latest plan counts", () => {
    // The facts carry the latest plan only; a household on a new plan after a submitted one is not submitted.
    expect(isTrustSubmitted({ latestPlanSubmitted: false, owner1Flag: false, owner2Flag: false })).toBe(false);
  });
});

import type { BeneficiaryTerms, BeneficiaryView, IntakeView } from '@/lib/intake/types';
import { flowOf, type EstateFlow, type EstateFlowResult } from '@/lib/estate-flow';
import { beneficiary, person, terms } from '../../components/intake/fake-household';

/*
 * Households for the estate flow's tests, over the intake's fake views (tests/components/intake/fake-household.ts):
 * a person or an entity beneficiary with each client's terms, and readers of a flow's result.
 */

export { child, guardian, household, person, terms, trustee } from '../../components/intake/fake-household';

/** The day minors are counted on. */
export const NOW = '2026-11-29';

const ownerOf = (t1: BeneficiaryTerms | null, t2: BeneficiaryTerms | null) => (t1 && t2 ? 'both' : t2 ? '2' : '1');

/** A person beneficiary named `first` Rivera with the client's and the spouse's terms. */
export function heir(first: string, t1: BeneficiaryTerms | null, t2: BeneficiaryTerms | null = null, more: Partial<BeneficiaryView> = {}): BeneficiaryView {
  return beneficiary({ person: person({ firstName: first, lastName: 'Rivera', dob: '1990-01-01' }), terms1: t1, terms2: t2, owner: ownerOf(t1, t2), ...more });
}

/** An entity beneficiary (a charity). */
export function charity(name: string, t1: BeneficiaryTerms | null, t2: BeneficiaryTerms | null = null): BeneficiaryView {
  return beneficiary({
    type: 'entity',
    person: null,
    entity: { name, identifierKind: 'ein', identifierLast4: '4321', date: null, isTrust: false },
    terms1: t1,
    terms2: t2,
    owner: ownerOf(t1, t2),
  });
}

export const primary = (share: string | null, more: Partial<BeneficiaryTerms> = {}) => terms('primary', share, more);
export const contingent = (share: string | null, more: Partial<BeneficiaryTerms> = {}) => terms('contingent', share, more);
export const tertiary = (share: string | null, more: Partial<BeneficiaryTerms> = {}) => terms('tertiary', share, more);
export const omitted = (reason: string) => terms('omitted', '0.00', { omissionReason: reason });
export const perStirpes = { isPerStirpes: true };

/** The flow of a scenario, failing the test when the household does not offer it. */
export function flow(view: IntakeView, id: string, now: string = NOW): EstateFlowResult {
  const result = flowOf(view, id, now);
  if (!result) throw new Error(`no scenario ${id}`);
  return result;
}

/** An estate's receipts as [name, share] pairs, in order. */
export const shares = (estate: EstateFlow) => estate.receipts.map((r) => [r.name, r.sharePercent]);

/** The total an estate hands out, exact (big.js through lib/money). */
export { sumMoney as totalOf } from '@/lib/money';

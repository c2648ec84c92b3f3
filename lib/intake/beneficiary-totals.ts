import { toBig } from '@/lib/money';
import type { BeneficiaryTerms, BeneficiaryView, Tier } from './types';

/*
 * Beneficiary percentages (intake §5): summed per client and per tier, omitted beneficiaries excluded, with
 * big.js (33.33 + 33.33 + 33.34 is exactly 100). Each tier's total must be 0 or 100; otherwise the
 * Percentage header turns red with TOTALS_WARNING and the rows of that client's tier turn red.
 */
export const TOTALS_WARNING = 'Beneficiary percentage(s) do not total to 100%';

const COUNTED_TIERS: Tier[] = ['primary', 'contingent', 'tertiary'];

export type TierTotal = { owner: 1 | 2; tier: Tier; total: string; ok: boolean };

/** Every client's total per tier (only tiers someone is on), each marked ok when it is 0 or 100. */
export function tierTotals(beneficiaries: readonly Pick<BeneficiaryView, 'terms1' | 'terms2'>[]): TierTotal[] {
  const totals: TierTotal[] = [];
  for (const owner of [1, 2] as const) {
    for (const tier of COUNTED_TIERS) {
      const shares = beneficiaries
        .map((b) => (owner === 1 ? b.terms1 : b.terms2))
        .filter((t): t is BeneficiaryTerms => t !== null && t.tier === tier)
        .map((t) => t.sharePercent);
      if (shares.length === 0) continue;
      const sum = shares.reduce((acc, share) => acc.plus(toBig(share)), toBig(0));
      totals.push({ owner, tier, total: sum.toFixed(2), ok: sum.eq(0) || sum.eq(100) });
    }
  }
  return totals;
}

/** Whether any client's tier is off (the header warning shows). */
export function hasTotalsError(beneficiaries: readonly Pick<BeneficiaryView, 'terms1' | 'terms2'>[]): boolean {
  return tierTotals(beneficiaries).some((t) => !t.ok);
}

/** Whether this beneficiary's row is red: one of its terms sits in a tier whose total is off. */
export function isInOffTier(beneficiary: Pick<BeneficiaryView, 'terms1' | 'terms2'>, totals: readonly TierTotal[]): boolean {
  return totals.some((t) => !t.ok && (t.owner === 1 ? beneficiary.terms1 : beneficiary.terms2)?.tier === t.tier);
}

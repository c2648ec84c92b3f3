import type { Big } from 'big.js';
import { toBig } from '@/lib/money';

/*
 * Share arithmetic of the estate flow, in big.js (never floats): splitting a share in proportion to
 * weights, and rounding an estate's exact shares to two decimals that still total exactly 100.00.
 */

const ROUND_DOWN = 0;

/** The total of some amounts (0 for none). */
export function total(values: readonly Big[]): Big {
  return values.reduce((sum, v) => sum.plus(v), toBig(0));
}

/**
 * `amount` split in proportion to `weights`; in equal parts when the weights total 0 (no shares given).
 * Exact up to big.js's 20 decimals; rounding waits for `roundToHundred`.
 */
export function splitInProportion(amount: Big, weights: readonly Big[]): Big[] {
  if (weights.length === 0) return [];
  const sum = total(weights);
  if (sum.eq(0)) return weights.map(() => amount.div(weights.length));
  return weights.map((w) => amount.times(w).div(sum));
}

/**
 * Exact percentages (totalling 100) as two-decimal strings that total exactly "100.00": each is cut to the
 * hundredth below, and the hundredths left over go one each to the largest remainders, the earlier in the
 * list first on a tie (the largest remainder method: 33.333… × 3 → 33.34, 33.33, 33.33).
 */
export function roundToHundred(exact: readonly Big[]): string[] {
  const hundredths = exact.map((e) => e.times(100));
  const floors = hundredths.map((h) => h.round(0, ROUND_DOWN));
  let left = Number(toBig(10000).minus(total(floors)).toFixed(0));
  const order = hundredths.map((h, i) => ({ i, remainder: h.minus(floors[i]!) })).sort((a, b) => b.remainder.cmp(a.remainder) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = floors[i]!.plus(1);
    left -= 1;
  }
  return floors.map((f) => f.div(100).toFixed(2));
}

/**
 * The trust fee as shown on marketing pages. Amounts stay decimal strings ("1495.00") end to end:
 * no floating-point arithmetic, and formatting hands the string to Intl, which treats it as an exact
 * decimal. Server-side only (reads env); pass formatted values to client components as props.
 */

/** A non-negative amount with at most two decimals, e.g. "995", "995.5", "995.00". */
const DECIMAL = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

export interface TrustPrices {
  /** Regular price, normalised to two decimals ("1495.00"). */
  full: string;
  /** Price for clients who arrive through an advisor's link ("995.00"). */
  discounted: string;
}

export const DEFAULT_TRUST_PRICE_FULL = '1495.00';
export const DEFAULT_TRUST_PRICE_DISCOUNTED = '995.00';

/** Validates a decimal amount string and returns it with exactly two decimals. */
export function normalizeAmount(value: string): string {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new Error(`Not a valid amount: "${value}"`);
  const whole = match[1].replace(/^0+(?=\d)/, '');
  const cents = (match[2] ?? '').padEnd(2, '0');
  return `${whole}.${cents}`;
}

/** Integer cents of a normalised amount, for exact comparisons and differences. */
function toCents(amount: string): bigint {
  const [whole, cents] = normalizeAmount(amount).split('.');
  return BigInt(whole) * 100n + BigInt(cents);
}

function fromCents(cents: bigint): string {
  const whole = cents / 100n;
  const rest = (cents % 100n).toString().padStart(2, '0');
  return `${whole}.${rest}`;
}

/** Reads TRUST_PRICE_FULL / TRUST_PRICE_DISCOUNTED; refuses a discount above the full price. */
export function readTrustPrices(env: Record<string, string | undefined> = process.env): TrustPrices {
  const full = normalizeAmount(env.TRUST_PRICE_FULL?.trim() || DEFAULT_TRUST_PRICE_FULL);
  const discounted = normalizeAmount(env.TRUST_PRICE_DISCOUNTED?.trim() || DEFAULT_TRUST_PRICE_DISCOUNTED);
  if (toCents(discounted) > toCents(full)) {
    throw new Error(`TRUST_PRICE_DISCOUNTED (${discounted}) is higher than TRUST_PRICE_FULL (${full})`);
  }
  return { full, discounted };
}

export const trustPrices: TrustPrices = readTrustPrices();

/** What the advisor discount saves, as a normalised amount ("500.00"). */
export function savingsAmount(prices: TrustPrices = trustPrices): string {
  return fromCents(toCents(prices.full) - toCents(prices.discounted));
}

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** US-style price: "$1,495" for whole dollars, "$1,495.50" otherwise. */
export function formatUsd(amount: string): string {
  const normalized = normalizeAmount(amount);
  // Intl treats a numeric string as an exact decimal (no float conversion).
  const exact = normalized as Intl.StringNumericLiteral;
  return normalized.endsWith('.00') ? wholeDollars.format(exact) : withCents.format(exact);
}

export const DEFAULT_TRUST_PRICE_ANNUAL = '95.00';

/**
 * The annual recurring charge for amendments and revisions (platform §9), from TRUST_PRICE_ANNUAL; '0.00'
 * turns it off. The spec gives no value: the default is ours (docs/decisions.md, "Payments in the product").
 */
export function readAnnualPrice(env: Record<string, string | undefined> = process.env): string {
  return normalizeAmount(env.TRUST_PRICE_ANNUAL?.trim() || DEFAULT_TRUST_PRICE_ANNUAL);
}

/**
 * What every page that states the trust's price says of the annual charge, so that no price is shown
 * without it (automatic-renewal practice: the recurring terms stand beside the price, before any payment).
 * Null when the annual charge is off. `annual` is an amount ('95.00').
 */
export function annualChargeNote(annual: string = readAnnualPrice()): string | null {
  if (toCents(annual) === 0n) return null;
  return `Plus ${formatUsd(annual)} a year for amendments and revisions, first charged one year after you pay, to a payment method you choose to save. Cancel any time in Settings.`;
}

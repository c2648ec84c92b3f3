import BigJs from 'big.js';
import type { Big, BigSource } from 'big.js';

// A private constructor so settings here never leak into (or from) other users of big.js.
const Money = BigJs();
Money.DP = 20;
Money.RM = Money.roundHalfUp;

/** Anything that may hold an amount: a database numeric string, user input with '$' and ',', a Big, or nothing. */
export type MoneyInput = string | number | Big | null | undefined;

/** Parses an amount into a Big, or null when it is not a number. Empty input is null too. */
export function parseMoney(value: MoneyInput): Big | null {
  if (value == null) return null;
  if (typeof value === 'number') {
    return Number.isFinite(value) ? new Money(value) : null;
  }
  if (typeof value !== 'string') return new Money(value as BigSource);
  // Accept what people type and what masks display: '$1,234.50', ' 12 ', '-5'.
  const cleaned = value.replace(/[$,\s]/g, '');
  if (cleaned === '' || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return null;
  return new Money(cleaned);
}

/** Converts an amount to Big, treating null and empty input as 0; throws on text that is not a number. */
export function toBig(value: MoneyInput): Big {
  if (value == null || (typeof value === 'string' && value.trim() === '')) return new Money(0);
  const parsed = parseMoney(value);
  if (!parsed) throw new RangeError(`Not a monetary amount: ${String(value)}`);
  return parsed;
}

/** The amount as a plain 2-decimal string ('1234.50'), the shape stored in numeric(12,2) columns. */
export function toMoneyString(value: MoneyInput): string {
  return toBig(value).toFixed(2);
}

/** Sums amounts exactly (no JS float arithmetic) and returns a 2-decimal string; null and '' count as 0. */
export function sumMoney(values: readonly MoneyInput[]): string {
  return values.reduce<Big>((total, value) => total.plus(toBig(value)), new Money(0)).toFixed(2);
}

/** a - b as a 2-decimal string. */
export function subtractMoney(a: MoneyInput, b: MoneyInput): string {
  return toBig(a).minus(toBig(b)).toFixed(2);
}

/** Amount × factor (e.g. a discount rate) rounded half-up to cents, as a 2-decimal string. */
export function multiplyMoney(amount: MoneyInput, factor: MoneyInput): string {
  return toBig(amount).times(toBig(factor)).toFixed(2);
}

/**
 * The amount in integer cents, the unit payment gateways count in: '1,244.50' → 124450, '$0.01' → 1. Exact
 * (big.js, never float arithmetic); an amount with a fraction of a cent, or one past the exact range of a JS
 * number, throws instead of being rounded (money is never silently changed). Null and '' are 0.
 */
export function toCents(value: MoneyInput): number {
  const cents = toBig(value).times(100);
  if (!cents.eq(cents.round(0, Money.roundDown))) throw new RangeError(`Not a whole number of cents: ${String(value)}`);
  const whole = Number(cents.toFixed(0));
  if (!Number.isSafeInteger(whole)) throw new RangeError(`Amount out of range: ${String(value)}`);
  return whole;
}

/** Integer cents back to the 2-decimal string stored in numeric(12,2) columns: 124450 → '1244.50'. */
export function fromCents(cents: number | string): string {
  const parsed = typeof cents === 'number' ? (Number.isSafeInteger(cents) ? new Money(cents) : null) : /^-?\d+$/.test(cents) ? new Money(cents) : null;
  if (!parsed) throw new RangeError(`Not a whole number of cents: ${String(cents)}`);
  return parsed.div(100).toFixed(2);
}

/** US currency display: '1234.5' → '$1,234.50', '-3' → '-$3.00'. Null and '' display as '$0.00'. */
export function formatUsd(value: MoneyInput): string {
  const fixed = toBig(value).toFixed(2);
  const negative = fixed.startsWith('-') && fixed !== '-0.00';
  const [whole = '0', cents = '00'] = fixed.replace('-', '').split('.');
  // Grouping on the string keeps large values exact, unlike Number#toLocaleString.
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${cents}`;
}

/** Digits with thousands separators, for whole-dollar inputs such as property value: '1234567' → '1,234,567'. */
export function formatThousands(value: MoneyInput): string {
  const parsed = parseMoney(value);
  if (!parsed) return '';
  const [whole = '0', fraction] = parsed.abs().toFixed().split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${parsed.lt(0) ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** True when the amount is greater than zero (null and '' are not). */
export function isPositive(value: MoneyInput): boolean {
  const parsed = parseMoney(value);
  return parsed !== null && parsed.gt(0);
}

/** True when the amount is zero or missing (null or ''); text that is not a number is not zero. */
export function isZero(value: MoneyInput): boolean {
  if (value == null || (typeof value === 'string' && value.trim() === '')) return true;
  return parseMoney(value)?.eq(0) ?? false;
}

/** Compares two amounts: -1, 0 or 1. */
export function compareMoney(a: MoneyInput, b: MoneyInput): -1 | 0 | 1 {
  return toBig(a).cmp(toBig(b)) as -1 | 0 | 1;
}

/** True when both amounts are numerically equal ('1.5' equals '1.50'). */
export function moneyEquals(a: MoneyInput, b: MoneyInput): boolean {
  return toBig(a).eq(toBig(b));
}

import {
  annualChargeNote,
  DEFAULT_TRUST_PRICE_DISCOUNTED,
  DEFAULT_TRUST_PRICE_FULL,
  formatUsd,
  normalizeAmount,
  readTrustPrices,
  savingsAmount,
} from '@/lib/config/pricing';

describe('normalizeAmount', () => {
  it.each([
    ['1495', '1495.00'],
    ['1495.5', '1495.50'],
    ['1495.00', '1495.00'],
    [' 995.00 ', '995.00'],
    ['0', '0.00'],
    ['0.05', '0.05'],
    ['007.10', '7.10'],
  ])('%p → %p', (input, expected) => {
    expect(normalizeAmount(input)).toBe(expected);
  });

  it.each(['', 'abc', '1,495.00', '$1495', '-5', '1495.001', '1e3', '.50', '1495.'])('rejects %p', (input) => {
    expect(() => normalizeAmount(input)).toThrow(/Not a valid amount/);
  });
});

describe('formatUsd', () => {
  it.each([
    ['1495.00', '$1,495'],
    ['995.00', '$995'],
    ['1495.50', '$1,495.50'],
    ['1495.5', '$1,495.50'],
    ['0.01', '$0.01'],
    ['0', '$0'],
    ['1234567.89', '$1,234,567.89'],
    // Beyond float precision: the string is formatted exactly.
    ['123456789012.35', '$123,456,789,012.35'],
  ])('%p → %p', (input, expected) => {
    expect(formatUsd(input)).toBe(expected);
  });

  it('refuses what is not an amount', () => {
    expect(() => formatUsd('NaN')).toThrow();
  });
});

describe('readTrustPrices', () => {
  it('falls back to the defaults', () => {
    expect(readTrustPrices({})).toEqual({ full: '1495.00', discounted: '995.00' });
    expect(DEFAULT_TRUST_PRICE_FULL).toBe('1495.00');
    expect(DEFAULT_TRUST_PRICE_DISCOUNTED).toBe('995.00');
  });

  it('treats blank values as unset', () => {
    expect(readTrustPrices({ TRUST_PRICE_FULL: ' ', TRUST_PRICE_DISCOUNTED: '' })).toEqual({
      full: '1495.00',
      discounted: '995.00',
    });
  });

  it('reads and normalises the environment', () => {
    expect(readTrustPrices({ TRUST_PRICE_FULL: '1750', TRUST_PRICE_DISCOUNTED: '1250.5' })).toEqual({
      full: '1750.00',
      discounted: '1250.50',
    });
  });

  it('allows a discount equal to the full price', () => {
    expect(readTrustPrices({ TRUST_PRICE_FULL: '995', TRUST_PRICE_DISCOUNTED: '995.00' }).discounted).toBe('995.00');
  });

  it('refuses a discount above the full price', () => {
    expect(() => readTrustPrices({ TRUST_PRICE_FULL: '900.00', TRUST_PRICE_DISCOUNTED: '900.01' })).toThrow(/higher than TRUST_PRICE_FULL/);
  });

  it('refuses malformed values', () => {
    expect(() => readTrustPrices({ TRUST_PRICE_FULL: '1.495,00' })).toThrow(/Not a valid amount/);
  });
});

describe('savingsAmount', () => {
  it.each([
    [{ full: '1495.00', discounted: '995.00' }, '500.00'],
    [{ full: '0.30', discounted: '0.10' }, '0.20'], // 0.3 - 0.1 in floats is 0.19999999999999998
    [{ full: '1000.00', discounted: '999.99' }, '0.01'],
    [{ full: '995.00', discounted: '995.00' }, '0.00'],
  ])('%p saves %p', (prices, expected) => {
    expect(savingsAmount(prices)).toBe(expected);
  });
});

describe('annualChargeNote', () => {
  it('states the annual charge, when it is first charged, what it needs and how to cancel', () => {
    expect(annualChargeNote('95.00')).toBe(
      'Plus $95 a year for amendments and revisions, first charged one year after you pay, to a payment method you choose to save. Cancel any time in Settings.',
    );
    expect(annualChargeNote('120.50')).toMatch(/^Plus \$120\.50 a year/);
  });

  it('says nothing when the annual charge is off', () => {
    expect(annualChargeNote('0.00')).toBeNull();
  });
});

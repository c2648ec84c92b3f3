import {
  compareMoney,
  formatThousands,
  formatUsd,
  fromCents,
  isPositive,
  isZero,
  moneyEquals,
  multiplyMoney,
  parseMoney,
  subtractMoney,
  sumMoney,
  toBig,
  toCents,
  toMoneyString,
} from '@/lib/money';

describe('toBig / parseMoney', () => {
  it.each([
    ['1234.5', '1234.5'],
    ['$1,234.50', '1234.5'],
    [' 12 ', '12'],
    ['-5', '-5'],
    ['.5', '0.5'],
    [0.1, '0.1'],
    [42, '42'],
    [null, '0'],
    [undefined, '0'],
    ['', '0'],
  ])('toBig(%p) → %p', (input, expected) => {
    expect(toBig(input).toString()).toBe(expected);
  });

  it.each(['abc', '1.2.3', '12a', '--1'])('toBig(%p) throws', (input) => {
    expect(() => toBig(input)).toThrow(RangeError);
  });

  it.each([
    ['abc', null],
    ['', null],
    [null, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    ['10.00', '10'],
  ])('parseMoney(%p) → %p', (input, expected) => {
    expect(parseMoney(input)?.toString() ?? null).toBe(expected);
  });

  it('accepts a Big', () => {
    expect(toBig(toBig('3.30')).toString()).toBe('3.3');
  });
});

describe('sumMoney', () => {
  it.each<[Array<string | number | null>, string]>([
    [['0.1', '0.2'], '0.30'], // 0.1 + 0.2 !== 0.3 in floats
    [[0.1, 0.2], '0.30'],
    [['1234.56', '0.44', null, ''], '1235.00'],
    [['19.99', '19.99', '19.99'], '59.97'],
    [['100', '-25.50'], '74.50'],
    [['0.005'], '0.01'], // half-up
    [[], '0.00'],
    [['99999999999.99', '0.01'], '100000000000.00'],
  ])('%p → %p', (values, expected) => {
    expect(sumMoney(values)).toBe(expected);
  });
});

describe('arithmetic', () => {
  it.each([
    ['subtractMoney', () => subtractMoney('10.10', '0.20'), '9.90'],
    ['subtractMoney below zero', () => subtractMoney('1', '2.5'), '-1.50'],
    ['multiplyMoney', () => multiplyMoney('199.99', '0.85'), '169.99'],
    ['multiplyMoney rounds half up', () => multiplyMoney('0.10', '0.05'), '0.01'],
    ['toMoneyString', () => toMoneyString('12.3'), '12.30'],
    ['toMoneyString null', () => toMoneyString(null), '0.00'],
  ])('%s', (_name, run, expected) => {
    expect(run()).toBe(expected);
  });
});

describe('formatUsd', () => {
  it.each([
    ['1234.5', '$1,234.50'],
    ['0', '$0.00'],
    ['0.1', '$0.10'],
    ['999', '$999.00'],
    ['1000', '$1,000.00'],
    ['1234567.891', '$1,234,567.89'],
    ['-1234.5', '-$1,234.50'],
    ['-0.001', '$0.00'], // rounds to zero: no minus sign
    ['$2,500', '$2,500.00'],
    [1234.5, '$1,234.50'],
    [null, '$0.00'],
    ['', '$0.00'],
    ['12345678901234567890.12', '$12,345,678,901,234,567,890.12'], // beyond float precision
  ])('%p → %p', (input, expected) => {
    expect(formatUsd(input)).toBe(expected);
  });
});

describe('formatThousands', () => {
  it.each([
    ['1234567', '1,234,567'],
    ['1,234', '1,234'],
    ['999', '999'],
    ['-1000', '-1,000'],
    ['1000.5', '1,000.5'],
    ['', ''],
    ['abc', ''],
  ])('%p → %p', (input, expected) => {
    expect(formatThousands(input)).toBe(expected);
  });
});

describe('predicates', () => {
  it.each([
    ['0.01', true, false],
    ['0', false, true],
    ['0.00', false, true],
    ['-1', false, false],
    [null, false, true],
    ['', false, true],
    ['abc', false, false],
  ])('%p → positive %p, zero %p', (input, positive, zero) => {
    expect(isPositive(input)).toBe(positive);
    expect(isZero(input)).toBe(zero);
  });

  it.each([
    ['1.5', '1.50', 0, true],
    ['2', '10', -1, false],
    ['10', '2', 1, false],
  ])('compare %p with %p', (a, b, order, equal) => {
    expect(compareMoney(a, b)).toBe(order);
    expect(moneyEquals(a, b)).toBe(equal);
  });
});

describe('toCents / fromCents (what the payment gateway is sent and answers)', () => {
  it.each([
    ['1,244.50', 124450],
    ['$1,244.50', 124450],
    ['0.01', 1],
    ['$0.01', 1],
    ['995', 99500],
    ['1495.00', 149500],
    [0.1, 10],
    ['', 0],
    [null, 0],
    ['-3.10', -310],
    ['9999999999.99', 999999999999],
  ])('toCents(%p) → %p', (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it('sums in big.js before turning into cents: 0.1 + 0.2 is 30 cents, 414.83 + 414.83 + 414.84 is 124450', () => {
    expect(toCents(sumMoney(['0.1', '0.2']))).toBe(30);
    expect(toCents(sumMoney(['414.83', '414.83', '414.84']))).toBe(124450);
    expect(toCents(sumMoney([0.1, 0.2]))).toBe(30);
  });

  it.each(['10.005', '0.001', 'abc', '1e400'])('refuses %p instead of rounding it', (input) => {
    expect(() => toCents(input)).toThrow(RangeError);
  });

  it.each([
    [124450, '1244.50'],
    [1, '0.01'],
    [0, '0.00'],
    ['99500', '995.00'],
    [-310, '-3.10'],
  ])('fromCents(%p) → %p', (cents, amount) => {
    expect(fromCents(cents)).toBe(amount);
  });

  it.each([1.5, '1.5', 'x', Number.MAX_SAFE_INTEGER + 2])('fromCents refuses %p', (cents) => {
    expect(() => fromCents(cents)).toThrow(RangeError);
  });
});

import { formatSsn, isCompleteSsn, maskSsn, ssnLast4 } from '@/lib/format/ssn';

describe('maskSsn', () => {
  it.each([
    ['1234', 'XXX-XX-1234'],
    ['0001', 'XXX-XX-0001'],
    ['123456789', 'XXX-XX-6789'], // a full number still only shows its last four
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%p → %p', (input, expected) => {
    expect(maskSsn(input)).toBe(expected);
  });
});

describe('formatSsn', () => {
  it.each([
    ['123456789', '123-45-6789'],
    ['123-45-6789', '123-45-6789'],
    ['12345678', '12345678'],
    ['1234567890', '1234567890'],
    ['', ''],
    [null, ''],
  ])('%p → %p', (input, expected) => {
    expect(formatSsn(input)).toBe(expected);
  });
});

describe('isCompleteSsn', () => {
  it.each([
    ['123456789', true],
    ['123-45-6789', true],
    ['123-45-678', false],
    ['', false],
    [null, false],
  ])('%p → %p', (input, expected) => {
    expect(isCompleteSsn(input)).toBe(expected);
  });
});

describe('ssnLast4', () => {
  it.each([
    ['123-45-6789', '6789'],
    ['12', '12'],
    [null, ''],
  ])('%p → %p', (input, expected) => {
    expect(ssnLast4(input)).toBe(expected);
  });
});

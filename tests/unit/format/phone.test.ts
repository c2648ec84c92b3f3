import { digitsOnly, formatPhone, isCompletePhone } from '@/lib/format/phone';

describe('digitsOnly', () => {
  it.each([
    ['(555) 123-4567', '5551234567'],
    ['555.123.4567 ext', '5551234567'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    ['abc', ''],
  ])('%p → %p', (input, expected) => {
    expect(digitsOnly(input)).toBe(expected);
  });
});

describe('formatPhone', () => {
  it.each([
    ['5551234567', '(555) 123-4567'],
    ['555-123-4567', '(555) 123-4567'],
    ['(555) 123-4567', '(555) 123-4567'],
    ['555123456', '555123456'], // 9 digits: unchanged
    ['15551234567', '15551234567'], // 11 digits: unchanged
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['', ''],
    [null, ''],
  ])('%p → %p', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe('isCompletePhone', () => {
  it.each([
    ['(555) 123-4567', true],
    ['555123456', false],
    ['15551234567', false],
    [null, false],
  ])('%p → %p', (input, expected) => {
    expect(isCompletePhone(input)).toBe(expected);
  });
});

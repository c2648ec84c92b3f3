import { ageInMonths, ageLabel, blurDate, formatUsDate, isInvalidDob, isMinor, isValidUsDate, parseUsDate } from '@/lib/format/date';

describe('parseUsDate', () => {
  it.each([
    ['01/31/1980', '1980-01-31'],
    ['12/01/2024', '2024-12-01'],
    ['1/5/2020', '2020-01-05'],
    [' 07/04/1976 ', '1976-07-04'],
    ['02/29/2024', '2024-02-29'], // leap year
    ['02/29/2000', '2000-02-29'], // divisible by 400
    ['02/29/2023', null],
    ['02/29/1900', null], // divisible by 100, not 400
    ['04/31/2020', null],
    ['13/01/2020', null],
    ['00/10/2020', null],
    ['01/00/2020', null],
    ['01/32/2020', null],
    ['01/01/0000', null],
    ['2020-01-01', null],
    ['01/01/20', null],
    ['__/__/____', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%p → %p', (input, expected) => {
    expect(parseUsDate(input)).toBe(expected);
    expect(isValidUsDate(input)).toBe(expected !== null);
  });
});

describe('formatUsDate', () => {
  it.each([
    ['1980-01-31', '01/31/1980'],
    ['2024-02-29', '02/29/2024'],
    ['2024-12-01T00:00:00.000Z', '12/01/2024'],
    ['2023-02-29', ''],
    ['01/31/1980', ''],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%p → %p', (input, expected) => {
    expect(formatUsDate(input)).toBe(expected);
  });

  it('round-trips with parseUsDate', () => {
    expect(parseUsDate(formatUsDate('1999-09-09'))).toBe('1999-09-09');
  });
});

describe('blurDate (clears a month outside 1-12 or a day outside 1-31)', () => {
  it.each([
    ['01/31/1980', '01/31/1980'],
    ['12/01/2024', '12/01/2024'],
    ['02/31/2020', '02/31/2020'], // day within 1-31 is kept; the schema rejects the impossible date
    ['13/01/2020', ''],
    ['00/10/2020', ''],
    ['01/32/2020', ''],
    ['01/00/2020', ''],
    ['12/', ''],
    ['12', ''],
    ['', ''],
    [null, ''],
  ])('%p → %p', (input, expected) => {
    expect(blurDate(input)).toBe(expected);
  });
});

describe('ageLabel', () => {
  const today = '2024-06-15';
  it.each([
    ['06/15/2024', '0 months'], // born today
    ['05/15/2024', '1 month'],
    ['05/16/2024', '0 months'], // a month not yet complete
    ['12/15/2023', '6 months'],
    ['06/16/2023', '11 months'],
    ['06/15/2023', '1 year'],
    ['06/16/2022', '1 year'],
    ['06/15/2022', '2 years'],
    ['06/15/2006', '18 years'],
    ['06/16/1904', '119 years'],
    ['06/15/1904', 'Invalid DoB'], // 120 years
    ['01/01/1800', 'Invalid DoB'],
    ['06/16/2024', 'Invalid DoB'], // tomorrow
    ['02/30/2020', 'Invalid DoB'],
    ['', 'Invalid DoB'],
    [null, 'Invalid DoB'],
    ['2000-06-15', '24 years'], // ISO input is accepted too
  ])('%p → %p', (dob, expected) => {
    expect(ageLabel(dob, today)).toBe(expected);
  });

  it('accepts a Date for today', () => {
    expect(ageLabel('01/01/2000', new Date(2024, 0, 1))).toBe('24 years');
  });

  it('counts a 29 February birthday whole months by day of month', () => {
    expect(ageInMonths('02/29/2020', '2021-02-28')).toBe(11);
    expect(ageInMonths('02/29/2020', '2021-03-01')).toBe(12);
  });
});

describe('isMinor / isInvalidDob', () => {
  const today = '2024-06-15';
  it.each([
    ['06/16/2006', true, false], // 17 years, turns 18 tomorrow
    ['06/15/2006', false, false], // 18 today
    ['01/01/2024', true, false],
    ['01/01/1970', false, false],
    ['06/16/2024', false, true], // future
    ['06/15/1904', false, true], // 120 years
    ['13/13/2000', false, true],
    [null, false, true],
  ])('%p → minor %p, invalid %p', (dob, minor, invalid) => {
    expect(isMinor(dob, today)).toBe(minor);
    expect(isInvalidDob(dob, today)).toBe(invalid);
  });
});

import { fullName, initials, lastFirst, NAME_PATTERN, shortName, STREET_PATTERN } from '@/lib/format/names';

const john = { first: 'John', middle: 'Quincy', last: 'Public', suffix: 'Jr.' };

describe('name formatting', () => {
  it.each([
    [john, 'John Quincy Public Jr.', 'John Public', 'Public Jr., John Quincy', 'JQP'],
    [{ first: 'Ann', last: 'Lee' }, 'Ann Lee', 'Ann Lee', 'Lee, Ann', 'AL'],
    [{ first: '  mary ', middle: null, last: ' o\'neil  ', suffix: '' }, "mary o'neil", "mary o'neil", "o'neil, mary", 'MO'],
    [{ first: 'Cher' }, 'Cher', 'Cher', 'Cher', 'C'],
    [{ last: 'Smith', suffix: 'III' }, 'Smith III', 'Smith', 'Smith III', 'S'],
    [{}, '', '', '', ''],
  ])('%o', (name, full, short, sorted, letters) => {
    expect(fullName(name)).toBe(full);
    expect(shortName(name)).toBe(short);
    expect(lastFirst(name)).toBe(sorted);
    expect(initials(name)).toBe(letters);
  });
});

describe('NAME_PATTERN', () => {
  it.each([
    ["O'Neil", true],
    ['Mary-Jane', true],
    ['St. John', true],
    ['José', true],
    ['R2D2', false],
    ['Bob!', false],
  ])('%p → %p', (value, ok) => {
    expect(NAME_PATTERN.test(value)).toBe(ok);
  });
});

describe('STREET_PATTERN', () => {
  it.each([
    ["123 Main St., Apt 4-B", true],
    ["1 O'Hare Way", true],
    ['12 Main #4', false],
  ])('%p → %p', (value, ok) => {
    expect(STREET_PATTERN.test(value)).toBe(ok);
  });
});

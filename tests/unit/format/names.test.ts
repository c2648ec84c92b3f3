import {
  fullName,
  initials,
  keepNameCharacters,
  keepStreetCharacters,
  lastFirst,
  NAME_PATTERN,
  normalizeTypedText,
  shortName,
  STREET_PATTERN,
} from '@/lib/format/names';

const john = { first: 'John', middle: 'Quincy', last: 'Public', suffix: 'Jr.' };

describe('name formatting', () => {
  it.each([
    [john, 'John Quincy Public Jr.', 'John Public', 'Public Jr., John Quincy', 'JQP'],
    [{ first: 'Ann', last: 'Lee' }, 'Ann Lee', 'Ann Lee', 'Lee, Ann', 'AL'],
    [{ first: '  mary ', middle: null, last: " o'neil  ", suffix: '' }, "mary o'neil", "mary o'neil", "o'neil, mary", 'MO'],
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
    ['Jose\u0301', true],
    ["Zoë O'Brien-Smith Jr.", true],
    ['Ñúñez Åström', true],
    ['R2D2', false],
    ['Bob!', false],
  ])('%p → %p', (value, ok) => {
    expect(NAME_PATTERN.test(value)).toBe(ok);
  });
});

describe('STREET_PATTERN', () => {
  it.each([
    ['123 Main St., Apt 4-B', true],
    ["1 O'Hare Way", true],
    ['12 Main #4', false],
  ])('%p → %p', (value, ok) => {
    expect(STREET_PATTERN.test(value)).toBe(ok);
  });
});

// Issue 18: what name and street fields keep of typed or pasted text (the filter as typed, platform §5).
describe('keepNameCharacters / keepStreetCharacters', () => {
  it.each([
    ['Ann3#e', 'Anne', 'Ann3e'],
    ["José Zoë O'Brien-Smith Jr.", "José Zoë O'Brien-Smith Jr.", "José Zoë O'Brien-Smith Jr."],
    ['O’Brien', "O'Brien", "O'Brien"],
    ['Jose\u0301', 'José', 'José'],
    ['Mary\tAnn', 'Mary Ann', 'Mary Ann'],
    ['12 Main St., Apt #4-B', ' Main St. Apt -B', '12 Main St., Apt 4-B'],
    ['<script>x\u0000', 'scriptx', 'scriptx'],
  ])('%p → name %p, street %p', (typed, name, street) => {
    expect(keepNameCharacters(typed)).toBe(name);
    expect(keepStreetCharacters(typed)).toBe(street);
    expect(NAME_PATTERN.test(name)).toBe(true);
    expect(STREET_PATTERN.test(street)).toBe(true);
  });

  it('normalizes composed accents, typographic apostrophes and other whitespace', () => {
    expect(normalizeTypedText('Jose\u0301 O\u2019Neil\u00a0Jr.')).toBe("José O'Neil Jr.");
  });
});

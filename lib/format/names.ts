/** The parts of a person's name as stored on `persons`. */
export type NameParts = {
  first?: string | null;
  middle?: string | null;
  last?: string | null;
  suffix?: string | null;
};

// The characters each kind of field takes (platform §5), written once for the server's check and the
// form's filter as typed. Letters include accented ones, also when typed as a letter plus combining mark.
const NAME_CHARACTERS = "\\p{L}\\p{M}'.\\- ";
const STREET_CHARACTERS = "\\p{L}\\p{M}\\d'.\\-, ";

/** Name fields accept letters, apostrophe, period, hyphen and space (letters include accented ones). */
export const NAME_PATTERN = new RegExp(`^[${NAME_CHARACTERS}]*$`, 'u');

/** Street fields accept letters, digits, apostrophe, period, hyphen, comma and space. */
export const STREET_PATTERN = new RegExp(`^[${STREET_CHARACTERS}]*$`, 'u');

const NOT_NAME = new RegExp(`[^${NAME_CHARACTERS}]`, 'gu');
const NOT_STREET = new RegExp(`[^${STREET_CHARACTERS}]`, 'gu');
// Phones and word processors type ’ for an apostrophe (O’Brien); it is the apostrophe the spec allows.
const TYPOGRAPHIC_APOSTROPHES = /[\u2018\u2019\u02BC]/g;

/**
 * Name or street text as the rules read it: accents composed (NFC: 'e' + U+0301 is 'é'), typographic
 * apostrophes as ', and any other whitespace (a pasted tab or line break) as a space.
 */
export function normalizeTypedText(text: string): string {
  return text.normalize('NFC').replace(TYPOGRAPHIC_APOSTROPHES, "'").replace(/\s/g, ' ');
}

/** What a name field keeps of typed or pasted text: its name characters, in order ('Ann3#e' → 'Anne'). */
export function keepNameCharacters(text: string): string {
  return normalizeTypedText(text).replace(NOT_NAME, '');
}

/** What a street field keeps of typed or pasted text: its street characters, in order ('12 Main #4' → '12 Main 4'). */
export function keepStreetCharacters(text: string): string {
  return normalizeTypedText(text).replace(NOT_STREET, '');
}

function clean(part: string | null | undefined): string {
  return (part ?? '').trim().replace(/\s+/g, ' ');
}

/** 'First Middle Last Suffix', skipping empty parts. */
export function fullName(name: NameParts): string {
  return [name.first, name.middle, name.last, name.suffix].map(clean).filter(Boolean).join(' ');
}

/** 'First Last', for compact places such as table cells and greetings. */
export function shortName(name: NameParts): string {
  return [name.first, name.last].map(clean).filter(Boolean).join(' ');
}

/** 'Last Suffix, First Middle', for lists sorted by surname. */
export function lastFirst(name: NameParts): string {
  const family = [name.last, name.suffix].map(clean).filter(Boolean).join(' ');
  const given = [name.first, name.middle].map(clean).filter(Boolean).join(' ');
  return family && given ? `${family}, ${given}` : family || given;
}

/** Upper-case initials of first, middle and last names ('John Q Public' → 'JQP'). */
export function initials(name: NameParts): string {
  return [name.first, name.middle, name.last]
    .map(clean)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

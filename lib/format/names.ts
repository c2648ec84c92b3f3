/** The parts of a person's name as stored on `persons`. */
export type NameParts = {
  first?: string | null;
  middle?: string | null;
  last?: string | null;
  suffix?: string | null;
};


/** Name fields accept letters, apostrophe, period, hyphen and space (letters include accented ones). */
export const NAME_PATTERN = /^[\p{L}'.\- ]*$/u;

/** Street fields accept letters, digits, apostrophe, period, hyphen, comma and space. */
export const STREET_PATTERN = /^[\p{L}\d'.\-, ]*$/u;

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

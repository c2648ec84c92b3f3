/*
 * The name a document is shown under, and the duplicate rule (platform spec §5). The display shortening
 * (over 30 characters: first 26 + '...' + last 4) is shortenFileName in lib/format/file-name.ts.
 * No Node APIs: the upload form can apply the same rules.
 */

/** Longest shown name, in characters (code points), the extension included. */
export const MAX_FILE_NAME_LENGTH = 200;

/** Stem used when nothing of the upload's own name is left: 'document.pdf'. */
export const FALLBACK_FILE_STEM = 'document';

// Control characters (C0, DEL, C1; NUL included) and the bidirectional controls that can disguise an
// extension ('invoice\u202Efdp.exe' shows as 'invoiceexe.pdf').
const UNSAFE_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** An extension kept through shortening: a dot and 1 to 10 letters or digits. */
const EXTENSION = /\.[\p{L}\p{N}]{1,10}$/u;

function splitExtension(name: string): { stem: string; extension: string } {
  const match = EXTENSION.exec(name);
  return match ? { stem: name.slice(0, match.index), extension: match[0] } : { stem: name, extension: '' };
}

/**
 * The shown name of an upload: only the last path part (after the last / or \), without control or
 * bidirectional-control characters, Unicode-normalised (NFC), trimmed, at most 200 characters with the
 * extension kept; a name with nothing before its extension becomes 'document.<ext>'.
 */
export function cleanFileName(raw: string | null | undefined): string {
  const lastPart = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = lastPart.replace(UNSAFE_CHARACTERS, '').normalize('NFC').trim();
  const { stem, extension } = splitExtension(cleaned);
  const trimmedStem = stem.trim();
  if (trimmedStem === '' || /^\.+$/.test(trimmedStem)) return extension ? `${FALLBACK_FILE_STEM}${extension.toLowerCase()}` : '';
  const stemChars = Array.from(trimmedStem);
  const room = MAX_FILE_NAME_LENGTH - Array.from(extension).length;
  if (stemChars.length <= room) return `${trimmedStem}${extension}`;
  return `${stemChars.slice(0, room).join('').trimEnd()}${extension}`;
}

/** What two names are compared by: cleaned the same way, then lowercase. */
export function fileNameKey(name: string): string {
  return cleanFileName(name).toLowerCase();
}

/** True when `name` equals one of `existingNames` compared case-insensitively, after the same cleaning. */
export function isDuplicateFileName(name: string, existingNames: Iterable<string>): boolean {
  const key = fileNameKey(name);
  for (const existing of existingNames) {
    if (fileNameKey(existing) === key) return true;
  }
  return false;
}

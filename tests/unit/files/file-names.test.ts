import { cleanFileName, fileNameKey, isDuplicateFileName, MAX_FILE_NAME_LENGTH } from '@/lib/files/file-names';
import { shortenFileName } from '@/lib/format/file-name';

describe('cleanFileName', () => {
  it.each([
    ['Final Trust.pdf', 'Final Trust.pdf'],
    ['  padded name.pdf  ', 'padded name.pdf'],
    // Path parts, either separator, including traversal.
    ['../../etc/passwd.txt', 'passwd.txt'],
    ['..\\..\\Windows\\win.ini.txt', 'win.ini.txt'],
    ['C:\\Users\\pat\\Documents\\Trust.pdf', 'Trust.pdf'],
    ['/var/tmp/scan.png', 'scan.png'],
    ['folder/', ''],
    ['../', ''],
    // NUL and other control characters, anywhere.
    ['trust\u0000.pdf', 'trust.pdf'],
    ['trust.pdf\u0000.exe', 'trust.pdf.exe'],
    ['line\r\nbreak.txt', 'linebreak.txt'],
    ['tab\there.txt', 'tabhere.txt'],
    ['del\u007Fete.txt', 'delete.txt'],
    ['c1\u0085control.txt', 'c1control.txt'],
    // Bidirectional controls that disguise an extension.
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['a\u2066b\u2069.pdf', 'ab.pdf'],
    // Nothing before the extension: 'document.<ext>'.
    ['.pdf', 'document.pdf'],
    ['   .PDF', 'document.pdf'],
    ['\u0000\u0000.png', 'document.png'],
    ['../.txt', 'document.txt'],
    ['...pdf', 'document.pdf'],
    ['', ''],
    ['   ', ''],
    // Unicode kept, in one normal form (macOS sends decomposed names).
    ['Cafe\u0301 notes.txt', 'Caf\u00e9 notes.txt'],
    ['Трест.pdf', 'Трест.pdf'],
    ['📄 draft.pdf', '📄 draft.pdf'],
  ])('%p → %p', (raw, expected) => {
    expect(cleanFileName(raw)).toBe(expected);
  });

  it('treats null and undefined as empty', () => {
    expect(cleanFileName(null)).toBe('');
    expect(cleanFileName(undefined)).toBe('');
  });

  it('limits a long name to 200 characters, keeping the extension', () => {
    const cleaned = cleanFileName(`${'a'.repeat(300)}.pdf`);
    expect(cleaned).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(cleaned).toBe(`${'a'.repeat(196)}.pdf`);
    expect(cleanFileName(`${'b'.repeat(196)}.pdf`)).toBe(`${'b'.repeat(196)}.pdf`);
    expect(cleanFileName(`${'b'.repeat(197)}.jpeg`)).toBe(`${'b'.repeat(195)}.jpeg`);
  });

  it('counts characters, not UTF-16 units, and never cuts one in half', () => {
    const cleaned = cleanFileName(`${'📄'.repeat(250)}.pdf`);
    expect(Array.from(cleaned)).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(cleaned.endsWith('📄.pdf')).toBe(true);
    expect(cleaned.isWellFormed()).toBe(true);
  });

  it('does not end a shortened stem with a space', () => {
    expect(cleanFileName(`${'a'.repeat(195)}      tail.txt`)).toBe(`${'a'.repeat(195)}.txt`);
  });

  it('limits a name without an extension too', () => {
    expect(cleanFileName('x'.repeat(500))).toHaveLength(MAX_FILE_NAME_LENGTH);
  });

  it('is idempotent', () => {
    for (const raw of ['../a\u0000b.pdf', ' .pdf', `${'z'.repeat(400)}.png`, 'Cafe\u0301.txt']) {
      expect(cleanFileName(cleanFileName(raw))).toBe(cleanFileName(raw));
    }
  });
});

describe('the duplicate rule: equal to a name of the plan, case-insensitively, after the same cleaning', () => {
  const existing = ['Final Trust.pdf', 'Engagement Letter.txt', 'Caf\u00e9.txt'];

  it.each([
    ['Final Trust.pdf', true],
    ['final trust.PDF', true],
    ['FINAL TRUST.pdf', true],
    ['  Final Trust.pdf ', true],
    ['C:\\fakepath\\Final Trust.pdf', true],
    ['Final\u0000 Trust.pdf', true],
    ['Cafe\u0301.txt', true],
    ['CAF\u00c9.TXT', true],
    ['Final Trust (1).pdf', false],
    ['Final Trust.txt', false],
    ['Final  Trust.pdf', false],
    ['Engagement Letter.pdf', false],
  ])('%p → %p', (name, duplicate) => {
    expect(isDuplicateFileName(name, existing)).toBe(duplicate);
  });

  it('finds nothing in a plan without files', () => {
    expect(isDuplicateFileName('a.pdf', [])).toBe(false);
  });

  it('compares by the same key both ways', () => {
    expect(fileNameKey('../X.PDF')).toBe(fileNameKey('x.pdf'));
  });
});

describe('display shortening (lib/format/file-name.ts, reused): over 30 characters → first 26 + "..." + last 4', () => {
  it.each([
    ['Final Trust.pdf', 'Final Trust.pdf'],
    ['Rivera Family Trust - Draft for Attorney Review.pdf', 'Rivera Family Trust - Draf....pdf'],
    [`${'a'.repeat(26)}.pdf`, `${'a'.repeat(26)}.pdf`],
    [`${'a'.repeat(27)}.pdf`, `${'a'.repeat(26)}....pdf`],
    [cleanFileName(`${'n'.repeat(300)}.jpeg`), `${'n'.repeat(26)}...jpeg`],
  ])('%p → %p', (name, shown) => {
    expect(shortenFileName(name)).toBe(shown);
  });
});

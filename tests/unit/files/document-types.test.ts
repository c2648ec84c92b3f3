import fs from 'node:fs';
import path from 'node:path';
import {
  createContentSniffer,
  DOCUMENT_ACCEPT,
  decideDocumentType,
  essenceOf,
  extensionOf,
  isPlainText,
  sniffContent,
  sniffDocumentType,
  typeForExtension,
} from '@/lib/files/document-types';

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, '../../fixtures/files', name)));
const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('sniffDocumentType: real sample files', () => {
  it.each([
    ['sample.pdf', 'application/pdf'],
    ['sample.png', 'image/png'],
    ['sample.jpg', 'image/jpeg'],
    ['sample.txt', 'text/plain'],
    ['script.txt', 'text/plain'],
    ['elf-program.pdf', null],
    ['windows-program.pdf', null],
    ['html-with-pdf-header.pdf', null],
    ['with-nul.txt', null],
    ['invalid-utf8.txt', null],
  ])('%s → %p', (file, expected) => {
    expect(sniffDocumentType(fixture(file))).toBe(expected);
  });
});

describe('sniffDocumentType: edges', () => {
  it('refuses an empty file', () => {
    expect(sniffDocumentType(new Uint8Array())).toBeNull();
  });

  it('wants %PDF- at offset 0, not after a byte order mark or a space', () => {
    expect(sniffDocumentType(utf8(' %PDF-1.4\n%%EOF\n'))).toBe('text/plain');
    expect(sniffDocumentType(utf8('\uFEFF%PDF-1.4\n%%EOF\n'))).toBe('text/plain');
    expect(sniffDocumentType(utf8('%PDF-1.4\n%%EOF\n'))).toBe('application/pdf');
  });

  it('wants %%EOF within the last 1024 bytes of a PDF', () => {
    const body = '%PDF-1.4\n%%EOF\n';
    expect(sniffDocumentType(utf8(body + ' '.repeat(1024 - 6)))).toBe('application/pdf');
    expect(sniffDocumentType(utf8(body + ' '.repeat(1024)))).toBeNull();
  });

  it('wants the whole PNG signature and the IHDR chunk after it', () => {
    const png = fixture('sample.png');
    expect(sniffDocumentType(png.slice(0, 8))).toBeNull();
    const broken = png.slice();
    broken[12] = 0x58; // 'XHDR'
    expect(sniffDocumentType(broken)).toBeNull();
  });

  it('knows JPEG by FF D8 FF and nothing shorter', () => {
    expect(sniffDocumentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffDocumentType(bytes(0xff, 0xd8))).toBeNull();
  });
});

describe('createContentSniffer: the same answer from pieces as from the whole (the server reads uploads from disk in pieces)', () => {
  const inPieces = (whole: Uint8Array, size: number) => {
    const sniffer = createContentSniffer();
    for (let i = 0; i < whole.length; i += size) sniffer.push(whole.subarray(i, i + size));
    return sniffer.result();
  };
  const samples: [string, Uint8Array][] = [
    ...['sample.pdf', 'sample.png', 'sample.jpg', 'sample.txt', 'elf-program.pdf', 'html-with-pdf-header.pdf', 'with-nul.txt', 'invalid-utf8.txt'].map(
      (name): [string, Uint8Array] => [name, fixture(name)],
    ),
    // %%EOF exactly at the edge of the last 1024 bytes, and just outside it.
    ['a PDF with %%EOF 1024 bytes from the end', utf8('%PDF-1.4\n%%EOF\n' + ' '.repeat(1024 - 6))],
    ['a PDF with %%EOF 1030 bytes from the end', utf8('%PDF-1.4\n%%EOF\n' + ' '.repeat(1024))],
    // Multi-byte characters cut between pieces; a sequence left unfinished at the very end.
    ['accents and emoji', utf8('café 📄 naïve '.repeat(50))],
    ['a truncated last character', new Uint8Array([...utf8('abc '.repeat(40)), 0xe2, 0x82])],
    ['a control character late in the text', utf8('x'.repeat(3000) + '\u001B')],
  ];
  it.each(samples)('%s', (_label, whole) => {
    const expected = sniffContent(whole);
    expect(expected.size).toBe(whole.byteLength);
    for (const size of [1, 2, 3, 7, 16, 100, 1023, 1024, 4096]) expect(inPieces(whole, size)).toEqual(expected);
  });

  it('counts the size of what it was given', () => {
    expect(inPieces(new Uint8Array(5000).fill(0x61), 333)).toEqual({ size: 5000, sniffedType: 'text/plain' });
    expect(createContentSniffer().result()).toEqual({ size: 0, sniffedType: null });
  });
});

describe('isPlainText', () => {
  it.each([
    ['tab, LF, CR, FF', '\ta\r\nb\fc', true],
    ['a UTF-8 BOM', '\uFEFFhello', true],
    ['emoji and accents', 'café 📄', true],
    ['NUL', 'a\u0000b', false],
    ['vertical tab', 'a\u000Bb', false],
    ['escape', 'a\u001B[31mb', false],
    ['backspace', 'a\u0008b', false],
  ])('%s → %p', (_label, text, expected) => {
    expect(isPlainText(utf8(text))).toBe(expected);
  });

  it.each([
    ['a lone continuation byte', [0x61, 0x80]],
    ['a truncated sequence', [0xe2, 0x82]],
    ['an overlong encoding', [0xc0, 0xaf]],
    ['a UTF-16 surrogate encoded in UTF-8', [0xed, 0xa0, 0x80]],
  ])('refuses invalid UTF-8: %s', (_label, values) => {
    expect(isPlainText(bytes(...values))).toBe(false);
  });
});

describe('extensions and declared types', () => {
  it.each([
    ['a.pdf', '.pdf'],
    ['A.PDF', '.pdf'],
    ['photo.JPeG', '.jpeg'],
    ['archive.tar.gz', '.gz'],
    ['noextension', ''],
  ])('extensionOf(%p) → %p', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });

  it('maps the five extensions to the four types and nothing else', () => {
    expect(['.pdf', '.txt', '.jpg', '.jpeg', '.png', '.PNG'].map(typeForExtension)).toEqual([
      'application/pdf',
      'text/plain',
      'image/jpeg',
      'image/jpeg',
      'image/png',
      'image/png',
    ]);
    for (const ext of ['.html', '.svg', '.exe', '.doc', '.docx', '.gif', '']) expect(typeForExtension(ext)).toBeNull();
  });

  it('reads a declared type without its parameters', () => {
    expect(essenceOf('Text/Plain; charset=UTF-8')).toBe('text/plain');
    expect(essenceOf(undefined)).toBe('');
  });

  it('offers the four types and five extensions to the file input', () => {
    expect(DOCUMENT_ACCEPT).toBe('application/pdf,.pdf,text/plain,.txt,image/jpeg,.jpg,.jpeg,image/png,.png');
  });
});

describe('decideDocumentType: extension, declared type and bytes must agree', () => {
  it.each([
    ['sample.pdf', 'Final Trust.pdf', 'application/pdf', 'application/pdf'],
    ['sample.png', 'scan.png', 'image/png', 'image/png'],
    ['sample.jpg', 'scan.jpg', 'image/jpeg', 'image/jpeg'],
    ['sample.jpg', 'scan.JPEG', 'image/jpeg', 'image/jpeg'],
    ['sample.txt', 'notes.txt', 'text/plain', 'text/plain'],
    ['sample.txt', 'notes.txt', 'text/plain;charset=utf-8', 'text/plain'],
    ['script.txt', 'notes.txt', 'text/plain', 'text/plain'],
    // A renamed executable, declared as the browser would from its name.
    ['elf-program.pdf', 'elf-program.pdf', 'application/pdf', null],
    ['windows-program.pdf', 'invoice.pdf', 'application/pdf', null],
    ['html-with-pdf-header.pdf', 'trust.pdf', 'application/pdf', null],
    ['with-nul.txt', 'notes.txt', 'text/plain', null],
    ['invalid-utf8.txt', 'notes.txt', 'text/plain', null],
    // Each of the three disagreeing with the other two.
    ['sample.txt', 'notes.pdf', 'application/pdf', null],
    ['sample.pdf', 'trust.pdf', 'text/plain', null],
    ['sample.pdf', 'trust.txt', 'application/pdf', null],
    ['sample.png', 'scan.jpg', 'image/jpeg', null],
    ['sample.png', 'scan.png', 'image/jpeg', null],
    // Allowed bytes under a name or type that is not allowed.
    ['sample.txt', 'page.html', 'text/html', null],
    ['sample.txt', 'notes', 'text/plain', null],
    ['sample.pdf', 'trust.pdf', '', null],
    ['sample.pdf', 'trust.pdf', 'application/octet-stream', null],
  ])('%s named %p declared %p → %p', (file, name, declaredType, expected) => {
    expect(decideDocumentType({ sniffedType: sniffDocumentType(fixture(file)), name, declaredType })).toBe(expected);
  });
});

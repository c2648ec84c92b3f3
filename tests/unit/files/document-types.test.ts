import fs from 'node:fs';
import path from 'node:path';
import { DOCUMENT_ACCEPT, decideDocumentType, essenceOf, extensionOf, isPlainText, sniffDocumentType, typeForExtension } from '@/lib/files/document-types';

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
    expect(decideDocumentType({ bytes: fixture(file), name, declaredType })).toBe(expected);
  });
});

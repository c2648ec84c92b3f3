import { documentIconOf, documentViewPath } from '@/lib/files/document-view';
import { sniffDocumentType } from '@/lib/files/document-types';
import { formatAppDate } from '@/lib/format/app-time';
import { demoPdf } from '@/lib/seed/demo-pdf';

describe('documentIconOf: pdf, text, image (png, jpg, jpeg) or a generic file', () => {
  it.each([
    ['Trust.pdf', 'application/pdf', 'pdf'],
    ['TRUST.PDF', null, 'pdf'],
    ['notes.txt', 'text/plain', 'text'],
    ['photo.png', 'image/png', 'image'],
    ['photo.JPG', null, 'image'],
    ['photo.jpeg', null, 'image'],
    ['scan', 'image/jpeg', 'image'],
    ['archive.zip', 'application/zip', 'file'],
    ['no-extension', null, 'file'],
  ])('%s (%s) → %s', (name, contentType, icon) => {
    expect(documentIconOf({ name, contentType })).toBe(icon);
  });
});

describe('documentViewPath', () => {
  it('is the view route of the plan and file hashes', () => {
    expect(documentViewPath('PlanHash_1', 'File-Hash2')).toBe('/api/file/PlanHash_1/File-Hash2/view/get');
  });
});

describe('formatAppDate', () => {
  it('is a plain MM/DD/YYYY date in the app’s time zone (New York by default)', () => {
    expect(formatAppDate(new Date('2026-11-20T15:00:00Z'))).toBe('11/20/2026');
    // 02:00 UTC is still the previous evening in New York.
    expect(formatAppDate(new Date('2026-11-21T02:00:00Z'))).toBe('11/20/2026');
  });
});

describe('demoPdf (the seeded Rivera draft)', () => {
  const bytes = demoPdf('Rivera (Draft)', ['Line one', 'Back\\slash and é']);
  const text = new TextDecoder().decode(bytes);

  it('is a PDF by its bytes (the upload rules’ sniffing)', () => {
    expect(sniffDocumentType(bytes)).toBe('application/pdf');
  });

  it('has a cross-reference table whose offsets point at its objects, and startxref at the table', () => {
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
  });

  it('escapes parentheses and backslashes and keeps the text ASCII', () => {
    expect(text).toContain('(Rivera \\(Draft\\)) Tj');
    expect(text).toContain('(Back\\\\slash and ?) Tj T*');
    const length = Number(/\/Length (\d+)/.exec(text)![1]);
    const stream = text.slice(text.indexOf('stream\n') + 7, text.indexOf('\nendstream'));
    expect(stream.length).toBe(length);
  });
});

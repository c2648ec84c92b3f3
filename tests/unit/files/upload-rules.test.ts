import fs from 'node:fs';
import path from 'node:path';
import {
  checkUpload,
  DUPLICATE_FILE_NAME_MESSAGE,
  EMPTY_FILE_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  INVALID_FILE_NAME_MESSAGE,
  INVALID_FILE_TYPE_MESSAGE,
  MAX_UPLOAD_BYTES,
} from '@/lib/files/upload-rules';
import { sniffContent } from '@/lib/files/document-types';
import { MAX_MULTIPART_BYTES } from '@/lib/http/route';

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, '../../fixtures/files', name)));

describe('checkUpload', () => {
  const existingNames = ['Final Trust.pdf'];

  it('accepts an allowed file and returns its cleaned name, type and size', () => {
    const bytes = fixture('sample.pdf');
    expect(
      checkUpload({ content: sniffContent(bytes), name: 'C:\\fakepath\\Signed\u202E Trust.pdf ', declaredType: 'application/pdf', existingNames }),
    ).toEqual({
      ok: true,
      name: 'Signed Trust.pdf',
      type: 'application/pdf',
      size: bytes.byteLength,
    });
  });

  it('names a file with nothing before its extension document.<ext>', () => {
    expect(checkUpload({ content: sniffContent(fixture('sample.png')), name: '/uploads/.png', declaredType: 'image/png', existingNames })).toMatchObject({
      ok: true,
      name: 'document.png',
    });
  });

  it.each([
    ['an empty file', new Uint8Array(), 'empty.txt', 'text/plain', 'empty', EMPTY_FILE_MESSAGE],
    ['a renamed ELF executable', fixture('elf-program.pdf'), 'trust.pdf', 'application/pdf', 'type', INVALID_FILE_TYPE_MESSAGE],
    ['a renamed Windows program', fixture('windows-program.pdf'), 'trust.pdf', 'application/pdf', 'type', INVALID_FILE_TYPE_MESSAGE],
    ['an HTML page with a PDF header', fixture('html-with-pdf-header.pdf'), 'trust.pdf', 'application/pdf', 'type', INVALID_FILE_TYPE_MESSAGE],
    ['text with NUL', fixture('with-nul.txt'), 'notes.txt', 'text/plain', 'type', INVALID_FILE_TYPE_MESSAGE],
    ['invalid UTF-8', fixture('invalid-utf8.txt'), 'notes.txt', 'text/plain', 'type', INVALID_FILE_TYPE_MESSAGE],
    ['a name that is only a path', fixture('sample.pdf'), 'folder/', 'application/pdf', 'type', INVALID_FILE_TYPE_MESSAGE],
    ['a name with a ../ part', fixture('sample.pdf'), '../../trust.pdf', 'application/pdf', 'name', INVALID_FILE_NAME_MESSAGE],
    ['a name with a ..\\ part', fixture('sample.pdf'), 'C:\\docs\\..\\trust.pdf', 'application/pdf', 'name', INVALID_FILE_NAME_MESSAGE],
    ['a name that is ..', fixture('sample.pdf'), '..', 'application/pdf', 'name', INVALID_FILE_NAME_MESSAGE],
    ['a NUL in the name', fixture('sample.pdf'), 'trust\u0000.pdf', 'application/pdf', 'name', INVALID_FILE_NAME_MESSAGE],
    ['a line feed in the name', fixture('sample.txt'), 'notes\n.txt', 'text/plain', 'name', INVALID_FILE_NAME_MESSAGE],
    ['a duplicate name in another case', fixture('sample.pdf'), 'FINAL TRUST.PDF', 'application/pdf', 'duplicate', DUPLICATE_FILE_NAME_MESSAGE],
    ['a duplicate name behind a path', fixture('sample.pdf'), '/tmp/Final Trust.pdf', 'application/pdf', 'duplicate', DUPLICATE_FILE_NAME_MESSAGE],
  ])('refuses %s', (_label, bytes, name, declaredType, reason, message) => {
    expect(checkUpload({ content: sniffContent(bytes), name, declaredType, existingNames })).toEqual({ ok: false, reason, message });
  });

  it('refuses more than 20 MB, and accepts exactly 20 MB', () => {
    const text = (size: number) => new Uint8Array(size).fill(0x61);
    expect(checkUpload({ content: sniffContent(text(MAX_UPLOAD_BYTES + 1)), name: 'big.txt', declaredType: 'text/plain', existingNames: [] })).toEqual({
      ok: false,
      reason: 'too-large',
      message: FILE_TOO_LARGE_MESSAGE,
    });
    expect(checkUpload({ content: sniffContent(text(MAX_UPLOAD_BYTES)), name: 'big.txt', declaredType: 'text/plain', existingNames: [] })).toMatchObject({
      ok: true,
      size: MAX_UPLOAD_BYTES,
    });
  });

  it('checks the type before the name, so a refused type never says the name exists', () => {
    expect(
      checkUpload({ content: sniffContent(fixture('elf-program.pdf')), name: 'Final Trust.pdf', declaredType: 'application/pdf', existingNames }),
    ).toMatchObject({
      reason: 'type',
    });
  });

  it('uses the spec messages', () => {
    expect(INVALID_FILE_TYPE_MESSAGE).toBe('Please select a valid file type.');
    expect(DUPLICATE_FILE_NAME_MESSAGE).toBe('File name already exists');
  });
});

describe('the size limit', () => {
  it('is 20 MB', () => {
    expect(MAX_UPLOAD_BYTES).toBe(20 * 1024 * 1024);
  });

  it('equals the route wrapper multipart limit, which refuses larger bodies with 413 before reading them', () => {
    expect(MAX_MULTIPART_BYTES).toBe(MAX_UPLOAD_BYTES);
  });
});

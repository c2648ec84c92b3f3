import { parse } from 'content-disposition';
import { DOCUMENT_VIEW_CSP, documentViewHeaders } from '@/lib/files/view-headers';

describe('documentViewHeaders', () => {
  it('serves a PDF as an attachment (never in the browser’s viewer, which runs its scripts) under its name, typed by the upload, no sniffing, sandboxed, never cached by others', () => {
    expect(documentViewHeaders({ name: 'Final Trust.pdf', type: 'application/pdf', size: 606 })).toEqual({
      'Content-Type': 'application/pdf',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'attachment; filename="Final Trust.pdf"',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox",
      'Cache-Control': 'private, no-store',
      'Cross-Origin-Resource-Policy': 'same-origin',
      'Content-Length': '606',
    });
  });

  it.each([
    ['scan.png', 'image/png', 'inline', 'image/png'],
    ['scan.jpeg', 'image/jpeg', 'inline', 'image/jpeg'],
    ['notes.txt', 'text/plain', 'attachment', 'text/plain; charset=utf-8'],
  ] as const)('%s (%s) → %s, %s', (name, type, disposition, contentType) => {
    const headers = documentViewHeaders({ name, type });
    expect(headers['Content-Type']).toBe(contentType);
    expect(parse(headers['Content-Disposition'])).toEqual({ type: disposition, parameters: { filename: name } });
    expect(headers['Content-Security-Policy']).toBe(DOCUMENT_VIEW_CSP);
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Cache-Control']).toBe('private, no-store');
    expect(headers).not.toHaveProperty('Content-Length');
  });

  it('keeps a non-ASCII name through the extended parameter, with an ASCII fallback', () => {
    const header = documentViewHeaders({ name: 'Café Trust — 2024.pdf', type: 'application/pdf' })['Content-Disposition'];
    expect(header).toMatch(/^attachment; filename="Caf\? Trust \? 2024\.pdf"; filename\*=UTF-8''/);
    expect(parse(header).parameters.filename).toBe('Café Trust — 2024.pdf');
  });

  it('quotes what would break out of the header parameter', () => {
    const header = documentViewHeaders({ name: 'say "hi"; x=1.txt', type: 'text/plain' })['Content-Disposition'];
    expect(parse(header)).toEqual({ type: 'attachment', parameters: { filename: 'say "hi"; x=1.txt' } });
  });

  it('runs the document in a sandbox with nothing allowed to load', () => {
    const directives = DOCUMENT_VIEW_CSP.split(';').map((d) => d.trim());
    expect(directives).toEqual(expect.arrayContaining(["default-src 'none'", 'sandbox', "frame-ancestors 'none'"]));
    expect(DOCUMENT_VIEW_CSP).not.toMatch(/allow-scripts|allow-same-origin|script-src/);
  });
});

import 'server-only';
import { create as contentDisposition } from 'content-disposition';
import { DOCUMENT_TYPES, type DocumentType } from './document-types';

/**
 * The policy a served document runs under: nothing may load or run (`default-src 'none'`, `sandbox`: an
 * opaque origin, no scripts, no forms, no plugins), it can't be framed, and inline styles are allowed only
 * for the browser's own image and PDF viewer pages. Checked in Chromium 156: a PDF under this policy still
 * opens in the built-in viewer, an image still shows.
 */
export const DOCUMENT_VIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox";

/**
 * The response headers for a document opened through the view route: the type decided at upload (text as
 * UTF-8, which the upload checked), no sniffing, inline for PDFs and images and attachment for text, under
 * its shown name; the sandbox policy; never stored by a shared cache nor kept by the browser; readable by
 * this site only.
 */
export function documentViewHeaders(document: { name: string; type: DocumentType; size?: number }): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': document.type === 'text/plain' ? 'text/plain; charset=utf-8' : document.type,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': contentDisposition(document.name, { type: DOCUMENT_TYPES[document.type].disposition }),
    'Content-Security-Policy': DOCUMENT_VIEW_CSP,
    'Cache-Control': 'private, no-store',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
  if (document.size !== undefined) headers['Content-Length'] = String(document.size);
  return headers;
}

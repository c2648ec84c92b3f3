import 'server-only';
import { create as contentDisposition } from 'content-disposition';
import { DOCUMENT_TYPES, type DocumentType } from './document-types';

/**
 * The policy a served document runs under: nothing may load or run (`default-src 'none'`, `sandbox`: an
 * opaque origin, no scripts, no forms, no plugins), it can't be framed, and inline styles are allowed only
 * for the browser's own image page. It does not reach inside a PDF: Chromium 156 opens a PDF under this
 * exact policy in its built-in viewer and runs the PDF's own JavaScript there (an OpenAction's app.alert
 * shows), which is why PDFs are served as attachments (document-types.ts).
 */
export const DOCUMENT_VIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox";

/**
 * The response headers for a document opened through the view route: the type decided at upload (text as
 * UTF-8, which the upload checked), no sniffing, inline for images and attachment for PDFs and text, under
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

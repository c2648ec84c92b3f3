/*
 * The four document types a plan accepts (platform spec §5) and how a file's type is decided: by its bytes
 * (magic numbers, or valid UTF-8 text), which must agree with its extension and the type the browser
 * declared. No Node APIs: the upload form can run the same check before sending.
 */

export type DocumentType = 'application/pdf' | 'text/plain' | 'image/jpeg' | 'image/png';

type DocumentTypeInfo = {
  /** Extensions that name this type, lowercase with the dot; the first is the canonical one. */
  extensions: readonly string[];
  /** How the view route serves it: PDFs and images open in the tab, text downloads. */
  disposition: 'inline' | 'attachment';
};

export const DOCUMENT_TYPES: Readonly<Record<DocumentType, DocumentTypeInfo>> = {
  'application/pdf': { extensions: ['.pdf'], disposition: 'inline' },
  'text/plain': { extensions: ['.txt'], disposition: 'attachment' },
  'image/jpeg': { extensions: ['.jpg', '.jpeg'], disposition: 'inline' },
  'image/png': { extensions: ['.png'], disposition: 'inline' },
};

/** The value for a file input's `accept` attribute. */
export const DOCUMENT_ACCEPT = Object.entries(DOCUMENT_TYPES)
  .flatMap(([type, info]) => [type, ...info.extensions])
  .join(',');

export function isDocumentType(value: string): value is DocumentType {
  return Object.hasOwn(DOCUMENT_TYPES, value);
}

const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PDF_EOF = [0x25, 0x25, 0x45, 0x4f, 0x46]; // %%EOF
/** Where `%%EOF` must appear: within the last 1024 bytes, as PDF readers look for it (ISO 32000 §7.5.5). */
const PDF_EOF_WINDOW = 1024;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_IHDR = [0x49, 0x48, 0x44, 0x52]; // the first chunk's type, right after its length
const JPEG_SOI = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

function containsFrom(bytes: Uint8Array, needle: readonly number[], from: number): boolean {
  for (let i = Math.max(0, from); i <= bytes.length - needle.length; i++) {
    if (startsWith(bytes, needle, i)) return true;
  }
  return false;
}

// C0 controls other than tab (09), line feed (0A), form feed (0C) and carriage return (0D); NUL included.
const FORBIDDEN_TEXT_CONTROLS = /[\u0000-\u0008\u000B\u000E-\u001F]/;

/** Plain text: valid UTF-8 (a BOM is fine), no NUL and no C0 control but tab, CR, LF and FF. */
export function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !FORBIDDEN_TEXT_CONTROLS.test(text);
}

/**
 * The type the bytes say, or null for anything else (an empty file included):
 * - PDF: `%PDF-` at offset 0 and `%%EOF` in the last 1024 bytes, so an HTML page with a PDF first line is not one;
 * - PNG: the 8-byte signature followed by the IHDR chunk;
 * - JPEG: FF D8 FF (start of image, then a marker);
 * - text: see isPlainText. A text file that contains markup ('<script') is still text: it is only ever served
 *   as text/plain, attachment, nosniff, under a sandbox policy (view-headers.ts).
 */
export function sniffDocumentType(bytes: Uint8Array): DocumentType | null {
  if (bytes.length === 0) return null;
  if (startsWith(bytes, PDF_HEADER)) {
    return containsFrom(bytes, PDF_EOF, bytes.length - PDF_EOF_WINDOW) ? 'application/pdf' : null;
  }
  if (startsWith(bytes, PNG_SIGNATURE)) return startsWith(bytes, PNG_IHDR, 12) ? 'image/png' : null;
  if (startsWith(bytes, JPEG_SOI)) return 'image/jpeg';
  return isPlainText(bytes) ? 'text/plain' : null;
}

/** The lowercase extension of a file name with its dot ('.pdf'), or '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** The type an extension names, or null for any other extension. */
export function typeForExtension(extension: string): DocumentType | null {
  const ext = extension.toLowerCase();
  for (const [type, info] of Object.entries(DOCUMENT_TYPES) as [DocumentType, DocumentTypeInfo][]) {
    if (info.extensions.includes(ext)) return type;
  }
  return null;
}

/** A declared type without its parameters, lowercase: 'Text/Plain; charset=UTF-8' → 'text/plain'. */
export function essenceOf(declaredType: string | null | undefined): string {
  return (declaredType ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * The document type when the extension, the declared type and the bytes all name the same allowed type;
 * null otherwise (a renamed executable, a text file called .pdf, a PNG declared as JPEG, an empty file).
 */
export function decideDocumentType(input: { bytes: Uint8Array; name: string; declaredType: string | null | undefined }): DocumentType | null {
  const byExtension = typeForExtension(extensionOf(input.name));
  if (!byExtension) return null;
  if (essenceOf(input.declaredType) !== byExtension) return null;
  return sniffDocumentType(input.bytes) === byExtension ? byExtension : null;
}

/*
 * The four document types a plan accepts (platform spec §5) and how a file's type is decided: by its bytes
 * (magic numbers, or valid UTF-8 text), which must agree with its extension and the type the browser
 * declared. No Node APIs: the upload form can run the same check before sending.
 */

export type DocumentType = 'application/pdf' | 'text/plain' | 'image/jpeg' | 'image/png';

type DocumentTypeInfo = {
  /** Extensions that name this type, lowercase with the dot; the first is the canonical one. */
  extensions: readonly string[];
  /**
   * How the view route serves it: images open in the tab; PDFs and text download. A PDF is never shown by
   * the browser's own viewer, which runs the JavaScript a PDF carries (an OpenAction, a field's action)
   * whatever the response's policy says: measured in Chromium 156 under `Content-Security-Policy: sandbox`
   * (issue 26; docs/decisions.md, "Request bodies, uploads and PDFs").
   */
  disposition: 'inline' | 'attachment';
};

export const DOCUMENT_TYPES: Readonly<Record<DocumentType, DocumentTypeInfo>> = {
  'application/pdf': { extensions: ['.pdf'], disposition: 'attachment' },
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

function contains(bytes: Uint8Array, needle: readonly number[]): boolean {
  for (let i = 0; i <= bytes.length - needle.length; i++) {
    if (startsWith(bytes, needle, i)) return true;
  }
  return false;
}

// C0 controls other than tab (09), line feed (0A), form feed (0C) and carriage return (0D); NUL included.
const FORBIDDEN_TEXT_CONTROLS = /[\u0000-\u0008\u000B\u000E-\u001F]/;

/** Bytes read from the start of a file to tell a PDF, PNG or JPEG: the PNG signature and IHDR need 16. */
const HEAD_BYTES = 16;

/**
 * Checks text given in pieces: valid UTF-8 (a BOM is fine, a sequence may be split between pieces), no NUL
 * and no C0 control but tab, CR, LF and FF. `end()` says whether everything given was such text.
 */
function createTextCheck() {
  let decoder: TextDecoder | undefined;
  let ok = true;
  // A decoding error (or no TextDecoder at all, as in a test's jsdom) means: not text.
  const check = (decode: (d: TextDecoder) => string) => {
    if (!ok) return;
    try {
      decoder ??= new TextDecoder('utf-8', { fatal: true });
      ok = !FORBIDDEN_TEXT_CONTROLS.test(decode(decoder));
    } catch {
      ok = false;
    }
  };
  return {
    push: (chunk: Uint8Array) => check((d) => d.decode(chunk, { stream: true })),
    end: () => {
      check((d) => d.decode());
      return ok;
    },
  };
}

/** Plain text: valid UTF-8 (a BOM is fine), no NUL and no C0 control but tab, CR, LF and FF. */
export function isPlainText(bytes: Uint8Array): boolean {
  const text = createTextCheck();
  text.push(bytes);
  return text.end();
}

/** What a file's bytes are, for the upload rules: their count and the type they say (null: none allowed). */
export type SniffedContent = { size: number; sniffedType: DocumentType | null };

/**
 * Decides the type of bytes given in pieces, in order, keeping only the first 16 and the last 1024 of them
 * (the text check reads every piece as it comes): the server reads an upload from disk this way, never
 * holding it whole. The type the bytes say, or null for anything else (an empty file included):
 * - PDF: `%PDF-` at offset 0 and `%%EOF` in the last 1024 bytes, so an HTML page with a PDF first line is not one;
 * - PNG: the 8-byte signature followed by the IHDR chunk;
 * - JPEG: FF D8 FF (start of image, then a marker);
 * - text: see isPlainText. A text file that contains markup ('<script') is still text: it is only ever served
 *   as text/plain, attachment, nosniff, under a sandbox policy (view-headers.ts).
 */
export function createContentSniffer() {
  let size = 0;
  let head = new Uint8Array(0);
  let tail = new Uint8Array(0);
  // Whether the bytes may be text is known once the head is: a PDF, PNG or JPEG signature never is (and is
  // not decoded). Until then the first pieces wait here (16 bytes' worth at most, unless one piece is larger).
  let text: ReturnType<typeof createTextCheck> | null | undefined;
  let early: Uint8Array[] = [];
  const keep = (kept: Uint8Array, chunk: Uint8Array, from: 'start' | 'end', max: number) => {
    const joined = new Uint8Array(kept.length + chunk.length);
    joined.set(kept);
    joined.set(chunk, kept.length);
    return from === 'start' ? joined.slice(0, max) : joined.slice(Math.max(0, joined.length - max));
  };
  const decideText = () => {
    const binary = startsWith(head, PDF_HEADER) || startsWith(head, PNG_SIGNATURE) || startsWith(head, JPEG_SOI);
    text = binary ? null : createTextCheck();
    for (const chunk of early) text?.push(chunk);
    early = [];
  };
  return {
    push(chunk: Uint8Array) {
      size += chunk.byteLength;
      if (head.length < HEAD_BYTES) head = keep(head, chunk.subarray(0, HEAD_BYTES), 'start', HEAD_BYTES);
      tail = keep(tail, chunk.subarray(Math.max(0, chunk.length - PDF_EOF_WINDOW)), 'end', PDF_EOF_WINDOW);
      if (text === undefined) {
        early.push(chunk);
        if (head.length >= HEAD_BYTES) decideText();
      } else text?.push(chunk);
    },
    result(): SniffedContent {
      if (text === undefined) decideText();
      const sniffedType = ((): DocumentType | null => {
        if (size === 0) return null;
        if (startsWith(head, PDF_HEADER)) return contains(tail, PDF_EOF) ? 'application/pdf' : null;
        if (startsWith(head, PNG_SIGNATURE)) return startsWith(head, PNG_IHDR, 12) ? 'image/png' : null;
        if (startsWith(head, JPEG_SOI)) return 'image/jpeg';
        return text?.end() ? 'text/plain' : null;
      })();
      return { size, sniffedType };
    },
  };
}

/** The size and type of bytes held in memory (the upload form's chosen file): see createContentSniffer. */
export function sniffContent(bytes: Uint8Array): SniffedContent {
  const sniffer = createContentSniffer();
  sniffer.push(bytes);
  return sniffer.result();
}

/** The type the bytes say, or null for anything else: see createContentSniffer. */
export function sniffDocumentType(bytes: Uint8Array): DocumentType | null {
  return sniffContent(bytes).sniffedType;
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
 * The document type when the extension, the declared type and the type the bytes say (sniffContent) all
 * name the same allowed type; null otherwise (a renamed executable, a text file called .pdf, a PNG declared
 * as JPEG, an empty file).
 */
export function decideDocumentType(input: { sniffedType: DocumentType | null; name: string; declaredType: string | null | undefined }): DocumentType | null {
  const byExtension = typeForExtension(extensionOf(input.name));
  if (!byExtension) return null;
  if (essenceOf(input.declaredType) !== byExtension) return null;
  return input.sniffedType === byExtension ? byExtension : null;
}

/*
 * The rules an uploaded document passes before anything is stored (platform spec §5, issue 20): not empty,
 * at most 20 MB, an allowed type agreed on by the extension, the declared type and the bytes, a cleaned
 * name, and no other file of the plan with that name. No Node APIs: the upload form can run them too.
 */
import { decideDocumentType, type DocumentType, type SniffedContent } from './document-types';
import { cleanFileName, isDuplicateFileName } from './file-names';

/**
 * Largest document accepted: 20 MB. The route wrapper refuses a multipart body above the same number
 * (lib/http/route.ts MAX_MULTIPART_BYTES, 413 before the body is read; a test keeps the two equal), so
 * through the upload route the form's envelope (a few hundred bytes) counts against it too.
 */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

export const INVALID_FILE_TYPE_MESSAGE = 'Please select a valid file type.';
export const DUPLICATE_FILE_NAME_MESSAGE = 'File name already exists';
export const EMPTY_FILE_MESSAGE = 'The selected file is empty.';
export const FILE_TOO_LARGE_MESSAGE = 'The file is too large (at most 20 MB).';
export const INVALID_FILE_NAME_MESSAGE = 'The file name is not valid. Please rename the file and try again.';

/**
 * A name no browser sends for a chosen file: a `..` path part (`../`, `..\\`) or control characters (NUL
 * included). It comes only from a crafted request and is refused rather than cleaned. A plain folder prefix
 * (`C:\\fakepath\\trust.pdf`, as old browsers sent) is only cleaned (cleanFileName keeps the last part).
 */
const CRAFTED_NAME = /(^|[/\\])\.\.([/\\]|$)|[\u0000-\u001F\u007F]/;

export type UploadCheck =
  { ok: true; name: string; type: DocumentType; size: number } | { ok: false; reason: 'empty' | 'too-large' | 'name' | 'type' | 'duplicate'; message: string };

/**
 * Checks an upload against the rules, in this order: empty, too large, a crafted name (path parts or
 * control characters), type, duplicate name. `content` is what its bytes are (sniffContent on the bytes in
 * the browser, the same sniffer over the file streamed from disk on the server). Returns the name to show
 * and store (cleaned) and the type decided by the bytes.
 */
export function checkUpload(input: {
  content: SniffedContent;
  name: string | null | undefined;
  declaredType: string | null | undefined;
  existingNames: Iterable<string>;
}): UploadCheck {
  const { size, sniffedType } = input.content;
  if (size === 0) return { ok: false, reason: 'empty', message: EMPTY_FILE_MESSAGE };
  if (size > MAX_UPLOAD_BYTES) return { ok: false, reason: 'too-large', message: FILE_TOO_LARGE_MESSAGE };
  if (CRAFTED_NAME.test(input.name ?? '')) return { ok: false, reason: 'name', message: INVALID_FILE_NAME_MESSAGE };
  const name = cleanFileName(input.name);
  const type = decideDocumentType({ sniffedType, name, declaredType: input.declaredType });
  if (!type) return { ok: false, reason: 'type', message: INVALID_FILE_TYPE_MESSAGE };
  if (isDuplicateFileName(name, input.existingNames)) return { ok: false, reason: 'duplicate', message: DUPLICATE_FILE_NAME_MESSAGE };
  return { ok: true, name, type, size };
}

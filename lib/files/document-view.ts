/*
 * A document as the pages list it (the compatibility answers' shapes are lib/legacy/document-shapes.ts). No
 * Node APIs and no database: the list and upload components import these types and the view path.
 */

/** One document of a household's plan, ready to show: public hashes only. */
export type DocumentView = {
  hash: string;
  /** The plan it belongs to (the view route's first segment). */
  planHash: string;
  /** The shown name (cleaned at upload); pages shorten it for display (lib/format/file-name.ts). */
  name: string;
  /** The type decided at upload: application/pdf, text/plain, image/jpeg or image/png. */
  contentType: string;
  /** The uploader's name; null means the System made it (and it cannot be deleted). */
  createdBy: string | null;
  /**
   * The document has a creator, so an admin may delete it (platform spec §5); a System document stays.
   * Whether the viewer may delete at all is the page's `can(actor, 'file.delete')`.
   */
  removable: boolean;
  /** ISO timestamp of the upload. */
  createdAt: string;
  /** The upload's date as a plain date string (MM/DD/YYYY, the app's time zone). */
  dateText: string;
  /** Where the document opens (in a new tab): GET /api/file/{planHash}/{fileHash}/view/get. */
  viewPath: string;
};

/** The view route of a document. */
export function documentViewPath(planHash: string, fileHash: string): string {
  return `/api/file/${encodeURIComponent(planHash)}/${encodeURIComponent(fileHash)}/view/get`;
}

/** The delete route of a document (admins only, documents with a creator only). */
export function documentDeletePath(planHash: string, fileHash: string): string {
  return `/api/file/${encodeURIComponent(planHash)}/${encodeURIComponent(fileHash)}/delete`;
}

/** The file icon a document's name shows (platform spec §2): pdf, text, image (png, jpg, jpeg) or a generic file. */
export type DocumentIcon = 'pdf' | 'text' | 'image' | 'file';

/** The icon for a document, by its type, else by its name's extension. */
export function documentIconOf(doc: { contentType?: string | null; name: string }): DocumentIcon {
  const type = (doc.contentType ?? '').toLowerCase();
  const ext = doc.name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (type === 'application/pdf' || ext === 'pdf') return 'pdf';
  if (type === 'text/plain' || ext === 'txt') return 'text';
  if (type === 'image/png' || type === 'image/jpeg' || ext === 'png' || ext === 'jpg' || ext === 'jpeg') return 'image';
  return 'file';
}

import type { ActionResult } from '@/lib/http/result';
import { documentDeletePath } from '@/lib/files/document-view';
import type { LegacyAdvisor } from '@/lib/legacy/document-shapes';

/** What the upload call answers (POST /api/file/{planHash}/upload). */
export type UploadAnswer = { message: string; file: { hash: string; name: string }; advisors: LegacyAdvisor[] };

/** The spec's success text (platform spec §8), shown when the route's answer carries none. */
export const UPLOAD_SUCCESS_MESSAGE = 'File uploaded successfully';

/**
 * Posts one file as multipart field `newFile` to the upload route and answers as a server action would,
 * so the app's call wrapper (loading overlay, Error dialog with the server's message) handles it. The one
 * upload request of the components: the document control and the overview's rows both send through it.
 */
export async function postDocument(planHash: string, file: File): Promise<ActionResult<UploadAnswer>> {
  const form = new FormData();
  form.append('newFile', file, file.name);
  try {
    const response = await fetch(`/api/file/${encodeURIComponent(planHash)}/upload`, { method: 'POST', body: form, credentials: 'same-origin' });
    const body = (await response.json().catch(() => ({}))) as Partial<UploadAnswer>;
    if (!response.ok) return { ok: false, status: response.status, message: body.message || 'The upload failed. Please try again.' };
    const message = body.message || UPLOAD_SUCCESS_MESSAGE;
    return { ok: true, data: { ...body, message } as UploadAnswer, message };
  } catch {
    return { ok: false, status: 0, message: 'The upload failed. Please check your connection and try again.' };
  }
}

/** What the delete call answers (DELETE /api/file/{planHash}/{fileHash}/delete). */
export type DeleteAnswer = { message: string; advisors: LegacyAdvisor[] };

/** Deletes one document through its route (admins only) and answers as a server action would. */
export async function deleteDocumentRequest(planHash: string, fileHash: string): Promise<ActionResult<DeleteAnswer>> {
  try {
    const response = await fetch(documentDeletePath(planHash, fileHash), { method: 'DELETE', credentials: 'same-origin' });
    const body = (await response.json().catch(() => ({}))) as Partial<DeleteAnswer>;
    if (!response.ok) return { ok: false, status: response.status, message: body.message || 'The document could not be removed. Please try again.' };
    return { ok: true, data: body as DeleteAnswer, message: body.message };
  } catch {
    return { ok: false, status: 0, message: 'The document could not be removed. Please check your connection and try again.' };
  }
}

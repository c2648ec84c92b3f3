import { deleteDocument } from '@/lib/files/delete-document';
import { route } from '@/lib/http/route';
import { withAdvisors } from '@/lib/legacy/file-advisors-answer';
import { noBodySchema } from '@/lib/validation/files';

/**
 * DELETE /api/file/{planHash}/{fileId}/delete — admins only, documents with a creator only → { message:
 * 'File removed successfully', advisors } (platform spec §7). `{fileId}` is the document's public hash
 * (its `id` in every answer); numeric ids stay internal.
 */
export const DELETE = route('file.delete', noBodySchema, async ({ ctx, params }) =>
  withAdvisors(await deleteDocument(ctx, String(params.planHash), String(params.fileHash))),
);

import { uploadDocument } from '@/lib/files/upload-document';
import { route } from '@/lib/http/route';
import { uploadDocumentSchema } from '@/lib/validation/files';

/**
 * POST /api/file/{planHash}/upload — multipart, the file in `newFile` → { message, file, advisors }
 * (platform spec §7). The body is read only after the session and permission check, and refused with 413
 * as soon as it passes 20 MB (declared or counted while reading).
 */
export const POST = route(
  'file.upload',
  uploadDocumentSchema,
  async ({ ctx, input, params }) => {
    const file = input.newFile;
    const bytes = new Uint8Array(await file.arrayBuffer());
    return uploadDocument(ctx, String(params.planHash), { bytes, name: file.name, declaredType: file.type });
  },
  { multipart: true },
);

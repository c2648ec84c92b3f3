import { z } from 'zod';
import { uploadStagingDir } from '@/lib/files/store';
import { uploadDocument } from '@/lib/files/upload-document';
import { receivedFile } from '@/lib/http/multipart';
import { route } from '@/lib/http/route';
import { withAdvisors } from '@/lib/legacy/file-advisors-answer';
import { NO_FILE_MESSAGE } from '@/lib/validation/files';

/**
 * The upload's input: the file in `newFile`, a file the route wrapper received (lib/http/multipart.ts). Here
 * rather than in lib/validation, which may not import the doors: the file is the door's ReceivedFile, a
 * class, so that no JSON or url-encoded body can pass for one.
 */
const uploadDocumentSchema = z.object({ newFile: receivedFile(NO_FILE_MESSAGE) });

/**
 * POST /api/file/{planHash}/upload — multipart, the file in `newFile` → { message, file, advisors }
 * (platform spec §7). The body is read only after the session and permission check, refused with 413 as
 * soon as it passes 20 MB (declared or counted while reading), and its file streamed to a temporary file in
 * the store's staging folder, never held in memory; the wrapper removes that file after the call (stored
 * locally, it has been moved into place by then).
 */
export const POST = route(
  'file.upload',
  uploadDocumentSchema,
  async ({ ctx, input, params }) => {
    const file = input.newFile;
    return withAdvisors(await uploadDocument(ctx, String(params.planHash), { file: file.path, name: file.name, declaredType: file.type }));
  },
  { multipart: { stagingDir: uploadStagingDir } },
);

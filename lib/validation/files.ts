import { z } from 'zod';

/*
 * The document calls' inputs. The upload is multipart with the file in `newFile` (platform spec §7); what
 * the file must be (type, size, name) is decided by lib/files/upload-rules.ts on its bytes.
 */

export const NO_FILE_MESSAGE = 'Please select a file to upload.';

export const uploadDocumentSchema = z.object({ newFile: z.instanceof(File, { message: NO_FILE_MESSAGE }) });
export type UploadDocumentInput = z.output<typeof uploadDocumentSchema>;

/** The view and delete calls take no body; anything sent is ignored. */
export const noBodySchema = z.object({}).passthrough();

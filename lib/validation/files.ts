import { z } from 'zod';

/*
 * The document calls' inputs. The upload is multipart with the file in `newFile` (platform spec §7); its
 * schema lives with its route (app/api/file/[planHash]/upload/route.ts), since the file is the door's own
 * ReceivedFile; what the file must be (type, size, name) is decided by lib/files/upload-rules.ts on its bytes.
 */

export const NO_FILE_MESSAGE = 'Please select a file to upload.';

/** The view and delete calls take no body; anything sent is ignored. */
export const noBodySchema = z.object({}).passthrough();

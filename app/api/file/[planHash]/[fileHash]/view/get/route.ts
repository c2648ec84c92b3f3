import { openDocument } from '@/lib/files/open-document';
import { documentViewHeaders } from '@/lib/files/view-headers';
import { route } from '@/lib/http/route';
import { noBodySchema } from '@/lib/validation/files';

/**
 * GET /api/file/{planHash}/{fileHash}/view/get — the document's bytes with the type decided at upload,
 * inline for PDFs and images (attachment for text), nosniff, a sandbox policy and no shared caching
 * (lib/files/view-headers.ts). Opened in a new tab from the document lists.
 */
export const GET = route('file.view', noBodySchema, async ({ ctx, params }) => {
  const doc = await openDocument(ctx, String(params.planHash), String(params.fileHash));
  return new Response(doc.bytes as unknown as BodyInit, {
    status: 200,
    headers: documentViewHeaders({ name: doc.name, type: doc.type, size: doc.bytes.byteLength }),
  });
});

import { create as contentDisposition } from 'content-disposition';
import { renderPlanSummaryPdf } from '@/components/plan-summary/summary-pdf';
import { route } from '@/lib/http/route';
import { loadPlanSummary } from '@/lib/plan-summary/load-summary';
import { summaryFileName } from '@/lib/plan-summary/summary';
import { noBodySchema } from '@/lib/validation/files';

// @react-pdf/renderer runs on Node (pdfkit, Buffer), never on the edge.
export const runtime = 'nodejs';

/**
 * GET /api/plan-summary/{clientHash} — the household's plan summary as a PDF (issue 30), made on each request
 * from the intake, the funding marks and the request's clock: an attachment named after the trust ('Rivera
 * Family Trust – summary.pdf'), never stored by a shared cache. route() checks 'plan.summary.read' (401/403);
 * a household outside the actor's scope is 404, as an unknown one.
 */
export const GET = route('plan.summary.read', noBodySchema, async ({ ctx, params }) => {
  const summary = await loadPlanSummary(ctx, String(params.clientHash));
  const bytes = await renderPlanSummaryPdf(summary);
  return new Response(bytes as unknown as BodyInit, {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': contentDisposition(summaryFileName(summary), { type: 'attachment' }),
      'Content-Length': String(bytes.byteLength),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
});

import { z } from 'zod';
import { exportAuditLog } from '@/lib/activity/audit-export';
import { route } from '@/lib/http/route';

/** The query string's parameters, each by its first value (as the audit page reads them). */
function queryOf(request: Request): Record<string, string> {
  const params = new URL(request.url).searchParams;
  return Object.fromEntries([...new Set(params.keys())].map((name) => [name, params.get(name) ?? '']));
}

/**
 * GET /api/admin/audit-export?user=&action=&household=&from=&to= — the admin audit log as a CSV file
 * (issue 29), streamed batch by batch (lib/activity/audit-export.ts). A GET, so the audit page's Export link
 * works without JavaScript; it changes nothing but its own audit row. route() checks 'audit.read' (401/403),
 * and a bad filter is a 422 `{ message, errors }` before the first byte.
 */
export const GET = route('audit.read', z.object({}).passthrough(), async ({ ctx, request }) => {
  const { filename, body } = await exportAuditLog(ctx, queryOf(request));
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
});

import 'server-only';
import { db, type Queryable } from '@/db';
import { withoutParameters } from '@/db/query-error';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AUDIT_CSV_HEADER, auditCsvLine } from './audit-csv';
import { auditRows, prepareAuditQuery } from './audit-log';

/** Rows read per statement while exporting: the most the export holds in memory at once (twice, with the one being sent). */
export const AUDIT_EXPORT_BATCH = 500;

/** A byte-order mark first, so a spreadsheet opens the UTF-8 file with its names' accents intact. */
const BOM = '\uFEFF';

/** Today's date in the app's time zone, YYYY-MM-DD (en-CA writes dates that way). */
function dayOf(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: process.env.APP_TIME_ZONE || 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * The audit log, filtered as the page filters it (its paging cursors ignored: the export is every matching
 * row), as a CSV stream, newest first. The permission and the filters are checked, and the export itself
 * audited ('audit.export' with its filters), before the first byte: a refusal is an ordinary 4xx answer.
 * The rows are then read AUDIT_EXPORT_BATCH at a time by keyset, each batch only when the reader has taken
 * the previous one (the stream's pull), so a log of any size is sent without being held in memory. Rows
 * written during the export have higher ids than its first batch's and are not in it.
 */
export async function exportAuditLog(
  ctx: RequestContext,
  params: Record<string, unknown>,
  options: { batch?: number } = {},
  q: Queryable = db,
): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  const prepared = await prepareAuditQuery(ctx, params, q);
  const batch = options.batch ?? AUDIT_EXPORT_BATCH;
  await audit(q, ctx, 'audit.export', undefined, { filters: prepared.filters });
  const encoder = new TextEncoder();
  let before: number | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(BOM + AUDIT_CSV_HEADER));
      },
      async pull(controller) {
        try {
          const rows = await auditRows(prepared, { before, limit: batch }, q);
          if (rows.length) controller.enqueue(encoder.encode(rows.map(auditCsvLine).join('')));
          if (rows.length < batch) controller.close();
          else before = rows[rows.length - 1].id;
        } catch (error) {
          // The status line is long sent: the download breaks off (the browser reports a failed download,
          // the page's progress says the export stopped), and the cause is logged as any door logs one.
          console.error('[audit export]', withoutParameters(error));
          controller.error(error);
        }
      },
    },
    // One chunk queued at most: the next batch is read when the previous one has been taken.
    { highWaterMark: 1 },
  );
  return { filename: `audit-log-${dayOf(ctx.now)}.csv`, body };
}

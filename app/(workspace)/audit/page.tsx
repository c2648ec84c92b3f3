import type { Metadata } from 'next';
import { Link } from '@/components/ui/link';
import { AuditExport } from '@/components/activity/audit-export';
import { AuditFilters, type AuditFilterValues } from '@/components/activity/audit-filters';
import { AuditTable } from '@/components/activity/audit-table';
import styles from '@/components/activity/audit-log.module.css';
import { MAIN_CONTENT_ID } from '@/components/shell/site-header';
import { listAuditLog, type AuditLogPage } from '@/lib/activity/audit-log';
import { requirePageContext } from '@/lib/http/page';
import { AppError } from '@/lib/kernel/errors';
import { auditFilterParams } from '@/lib/validation/audit-log';

export const metadata: Metadata = { title: 'Audit log', robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Each parameter by its first value, as the export reads them. */
function firstValues(params: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const one = Array.isArray(value) ? value[0] : value;
    if (one !== undefined) out[name] = one;
  }
  return out;
}

const withQuery = (path: string, params: Record<string, string>) => {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
};

/**
 * /audit (admins): the global audit log (issue 29), newest first, 50 a page, filtered by who acted, the
 * start of the action's name, a household and a range of days; Newer and Older follow the keyset
 * (lib/activity/audit-log.ts). The same filters export the whole matching log as CSV, streamed. A filter
 * the server refuses shows its message under its field, and no rows.
 */
export default async function AuditLogPage({ searchParams }: Props) {
  const params = firstValues(await searchParams);
  const ctx = await requirePageContext('audit.read', withQuery('/audit', params));
  const values: AuditFilterValues = {
    user: params.user ?? '',
    action: params.action ?? '',
    household: params.household ?? '',
    from: params.from ?? '',
    to: params.to ?? '',
  };
  let page: AuditLogPage | null = null;
  let errors: Record<string, string> = {};
  try {
    page = await listAuditLog(ctx, params);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'VALIDATION')) throw error;
    errors = error.fieldErrors ?? { filters: error.message };
  }
  // The filters as the server read them (trimmed), kept by the paging links and the export.
  const filters = auditFilterParams(page?.filters ?? values);
  const filtered = Object.values(values).some((v) => v.trim() !== '');
  const pageError = errors.before ?? errors.after ?? errors.filters;
  return (
    <main id={MAIN_CONTENT_ID} className={`container ${styles.page}`}>
      <div className={styles.top}>
        <div>
          <h1>Audit log</h1>
          <p className={styles.lead}>Who did what, newest first. Times are in the app&apos;s time zone; the export has them in UTC.</p>
        </div>
        {page ? <AuditExport href={withQuery('/api/admin/audit-export', filters)} /> : null}
      </div>
      <AuditFilters values={values} errors={errors} filtered={filtered} />
      {pageError ? (
        <p className={styles.error} role="alert">
          {pageError} <Link href={withQuery('/audit', filters)}>Start from the newest entries</Link>.
        </p>
      ) : !page ? (
        <p className={styles.muted}>Correct the filter marked above to see the log.</p>
      ) : null}
      {page ? (
        <>
          <AuditTable rows={page.rows} filtered={filtered} />
          {page.newer !== null || page.older !== null ? (
            <nav aria-label="Audit log pages" className={styles.pager}>
              {page.newer !== null ? (
                <Link href={withQuery('/audit', { ...filters, after: String(page.newer) })}>← Newer</Link>
              ) : (
                <span aria-disabled="true">← Newer</span>
              )}
              {page.older !== null ? (
                <Link href={withQuery('/audit', { ...filters, before: String(page.older) })}>Older →</Link>
              ) : (
                <span aria-disabled="true">Older →</span>
              )}
            </nav>
          ) : null}
        </>
      ) : null}
    </main>
  );
}

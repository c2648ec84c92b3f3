import { Card } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { EmptyRow, Table, TBody, Th, THead } from '@/components/ui/table';
import { formatAppDate } from '@/lib/format/app-time';
import type { QueuePage, QueueRow } from '@/lib/legal-queue/queries';
import { dashboardHref, isFiltered, waitedText, type QueueState } from '@/lib/legal-queue/rules';
import { pageWindow } from '@/lib/overview/rules';
import { QueueFilters } from './queue-filters';
import { QueueRows, type QueueRowData } from './queue-rows';
import styles from './legal-queue.module.css';

/** The columns' labels on phones, where each row is a card (in the order of the header). */
const COLUMN_LABELS = ['Household', 'Advisor and firm', 'Status', 'Submitted', 'Waiting'];

export type WorkQueueProps = {
  page: QueuePage;
  state: QueueState;
  /** The other lists' parameters on the dashboard (the advisors overview's), kept by the queue's links and form. */
  keepParams?: Record<string, string>;
};

/**
 * The legal team's work queue (issue 27, server component): submitted plans, oldest submission first, one
 * row per household's latest plan with its names (a link to its client-info page, which opens on the review
 * for attorneys and admins), the advisor and firm, the status, the submission date and the wait. Filters and
 * pages are a GET form and links over the address; the SQL filters and pages (lib/legal-queue/queries.ts).
 * The rows are data rendered by QueueRows (a client component, for the payload's size).
 */
export function WorkQueue({ page, state, keepParams = {} }: WorkQueueProps) {
  const window_ = pageWindow(page.total, page.page, page.size);
  const href = (change: Partial<QueueState>) => dashboardHref({ ...state, ...change }, keepParams);
  return (
    <Card aria-labelledby="work-queue-title">
      <div>
        <h2 id="work-queue-title">Work queue</h2>
        <p className={styles.muted}>Trusts submitted for attorney review, oldest submission first.</p>
      </div>
      <QueueFilters state={state} keepParams={keepParams} />
      <p className={styles.count} aria-live="polite">
        {page.total === 0
          ? isFiltered(state)
            ? 'No submitted plans match these filters.'
            : 'No submitted plans are waiting.'
          : window_.first === 0
            ? `No plans on this page; the queue has ${page.total.toLocaleString('en-US')}.`
            : `Showing ${window_.first}–${window_.last} of ${page.total.toLocaleString('en-US')} ${page.total === 1 ? 'plan' : 'plans'}`}
      </p>
      <Table label="Submitted plans, oldest submission first" responsive="stack" columnLabels={COLUMN_LABELS} className={styles.table}>
        <THead>
          <tr>
            <Th>Household</Th>
            <Th>Advisor and firm</Th>
            <Th>Status</Th>
            <Th>Submitted</Th>
            <Th>Waiting</Th>
          </tr>
        </THead>
        <TBody>
          {page.rows.length === 0 ? <EmptyRow colSpan={COLUMN_LABELS.length}>No Records to Display</EmptyRow> : <QueueRows rows={page.rows.map(rowData)} />}
        </TBody>
      </Table>
      <Pager label="Work queue pages" page={page.page} pageCount={window_.pageCount} hrefOf={(n) => href({ page: n })} />
    </Card>
  );
}

/** A row's data for QueueRows: the submission date in the app's time zone and the wait worded here. */
function rowData(row: QueueRow): QueueRowData {
  return {
    planHash: row.planHash,
    clientHash: row.clientHash,
    names: row.names.join(' and '),
    advisor: row.advisor?.name ?? null,
    firms: row.firms.join(', '),
    statusLabel: row.statusLabel,
    submitted: row.submittedAt ? { iso: row.submittedAt, text: formatAppDate(new Date(row.submittedAt)) } : null,
    waiting: row.waitingDays === null ? '—' : waitedText(row.waitingDays),
  };
}

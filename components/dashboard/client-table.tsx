import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ControlRow, Field, Select, TextInput } from '@/components/ui/field';
import { Pager } from '@/components/ui/pager';
import { EmptyRow, Table, TBody, Th, THead, unbroken } from '@/components/ui/table';
import { formatPhone } from '@/lib/format/phone';
import type { DashboardData } from '@/lib/advisors/dashboard';
import {
  CLIENT_FILTERS,
  CLIENT_SORTS,
  FILTER_LABELS,
  filterStatuses,
  listStateQuery,
  SORT_LABELS,
  type ClientListState,
  type ClientSort,
} from '@/lib/advisors/rules';
import { AddressCardSymbol, ClientRows, type ClientRowView } from './client-rows';
import type { UploadTarget } from '@/lib/files/queries';
import styles from './dashboard.module.css';

type Row = DashboardData['page']['rows'][number];
type Props = {
  data: DashboardData;
  state: ClientListState;
  /** Households that take a document now (latest plan in an attorney-stage status), by listed client hash. */
  uploads?: Record<string, UploadTarget>;
  /** `rowAction`: one more control per row (while an admin acts as an advisor: 'Act as Client'). */
  rowAction?: (row: Row) => ReactNode;
};

const shortDate = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  timeZone: process.env.APP_TIME_ZONE || 'America/New_York',
});

const ORDER_OPTIONS = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];

/**
 * The columns' labels on phones, where each row is a card (in the order of the header). The spouse is the
 * name's second line and the phone the e-mail's (issue 27: nine columns at 1280 px broke addresses mid-word);
 * sorting by spouse stays in the Sort by choice.
 */
const CLIENT_COLUMN_LABELS = ['Name', 'Contact', 'Status', 'Completion', 'Funding', 'Last change', 'Created', 'Actions'];

/** The statuses funding is tracked in (the Funding left filter's): before them the column says why it is empty. */
const FUNDING_STATUSES = filterStatuses('funding') as readonly string[];

/**
 * The client list: filter tabs, search, sortable headers and pages are plain links and a GET form over the
 * address's list state, so every view is shareable, the back button works, and nothing needs JavaScript.
 * The rows are data rendered by ClientRows (a client component: the payload is a quarter of the elements').
 */
export function ClientTable({ data, state, uploads = {}, rowAction }: Props) {
  const { page } = data;
  const href = (change: Partial<ClientListState>) => `/dashboard${listStateQuery({ ...state, ...change })}`;
  const sortHeader = (sort: ClientSort, className?: string) => {
    const active = state.sort === sort;
    const nextDir = active && state.dir === 'asc' ? 'desc' : 'asc';
    // 'created' ascending lists the newest first (the spec's order), so the arrow follows the dates.
    const ariaSort = !active
      ? 'none'
      : sort === 'created'
        ? state.dir === 'asc'
          ? 'descending'
          : 'ascending'
        : state.dir === 'asc'
          ? 'ascending'
          : 'descending';
    return (
      <Th aria-sort={ariaSort} className={className}>
        <Link className={styles.sortLink} href={href({ sort, dir: nextDir, page: 1 })}>
          {SORT_LABELS[sort]}
          <span aria-hidden="true" className={styles.sortIcon}>
            {!active ? '↕' : ariaSort === 'ascending' ? '▲' : '▼'}
          </span>
        </Link>
      </Th>
    );
  };
  const first = page.total === 0 ? 0 : (page.page - 1) * page.size + 1;
  const last = Math.min(page.total, page.page * page.size);

  return (
    <Card aria-labelledby="clients-title">
      {page.rows.length > 0 ? <AddressCardSymbol /> : null}
      <h2 id="clients-title">{data.tableTitle}</h2>
      <nav aria-label="Client filters" className={styles.filters}>
        {CLIENT_FILTERS.map((filter) => (
          <Link key={filter} href={href({ filter, page: 1 })} aria-current={state.filter === filter ? 'page' : undefined} className={styles.filter}>
            {FILTER_LABELS[filter]}
          </Link>
        ))}
      </nav>
      {state.filter === 'stalled' ? (
        <p className={styles.hint}>Households whose intake has not changed for {data.stalledDays} days and has not been submitted.</p>
      ) : null}
      {state.filter === 'funding' ? (
        <p className={styles.hint}>Plans being finalized or complete with assets still to move into the trust (funding steps not done).</p>
      ) : null}
      {/* Keyed by the state it shows: after back/forward the fields show the address's search, not the last typed. */}
      <form key={`${state.q}|${state.sort}|${state.dir}|${state.filter}`} method="get" action="/dashboard" role="search">
        {state.advisor ? <input type="hidden" name="advisor" value={state.advisor} /> : null}
        {state.filter !== 'all' ? <input type="hidden" name="filter" value={state.filter} /> : null}
        <ControlRow>
          <Field label="Search clients" id="client-search" inline>
            {/* autoComplete off: the browser must not restore a typed search into a page whose address has none (back button). */}
            <TextInput name="q" type="search" defaultValue={state.q} maxLength={100} autoComplete="off" placeholder="Name, email, phone, status or spouse" />
          </Field>
          {/* The sort is also chosen here: on phones the table's headers are hidden (rows become cards). */}
          <Field label="Sort by" id="client-sort" inline>
            <Select name="sort" defaultValue={state.sort} options={CLIENT_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))} />
          </Field>
          <Field label="Order" id="client-dir" inline>
            <Select name="dir" defaultValue={state.dir} options={ORDER_OPTIONS} />
          </Field>
          <Button type="submit" variant="secondary">
            Search
          </Button>
          {state.q ? (
            <Link href={href({ q: '', page: 1 })} className={styles.clear}>
              Clear search
            </Link>
          ) : null}
        </ControlRow>
      </form>
      <p className={styles.count} aria-live="polite">
        {page.total === 0
          ? 'No clients match.'
          : `Showing ${first}–${last} of ${page.total.toLocaleString('en-US')} ${page.total === 1 ? 'household' : 'households'}`}
      </p>
      <Table label={data.tableTitle} responsive="stack" columnLabels={CLIENT_COLUMN_LABELS}>
        <THead>
          <tr>
            {sortHeader('name')}
            <Th>Contact</Th>
            {sortHeader('status', styles.statusColumn)}
            <Th className={styles.completionColumn}>Completion</Th>
            <Th className={styles.fundingColumn}>Funding</Th>
            <Th className={styles.dateColumn}>Last change</Th>
            {sortHeader('created', styles.dateColumn)}
            <Th>
              <span className="visually-hidden">Actions</span>
            </Th>
          </tr>
        </THead>
        <TBody>
          {page.rows.length === 0 ? (
            <EmptyRow colSpan={CLIENT_COLUMN_LABELS.length}>No Records to Display</EmptyRow>
          ) : (
            <ClientRows rows={page.rows.map((row) => rowView(row, state, uploads))} actions={rowActions(page.rows, rowAction)} />
          )}
        </TBody>
      </Table>
      <Pager label="Pages" page={page.page} pageCount={page.pageCount} hrefOf={(n) => href({ page: n })} />
    </Card>
  );
}

/** A row's data for ClientRows: dates and the phone formatted here (the server's time zone), the rest as read. */
function rowView(row: Row, state: ClientListState, uploads: Record<string, UploadTarget>): ClientRowView {
  return {
    hash: row.hash,
    name: row.name,
    spouseName: row.spouseName || null,
    email: row.email || null,
    phone: row.phone ? unbroken(formatPhone(row.phone)) : null,
    statusLabel: row.statusLabel,
    completionPercent: row.completionPercent,
    fundingPercent: row.fundingPercent,
    fundingWhy: row.status !== null && FUNDING_STATUSES.includes(row.status) ? 'no assets to fund' : 'not started (funding begins when the plan is finalized)',
    lastChange: { iso: row.lastChangeAt.toISOString(), text: shortDate.format(row.lastChangeAt) },
    created: { iso: row.createdAt.toISOString(), text: shortDate.format(row.createdAt) },
    reminder: state.filter === 'stalled' && !row.submitted ? { canRemind: row.canRemind } : null,
    upload: uploads[row.hash] ?? null,
  };
}

/** The extra control of each row, by household hash; undefined when there is none. */
function rowActions(rows: readonly Row[], rowAction: Props['rowAction']): Record<string, ReactNode> | undefined {
  if (!rowAction) return undefined;
  return Object.fromEntries(rows.map((row) => [row.hash, rowAction(row)]));
}

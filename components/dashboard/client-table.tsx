import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ControlRow, Field, Select, TextInput } from '@/components/ui/field';
import { Pager } from '@/components/ui/pager';
import { EmailAddress, EmptyRow, Table, TBody, Td, Th, THead, Tr, unbroken } from '@/components/ui/table';
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
import { ReminderButton } from './reminder-button';
import { RefreshingUpload } from '@/components/files/refreshing-upload';
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

/**
 * The client list: filter tabs, search, sortable headers and pages are plain links and a GET form over the
 * address's list state, so every view is shareable, the back button works, and nothing needs JavaScript.
 */
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
            page.rows.map((row) => (
              <Tr key={row.hash}>
                <Td>
                  {row.name}
                  {row.spouseName ? <small>Spouse: {row.spouseName}</small> : null}
                </Td>
                <Td>
                  {row.email ? <EmailAddress address={row.email} /> : null}
                  {row.phone ? <small>{unbroken(formatPhone(row.phone))}</small> : null}
                </Td>
                <Td>{row.statusLabel}</Td>
                <Td>
                  {row.completionPercent === null ? (
                    '—'
                  ) : (
                    <span className={styles.completion}>
                      <meter min={0} max={100} value={row.completionPercent} aria-label={`${row.name}: intake ${row.completionPercent}% complete`} />
                      {row.completionPercent}%
                    </span>
                  )}
                </Td>
                <Td>
                  <FundingCell row={row} />
                </Td>
                <Td>
                  <time dateTime={row.lastChangeAt.toISOString()}>{shortDate.format(row.lastChangeAt)}</time>
                </Td>
                <Td>
                  <time dateTime={row.createdAt.toISOString()}>{shortDate.format(row.createdAt)}</time>
                </Td>
                <Td>
                  <span className={styles.actions}>
                    <Link
                      href={`/client-info/${row.hash}`}
                      className={styles.iconLink}
                      aria-label={`Client information: ${row.name}`}
                      title="Client information"
                    >
                      <AddressCardIcon />
                    </Link>
                    {state.filter === 'stalled' && !row.submitted ? <ReminderButton clientHash={row.hash} name={row.name} disabled={!row.canRemind} /> : null}
                    {uploads[row.hash] ? (
                      <RefreshingUpload planHash={uploads[row.hash].planHash} existingNames={uploads[row.hash].existingNames} subject={row.name} compact />
                    ) : null}
                    {rowAction?.(row)}
                  </span>
                </Td>
              </Tr>
            ))
          )}
        </TBody>
      </Table>
      <Pager label="Pages" page={page.page} pageCount={page.pageCount} hrefOf={(n) => href({ page: n })} />
    </Card>
  );
}

/**
 * The household's funding progress (issue 30): the share of funding steps done or not needed, once the plan is
 * being finalized or complete; a dash before, or when the intake lists nothing to fund, with its reason said
 * to screen readers and in the title.
 */
function FundingCell({ row }: { row: Row }) {
  if (row.fundingPercent === null) {
    const why = row.status !== null && FUNDING_STATUSES.includes(row.status) ? 'no assets to fund' : 'not started (funding begins when the plan is finalized)';
    return (
      <span title={`Funding: ${why}`}>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">
          {row.name}: funding {why}
        </span>
      </span>
    );
  }
  return (
    <span className={styles.completion}>
      <meter min={0} max={100} value={row.fundingPercent} aria-label={`${row.name}: funding ${row.fundingPercent}% done`} />
      {row.fundingPercent}%
    </span>
  );
}

const ADDRESS_CARD = 'icon-address-card';

/**
 * The address-card icon, drawn once per page: every row's icon refers to it (`<use>`), so a page of rows
 * carries one drawing, not one per row (each was five elements in the HTML and again in the RSC payload).
 */
function AddressCardSymbol() {
  return (
    <svg aria-hidden="true" focusable="false" className="visually-hidden">
      <symbol id={ADDRESS_CARD} viewBox="0 0 24 24">
        <rect x="2" y="4" width="20" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <circle cx="8" cy="11" r="2.3" fill="currentColor" />
        <path d="M4.8 16.5c.6-1.9 1.8-2.8 3.2-2.8s2.6.9 3.2 2.8" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M14 9h5M14 12.5h5M14 16h3" stroke="currentColor" strokeWidth="1.6" />
      </symbol>
    </svg>
  );
}

/** The address-card icon of a client row (opens client-info). */
function AddressCardIcon() {
  return (
    <svg width="22" height="22" aria-hidden="true" focusable="false">
      <use href={`#${ADDRESS_CARD}`} />
    </svg>
  );
}

'use client';

import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { EmailAddress, Td, Tr } from '@/components/ui/table';
import { RefreshingUpload } from '@/components/files/refreshing-upload';
import type { UploadTarget } from '@/lib/files/queries';
import { ReminderButton } from './reminder-button';
import styles from './dashboard.module.css';

/** One household of the client list, as the row shows it (texts formatted on the server). */
export type ClientRowView = {
  hash: string;
  name: string;
  spouseName: string | null;
  email: string | null;
  /** The phone formatted, its spaces no-break. */
  phone: string | null;
  statusLabel: string;
  completionPercent: number | null;
  fundingPercent: number | null;
  /** With no funding percentage: why the column is empty. */
  fundingWhy: string;
  lastChange: { iso: string; text: string };
  created: { iso: string; text: string };
  /** A 'Send reminder' button (stalled filter, not submitted); `canRemind` false shows it disabled. */
  reminder: null | { canRemind: boolean };
  upload: UploadTarget | null;
};

type Props = {
  rows: readonly ClientRowView[];
  /** One more control per row, by household hash (while an admin acts as an advisor: 'Act as Client'). */
  actions?: Record<string, ReactNode>;
};

/**
 * The client list's rows, rendered from their data. A client component for the page's cost, not for
 * interactivity: as server-component output each row travelled as its element tree in the RSC payload
 * (1.6 KB a row), and React's serialiser defers every element past the first 3,200 characters of a payload
 * row into a row of its own, which the server-side renderer then resolves as a lazy element: a page of 25
 * households was 34 such rows and 61 KB of payload. As data a row is a quarter of that (the page's payload
 * 31 KB, 13 element rows) and rendered once, directly: about a tenth less server CPU per render
 * (docs/performance.md, "The dashboard's rows as data").
 */
export function ClientRows({ rows, actions }: Props) {
  return rows.map((row) => (
    <Tr key={row.hash}>
      <Td>
        {row.name}
        {row.spouseName ? <small>Spouse: {row.spouseName}</small> : null}
      </Td>
      <Td>
        {row.email ? <EmailAddress address={row.email} /> : null}
        {row.phone ? <small>{row.phone}</small> : null}
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
        <time dateTime={row.lastChange.iso}>{row.lastChange.text}</time>
      </Td>
      <Td>
        <time dateTime={row.created.iso}>{row.created.text}</time>
      </Td>
      <Td>
        <span className={styles.actions}>
          <Link href={`/client-info/${row.hash}`} className={styles.iconLink} aria-label={`Client information: ${row.name}`} title="Client information">
            <AddressCardIcon />
          </Link>
          {row.reminder ? <ReminderButton clientHash={row.hash} name={row.name} disabled={!row.reminder.canRemind} /> : null}
          {row.upload ? <RefreshingUpload planHash={row.upload.planHash} existingNames={row.upload.existingNames} subject={row.name} compact /> : null}
          {actions?.[row.hash]}
        </span>
      </Td>
    </Tr>
  ));
}

/**
 * The household's funding progress (issue 30): the share of funding steps done or not needed, once the plan is
 * being finalized or complete; a dash before, or when the intake lists nothing to fund, with its reason said
 * to screen readers and in the title.
 */
function FundingCell({ row }: { row: ClientRowView }) {
  if (row.fundingPercent === null) {
    return (
      <span title={`Funding: ${row.fundingWhy}`}>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">
          {row.name}: funding {row.fundingWhy}
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
export function AddressCardSymbol() {
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

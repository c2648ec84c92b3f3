import type { ReactNode } from 'react';
import type { RecordColumn } from '@/components/records';
import { formatPhone } from '@/lib/format/phone';
import type { Owner } from '@/lib/intake/owners';
import type { Fiduciary } from './fiduciary-values';
import { nameOf } from './people';
import styles from './fiduciary-cells.module.css';

/** The serve order of each owning client: one number when they agree, else a line per client. */
export function orderCell(record: Fiduciary, names: Record<Owner, string>): ReactNode {
  const lines = [
    { who: names['1'], order: record.owner === '2' ? null : record.order1 },
    { who: names['2'], order: record.owner === '1' ? null : record.order2 },
  ].filter((line) => line.order !== null);
  if (lines.length === 0) return '';
  if (lines.every((line) => line.order === lines[0].order)) return String(lines[0].order);
  return (
    <span className={styles.lines}>
      {lines.map((line) => (
        <span key={line.who}>
          <span className={styles.who}>{`${line.who}:`}</span> {line.order}
        </span>
      ))}
    </span>
  );
}

/** Name, phone, email and serve order: the columns of the trustee and agent tables. */
export function fiduciaryColumns<T extends Fiduciary>(names: Record<Owner, string>, orderHeader = 'Serve Order'): RecordColumn<T>[] {
  return [
    { key: 'name', header: 'Name', cell: (r) => nameOf(r.person), sortValue: (r) => r.person.lastName },
    { key: 'phone', header: 'Phone', cell: (r) => formatPhone(r.person.phone) },
    { key: 'email', header: 'Email', cell: (r) => <span className={styles.email}>{r.person.email}</span> },
    {
      key: 'order',
      header: orderHeader,
      numeric: true,
      cell: (r) => orderCell(r, names),
      sortValue: (r) => Math.min(r.order1 ?? 99, r.order2 ?? 99),
    },
  ];
}

'use client';

import { Link } from '@/components/ui/link';
import { Td, Tr } from '@/components/ui/table';
import styles from './legal-queue.module.css';

/** One submitted plan of the work queue, as its row shows it (dates and the wait worded on the server). */
export type QueueRowData = {
  planHash: string;
  clientHash: string;
  /** The household's names, joined. */
  names: string;
  advisor: string | null;
  firms: string;
  statusLabel: string;
  submitted: { iso: string; text: string } | null;
  waiting: string;
};

/**
 * The work queue's rows, rendered from their data: a client component for the page's cost, as the
 * dashboard's client list (components/dashboard/client-rows.tsx says why).
 */
export function QueueRows({ rows }: { rows: readonly QueueRowData[] }) {
  return rows.map((row) => (
    <Tr key={row.planHash}>
      <Td>
        <Link href={`/client-info/${encodeURIComponent(row.clientHash)}`} className={styles.household}>
          {row.names}
        </Link>
      </Td>
      <Td>
        {row.advisor ? (
          <>
            <span className={styles.advisor}>{row.advisor}</span>
            {row.firms ? <span className={styles.muted}>{row.firms}</span> : null}
          </>
        ) : (
          <span className={styles.muted}>No advisor</span>
        )}
      </Td>
      <Td>{row.statusLabel}</Td>
      <Td>{row.submitted ? <time dateTime={row.submitted.iso}>{row.submitted.text}</time> : 'Not recorded'}</Td>
      <Td>{row.waiting}</Td>
    </Tr>
  ));
}

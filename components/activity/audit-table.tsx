import { EmailAddress, EmptyRow, Table, TBody, Td, Th, THead, Tr, unbroken } from '@/components/ui/table';
import type { AuditEntry, AuditPerson } from '@/lib/activity/audit-log';
import { formatAppDateTime } from '@/lib/format/app-time';
import styles from './audit-log.module.css';

/** The columns' labels on phones, where each row is a card (in the order of the header). */
const COLUMN_LABELS = ['When', 'Who', 'Action', 'Target', 'Address'];

/** Shown of a row's meta: its JSON, cut short (the CSV export has all of it). */
const META_SHOWN = 160;

function metaText(meta: unknown): string | null {
  if (meta === null || meta === undefined) return null;
  const text = JSON.stringify(meta);
  return text.length > META_SHOWN ? `${text.slice(0, META_SHOWN)}…` : text;
}

function PersonView({ person }: { person: AuditPerson }) {
  return (
    <>
      <span className={styles.name}>{person.name || person.email}</span>
      <small>
        <EmailAddress address={person.email} />
      </small>
    </>
  );
}

/**
 * Who acted. During an impersonation the admin at the keyboard comes first, "as" the user they acted as (the
 * row's actor); a job's row (no user) is System, with the job's name from its user agent.
 */
function Who({ row }: { row: AuditEntry }) {
  if (row.impersonator) {
    return (
      <>
        <PersonView person={row.impersonator} />
        <small className={styles.as}>as {row.actor ? `${row.actor.name || row.actor.email} (${row.actor.email})` : 'an unknown user'}</small>
      </>
    );
  }
  if (row.actor) return <PersonView person={row.actor} />;
  return (
    <>
      <span className={styles.name}>System</span>
      {row.userAgent?.startsWith('job:') ? <small>{row.userAgent.slice(4)}</small> : null}
    </>
  );
}

function AuditRow({ row }: { row: AuditEntry }) {
  const meta = metaText(row.meta);
  const job = !row.actor && !row.impersonator && row.userAgent?.startsWith('job:');
  return (
    <Tr>
      <Td>
        <time dateTime={row.createdAt.toISOString()}>{unbroken(formatAppDateTime(row.createdAt))}</time>
      </Td>
      <Td>
        <Who row={row} />
      </Td>
      <Td>
        <code className={styles.action}>{row.action}</code>
        {meta ? <small className={styles.meta}>{meta}</small> : null}
      </Td>
      {/* Empty without a target: the phone's card leaves the label out (td:empty), the table a blank cell. */}
      <Td>
        {row.target ? (
          <>
            {row.target.type}
            {row.target.id !== null ? ` #${row.target.id}` : ''}
            {row.target.email ? (
              <small>
                <EmailAddress address={row.target.email} />
              </small>
            ) : null}
          </>
        ) : null}
      </Td>
      <Td>
        {row.ip ?? <span className={styles.none}>—</span>}
        {row.userAgent && !job ? (
          <small className={styles.agent} title={row.userAgent}>
            {row.userAgent}
          </small>
        ) : null}
      </Td>
    </Tr>
  );
}

/** The audit rows of a page, newest first: a table from 768 px, labelled cards below. */
export function AuditTable({ rows, filtered }: { rows: AuditEntry[]; filtered: boolean }) {
  return (
    <Table label="Audit log, newest first" responsive="stack" columnLabels={COLUMN_LABELS} className={styles.table}>
      <THead>
        <tr>
          <Th>When</Th>
          <Th>Who</Th>
          <Th>Action</Th>
          <Th>Target</Th>
          <Th>Address</Th>
        </tr>
      </THead>
      <TBody>
        {rows.length === 0 ? (
          <EmptyRow colSpan={COLUMN_LABELS.length}>{filtered ? 'No entries match these filters.' : 'The audit log is empty.'}</EmptyRow>
        ) : (
          rows.map((row) => <AuditRow key={row.id} row={row} />)
        )}
      </TBody>
    </Table>
  );
}

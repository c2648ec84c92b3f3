import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Field, Select } from '@/components/ui/field';
import { EmailAddress, EmptyRow, Table, TBody, Td, Th, THead, Tr, unbroken } from '@/components/ui/table';
import { ACTIVITY_KINDS } from '@/lib/activity/activity-kinds';
import type { ActivityPerson, StaffActivityEntry } from '@/lib/activity/household-activity';
import { formatAppDateTime } from '@/lib/format/app-time';
import styles from './household-activity.module.css';

/*
 * A household's activity for attorneys and admins (issue 29): the filters (a GET form over the address, so a
 * filtered view can be bookmarked and works without JavaScript) and the rows, a table from 768 px and
 * labelled cards below.
 */

const COLUMN_LABELS = ['When', 'Who', 'What', 'Address'];

export type ActivityFilterValues = { kind: string; who: string };

/** Kind and person filters; applying starts again at the newest rows (the form carries no cursor). */
export function HouseholdActivityFilters({
  action,
  values,
  people,
  errors,
}: {
  action: string;
  values: ActivityFilterValues;
  people: ActivityPerson[];
  errors: Record<string, string>;
}) {
  const filtered = values.kind !== '' || values.who !== '';
  return (
    <form key={`${values.kind}|${values.who}`} method="get" action={action} role="search" aria-label="Filter the activity" className={styles.filters}>
      <Field label="Kind" id="activity-kind" error={errors.kind} inline className={styles.field}>
        <Select name="kind" defaultValue={values.kind} placeholder="All kinds" options={ACTIVITY_KINDS.map((k) => ({ value: k.kind, label: k.label }))} />
      </Field>
      <Field label="Person" id="activity-who" hint="Who acted" error={errors.who} inline className={styles.field}>
        <Select name="who" defaultValue={values.who} placeholder="Everyone" options={people.map((p) => ({ value: p.hash, label: p.label }))} />
      </Field>
      <span className={styles.formActions}>
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        {filtered ? (
          <Link href={action} className={styles.clear}>
            Clear filters
          </Link>
        ) : null}
      </span>
    </form>
  );
}

function Who({ row }: { row: StaffActivityEntry }) {
  const person = row.impersonator ?? row.actor;
  if (!person) return <span className={styles.name}>System</span>;
  return (
    <>
      <span className={styles.name}>{person.name || person.email}</span>
      <small>
        <EmailAddress address={person.email} />
      </small>
      {row.impersonator ? <small className={styles.as}>as {row.actor ? row.actor.name || row.actor.email : 'an unknown user'}</small> : null}
    </>
  );
}

/** The household's rows, newest first. */
export function HouseholdActivityTable({ rows, filtered }: { rows: StaffActivityEntry[]; filtered: boolean }) {
  return (
    <Table label="Activity, newest first" responsive="stack" columnLabels={COLUMN_LABELS} className={styles.table}>
      <THead>
        <tr>
          <Th>When</Th>
          <Th>Who</Th>
          <Th>What</Th>
          <Th>Address</Th>
        </tr>
      </THead>
      <TBody>
        {rows.length === 0 ? (
          <EmptyRow colSpan={COLUMN_LABELS.length}>{filtered ? 'No activity matches these filters.' : 'No activity yet.'}</EmptyRow>
        ) : (
          rows.map((row) => (
            <Tr key={row.id}>
              <Td>
                <time dateTime={row.createdAt.toISOString()}>{unbroken(formatAppDateTime(row.createdAt))}</time>
              </Td>
              <Td>
                <Who row={row} />
              </Td>
              <Td>
                <span className={styles.label}>{row.label}</span>
                {row.details ? <small className={styles.details}>{row.details}</small> : null}
              </Td>
              <Td>{row.ip ?? <span className={styles.none}>—</span>}</Td>
            </Tr>
          ))
        )}
      </TBody>
    </Table>
  );
}

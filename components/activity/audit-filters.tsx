import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Field, TextInput } from '@/components/ui/field';
import { AUDIT_FILTER_MAX_LENGTH } from '@/lib/validation/audit-log';
import styles from './audit-log.module.css';

export type AuditFilterValues = { user: string; action: string; household: string; from: string; to: string };

/**
 * The audit log's filters: a GET form over the address, so a filtered log can be bookmarked and shared
 * between admins, and the back button returns to the previous one. Applying starts again at the newest rows
 * (the form carries no cursor). `errors` are the server's, per field (lib/validation/audit-log.ts).
 */
export function AuditFilters({ values, errors, filtered }: { values: AuditFilterValues; errors: Record<string, string>; filtered: boolean }) {
  return (
    // Keyed by what it shows: after back/forward the fields show the address's filters, not the last typed.
    <form key={Object.values(values).join('|')} method="get" action="/audit" role="search" aria-label="Filter the audit log" className={styles.filters}>
      <Field label="User" id="audit-user" hint="E-mail or user id" error={errors.user} inline className={styles.field}>
        <TextInput name="user" defaultValue={values.user} maxLength={AUDIT_FILTER_MAX_LENGTH} autoComplete="off" spellCheck={false} />
      </Field>
      <Field label="Action" id="audit-action" hint="Starts with, e.g. user." error={errors.action} inline className={styles.field}>
        <TextInput name="action" defaultValue={values.action} maxLength={AUDIT_FILTER_MAX_LENGTH} autoComplete="off" spellCheck={false} />
      </Field>
      <Field label="Household" id="audit-household" hint="Household or client id" error={errors.household} inline className={styles.field}>
        <TextInput name="household" defaultValue={values.household} maxLength={AUDIT_FILTER_MAX_LENGTH} autoComplete="off" spellCheck={false} />
      </Field>
      <Field label="From" id="audit-from" error={errors.from} inline className={styles.dateField}>
        <TextInput name="from" type="date" defaultValue={values.from} />
      </Field>
      <Field label="To" id="audit-to" error={errors.to} inline className={styles.dateField}>
        <TextInput name="to" type="date" defaultValue={values.to} />
      </Field>
      <span className={styles.formActions}>
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        {filtered ? (
          <Link href="/audit" className={styles.clear}>
            Clear filters
          </Link>
        ) : null}
      </span>
    </form>
  );
}

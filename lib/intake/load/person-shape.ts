import { isNull } from 'drizzle-orm';
import type { BuildAliasTable } from 'drizzle-orm/pg-core';
import type { persons } from '@/db/schema';
import { personNameColumnsOf } from '@/lib/people/person-name-columns';
import type { GuardianView, PersonView } from '../types';
import { nested, type RowOf } from './json-shape';

/** `persons` under an alias of the subquery's (alias(persons, 'p')). */
type PersonsAlias = BuildAliasTable<typeof persons, string>;

/**
 * A person with the columns the view shows, never the SSN cipher; null when the row is absent (`optional`:
 * a left join that found none).
 */
export function personShape<O extends boolean>(p: PersonsAlias, optional: O) {
  return nested(
    isNull(p.id),
    { hash: p.hash, version: p.version, ...personNameColumnsOf(p), email: p.email, phone: p.phone, dob: p.dob, ssnLast4: p.ssnLast4 },
    optional,
  );
}

/** A person as personShape reads it. */
export type PersonRow = RowOf<ReturnType<typeof personShape<false>>['shape']>;

export function personView(row: PersonRow): PersonView {
  return {
    hash: row.hash,
    version: row.version,
    firstName: row.firstName,
    middleName: row.middleName ?? '',
    lastName: row.lastName,
    suffix: row.suffix ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
    dob: row.dob,
    ssnLast4: row.ssnLast4,
  };
}

/** A left-joined guardian (null when the child has none); no date of birth or SSN shown. */
export function guardianView(row: PersonRow | null): GuardianView | null {
  if (!row) return null;
  const { hash, version, firstName, middleName, lastName, suffix, email, phone } = personView(row);
  return { hash, version, firstName, middleName, lastName, suffix, email, phone };
}

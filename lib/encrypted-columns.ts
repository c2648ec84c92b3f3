import 'server-only';
import { getTableName } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import * as t from '@/db/schema';
import type { Place } from '@/lib/crypto';

/*
 * Every column that holds an encrypted value (lib/crypto.ts), with the table's public hash (the row part of
 * the value's place) and the clear last four kept beside it, if any. Key rotation walks this list; a new encrypted
 * column is added here.
 */
export const ENCRYPTED_COLUMNS = [
  { table: t.persons, cipher: t.persons.ssnCipher, last4: t.persons.ssnLast4 },
  { table: t.beneficiaries, cipher: t.beneficiaries.entityIdentifierCipher, last4: t.beneficiaries.entityIdentifierLast4 },
  { table: t.accounts, cipher: t.accounts.numberCipher, last4: t.accounts.numberLast4 },
  // A mailed secret (lib/mail/mail-secrets.ts): no last four; stored only until sent, used or expired.
  { table: t.mailOutbox, cipher: t.mailOutbox.secretCipher, last4: null },
  // An authenticator app's shared secret (lib/auth/second-factor): no last four.
  { table: t.totpFactors, cipher: t.totpFactors.secretCipher, last4: null },
] as const;

export type EncryptedColumn = (typeof ENCRYPTED_COLUMNS)[number];

/** `persons.ssn_cipher`: how a column is named in messages and in a value's place. */
export function columnLabel(column: PgColumn): string {
  return `${getTableName(column.table)}.${column.name}`;
}

/** The place of the value stored in `column` of the row with public hash `rowHash`. */
export function placeOf(column: PgColumn, rowHash: string): Place {
  return { table: getTableName(column.table), column: column.name, rowHash };
}

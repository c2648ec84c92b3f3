import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { accounts, clientAccounts } from '@/db/schema';
import { sealAccountNumber } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import type { DeleteAccountInput, UpsertAccountInput } from '@/lib/validation/intake-assets';
import { asText } from '../load/json-shape';
import { recordList } from '../load/record-list';
import { aliased, as, columnsOf, recordColumns } from '../load/subqueries';
import type { AccountView } from '../types';
import { defineRecord } from './define';

type StoredAccount = { id: number; hash: string; version: number };

/**
 * Retirement, brokerage, bank and annuity accounts (intake §11-14): one table, one kind per list, each
 * addressed within its own kind (a hash of another kind's account is NOT_FOUND). Company, type (none for
 * annuities), the account number (every character kept, sealed to the row; '' keeps the stored one),
 * value, owners.
 */
export const accountRecord = defineRecord<UpsertAccountInput, StoredAccount, DeleteAccountInput>({
  table: accounts,
  columns: { id: accounts.id, hash: accounts.hash, version: accounts.version },
  where: (input) => eq(accounts.kind, input.kind),
  pivot: { table: clientAccounts, record: clientAccounts.accountId, terms: {} },
  owned: (input) => ({ owner: input.owner, sameValues: true, values1: {}, values2: {} }),
  audit: { noun: 'account', type: 'account', once: 'account', meta: (input) => ({ kind: input.kind }) },
  values: ({ input, hash }) => {
    const values: Partial<typeof accounts.$inferInsert> = {
      company: input.company,
      type: input.kind === 'annuity' || input.type === '' ? null : input.type,
      value: input.value,
    };
    if (input.number) {
      const sealed = sealAccountNumber(input.number, placeOf(accounts.numberCipher, hash));
      values.numberCipher = sealed.cipher;
      values.numberLast4 = sealed.last4;
    }
    return values;
  },
  insertValues: ({ input, hash }) => ({ hash, kind: input.kind }),
});

// How the list is read (the intake's load) -------------------------------------------------------------------
const x = aliased(accounts, 'x');
const cx = aliased(clientAccounts, 'ca');

/** Every kind's accounts in one list (the intake's view splits them by kind); a number only by its last four. */
export const accountList = recordList({
  shape: { ...recordColumns(x), clientId: cx.clientId, ...columnsOf(x, 'kind', 'company', 'type', 'numberLast4'), value: asText(x.value) },
  from: sql`${as(cx)} join ${as(x)} on ${eq(x.id, cx.accountId)}`,
  orderBy: [x.id, cx.clientId],
  view: ({ row, owner }): AccountView => ({
    hash: row.hash,
    version: row.version,
    kind: row.kind,
    owner,
    company: row.company ?? '',
    type: row.kind === 'annuity' ? '' : (row.type ?? ''),
    numberLast4: row.numberLast4,
    value: row.value,
  }),
});

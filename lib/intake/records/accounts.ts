import 'server-only';
import { eq } from 'drizzle-orm';
import { accounts, clientAccounts } from '@/db/schema';
import { sealAccountNumber } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import type { DeleteAccountInput, UpsertAccountInput } from '@/lib/validation/intake-assets';
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


import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@/db';
import { accounts, clientAccounts } from '@/db/schema';
import { newHash } from '@/db/schema/columns';
import { audit } from '@/lib/kernel/audit';
import type { Household } from '@/lib/kernel/scope';
import { sealAccountNumber } from '@/lib/crypto';
import { placeOf } from '@/lib/encrypted-columns';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import type { UpsertAccountInput } from '@/lib/validation/intake-assets';
import type { AccountKind, IntakeView } from './types';
import { applyPivots, clientIdsOf, createOnceKey, householdOwned, intakeWrite, pivotsFor, updateVersioned, type WriteOptions } from './write';

type StoredAccount = { id: number; hash: string; version: number };

function inHousehold(household: Household) {
  return sql`exists (select 1 from ${clientAccounts} where ${clientAccounts.accountId} = ${accounts.id} and ${inArray(clientAccounts.clientId, clientIdsOf(household))})`;
}

/** An account of this household of the given kind by public hash; NOT_FOUND for any other (or another kind's). */
export async function findAccount(tx: Tx, household: Household, hash: string, kind: AccountKind): Promise<StoredAccount> {
  const [row] = await tx
    .select({ id: accounts.id, hash: accounts.hash, version: accounts.version })
    .from(accounts)
    .where(and(eq(accounts.hash, hash), eq(accounts.kind, kind), inHousehold(household)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Creates or updates a retirement, brokerage, bank or annuity account: company, type (none for annuities),
 * the account number (every character kept, sealed to the row; '' keeps the stored one), value, owners.
 */
export async function upsertAccount(ctx: RequestContext, input: UpsertAccountInput, options: WriteOptions = {}): Promise<IntakeView> {
  return intakeWrite(
    ctx,
    input.client_hash,
    async (tx, household) => {
      const owned = householdOwned({ owner: input.owner, sameValues: true, values1: null, values2: null }, household, options);
      const desired = pivotsFor<null>(owned, household);
      const stored = input.hash ? await findAccount(tx, household, input.hash, input.kind) : null;
      const hash = stored?.hash ?? newHash();

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

      let accountId: number;
      if (stored) {
        await updateVersioned(tx, accounts, stored.id, input.version, values);
        accountId = stored.id;
      } else {
        const [row] = await tx
          .insert(accounts)
          .values({ ...values, hash, kind: input.kind })
          .returning({ id: accounts.id });
        accountId = row.id;
      }
      const pivots = await tx.select({ clientId: clientAccounts.clientId }).from(clientAccounts).where(eq(clientAccounts.accountId, accountId));
      await applyPivots(
        pivots.map((p) => ({ clientId: p.clientId, values: null })),
        desired,
        {
          insert: (p) => tx.insert(clientAccounts).values({ clientId: p.clientId, accountId }),
          update: async () => undefined,
          remove: (clientIds) => tx.delete(clientAccounts).where(and(eq(clientAccounts.accountId, accountId), inArray(clientAccounts.clientId, clientIds))),
        },
      );
      await audit(tx, ctx, stored ? 'intake.account.update' : 'intake.account.create', { type: 'account', id: accountId }, { kind: input.kind });
    },
    createOnceKey('account', input, options),
  );
}

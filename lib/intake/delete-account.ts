import 'server-only';
import { accounts } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import type { DeleteAccountInput } from '@/lib/validation/intake-assets';
import type { IntakeView } from './types';
import { findAccount } from './upsert-account';
import { deleteVersioned, intakeWrite } from './write';

/** Removes an account of the given kind (a hash of another kind's account is NOT_FOUND). */
export async function deleteAccount(ctx: RequestContext, input: DeleteAccountInput): Promise<IntakeView> {
  return intakeWrite(ctx, input.client_hash, async (tx, household) => {
    const account = await findAccount(tx, household, input.hash, input.kind);
    await deleteVersioned(tx, accounts, account.id, input.version);
    await audit(tx, ctx, 'intake.account.delete', { type: 'account', id: account.id }, { kind: input.kind });
  });
}

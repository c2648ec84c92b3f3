import 'server-only';
import { fiduciaries } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import type { DeleteTrusteeInput } from '@/lib/validation/intake';
import type { IntakeView } from './types';
import { findTrustee } from './upsert-trustee';
import { deleteOrphanPersons, deleteVersioned, intakeWrite } from './write';

/** Removes a successor trustee (both owners' orders); the person row goes too unless another list uses it. */
export async function deleteTrustee(ctx: RequestContext, input: DeleteTrusteeInput): Promise<IntakeView> {
  return intakeWrite(ctx, input.client_hash, async (tx, household) => {
    const trustee = await findTrustee(tx, household, input.hash);
    await deleteVersioned(tx, fiduciaries, trustee.id, input.version);
    await deleteOrphanPersons(tx, [trustee.personId]);
    await audit(tx, ctx, 'intake.trustee.delete', { type: 'fiduciary', id: trustee.id });
  });
}

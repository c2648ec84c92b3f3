import 'server-only';
import { children } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import type { DeleteChildInput } from '@/lib/validation/intake';
import type { IntakeView } from './types';
import { findChild } from './upsert-child';
import { deleteOrphanPersons, deleteVersioned, intakeWrite } from './write';

/**
 * Removes a child from the household (both owners' lists): the child row and its pivots go; the child's
 * and guardians' person rows go too unless another list or child still uses them. Answers the refreshed
 * intake; a stale version answers 409 and removes nothing.
 */
export async function deleteChild(ctx: RequestContext, input: DeleteChildInput): Promise<IntakeView> {
  return intakeWrite(ctx, input.client_hash, async (tx, household) => {
    const child = await findChild(tx, household, input.hash);
    await deleteVersioned(tx, children, child.id, input.version);
    await deleteOrphanPersons(tx, [child.personId, child.guardian1PersonId, child.guardian2PersonId]);
    await audit(tx, ctx, 'intake.child.delete', { type: 'child', id: child.id });
  });
}

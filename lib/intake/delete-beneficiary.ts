import 'server-only';
import { eq } from 'drizzle-orm';
import { beneficiaries, gifts } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import type { DeleteBeneficiaryInput } from '@/lib/validation/intake';
import type { IntakeView } from './types';
import { findBeneficiary } from './upsert-beneficiary';
import { deleteOrphanPersons, deleteVersioned, intakeWrite } from './write';

export const BENEFICIARY_HAS_GIFTS = 'This beneficiary receives a specific gift. Remove the gift first.';

/**
 * Removes a beneficiary (both owners' terms); its person row goes too unless another list uses it. A
 * beneficiary who receives a specific gift is kept (409): removing it would silently remove the gift.
 */
export async function deleteBeneficiary(ctx: RequestContext, input: DeleteBeneficiaryInput): Promise<IntakeView> {
  return intakeWrite(ctx, input.client_hash, async (tx, household) => {
    const beneficiary = await findBeneficiary(tx, household, input.hash);
    const [gift] = await tx.select({ id: gifts.id }).from(gifts).where(eq(gifts.beneficiaryId, beneficiary.id)).limit(1);
    if (gift) throw new AppError('CONFLICT', BENEFICIARY_HAS_GIFTS);
    await deleteVersioned(tx, beneficiaries, beneficiary.id, input.version);
    await deleteOrphanPersons(tx, [beneficiary.personId]);
    await audit(tx, ctx, 'intake.beneficiary.delete', { type: 'beneficiary', id: beneficiary.id });
  });
}

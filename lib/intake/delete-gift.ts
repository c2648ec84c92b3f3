import 'server-only';
import { gifts } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import type { DeleteAssetInput } from '@/lib/validation/intake-assets';
import type { IntakeView } from './types';
import { findGift } from './upsert-gift';
import { deleteVersioned, intakeWrite } from './write';

/** Removes a specific gift (its beneficiary and property stay). */
export async function deleteGift(ctx: RequestContext, input: DeleteAssetInput): Promise<IntakeView> {
  return intakeWrite(ctx, input.client_hash, async (tx, household) => {
    const gift = await findGift(tx, household, input.hash);
    await deleteVersioned(tx, gifts, gift.id, input.version);
    await audit(tx, ctx, 'intake.gift.delete', { type: 'gift', id: gift.id });
  });
}

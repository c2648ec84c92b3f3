import 'server-only';
import { eq } from 'drizzle-orm';
import { addresses, gifts, properties } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import type { DeleteAssetInput } from '@/lib/validation/intake-assets';
import type { IntakeView } from './types';
import { findProperty } from './upsert-property';
import { deleteVersioned, intakeWrite } from './write';

export const PROPERTY_HAS_GIFTS = 'This property is given as a specific gift. Remove the gift first.';

/**
 * Removes a property with its address and both owners' pivots. A property given as a real-estate gift is
 * kept (409): removing it would silently remove or empty the gift.
 */
export async function deleteProperty(ctx: RequestContext, input: DeleteAssetInput): Promise<IntakeView> {
  return intakeWrite(ctx, input.client_hash, async (tx, household) => {
    const property = await findProperty(tx, household, input.hash);
    const [gift] = await tx.select({ id: gifts.id }).from(gifts).where(eq(gifts.addressId, property.addressId)).limit(1);
    if (gift) throw new AppError('CONFLICT', PROPERTY_HAS_GIFTS);
    await deleteVersioned(tx, properties, property.id, input.version);
    await tx.delete(addresses).where(eq(addresses.id, property.addressId));
    await audit(tx, ctx, 'intake.property.delete', { type: 'property', id: property.id });
  });
}

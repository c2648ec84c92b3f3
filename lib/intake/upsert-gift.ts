import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@/db';
import { addresses, clientBeneficiaries, clientGifts, clientProperties, gifts, properties } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { Household } from '@/lib/kernel/scope';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import type { UpsertGiftInput } from '@/lib/validation/intake-assets';
import { beneficiaryFitsGift, propertyFitsGift } from './asset-rules';
import { deriveOwner, type Owner } from './owners';
import type { IntakeView } from './types';
import { findBeneficiary } from './upsert-beneficiary';
import { applyPivots, clientIdsOf, createOnceKey, householdOwned, intakeWrite, ownersOf, pivotsFor, updateVersioned, type WriteOptions } from './write';

export const GIFT_BENEFICIARY_NOT_OWNED = "The beneficiary is not on the gift owner's list of beneficiaries.";
export const GIFT_PROPERTY_NOT_OWNED = 'The property does not belong to every owner of the gift.';

type StoredGift = { id: number; version: number };

function inHousehold(household: Household) {
  return sql`exists (select 1 from ${clientGifts} where ${clientGifts.giftId} = ${gifts.id} and ${inArray(clientGifts.clientId, clientIdsOf(household))})`;
}

/** A gift of this household by public hash; NOT_FOUND for any other. */
export async function findGift(tx: Tx, household: Household, hash: string): Promise<StoredGift> {
  const [row] = await tx
    .select({ id: gifts.id, version: gifts.version })
    .from(gifts)
    .where(and(eq(gifts.hash, hash), inHousehold(household)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The owner of a household's beneficiary (from its pivots). */
async function beneficiaryOwner(tx: Tx, household: Household, beneficiaryId: number): Promise<Owner | null> {
  const rows = await tx
    .select({ clientId: clientBeneficiaries.clientId })
    .from(clientBeneficiaries)
    .where(and(eq(clientBeneficiaries.beneficiaryId, beneficiaryId), inArray(clientBeneficiaries.clientId, clientIdsOf(household))));
  return deriveOwner(
    rows.map((r) => ({ clientId: r.clientId, values: null })),
    ownersOf(household),
  );
}

/** A household property's address by the address's public hash, with the property's owner; NOT_FOUND otherwise. */
async function findPropertyAddress(tx: Tx, household: Household, addressHash: string): Promise<{ addressId: number; owner: Owner | null }> {
  const rows = await tx
    .select({ addressId: addresses.id, clientId: clientProperties.clientId })
    .from(addresses)
    .innerJoin(properties, eq(properties.addressId, addresses.id))
    .innerJoin(clientProperties, eq(clientProperties.propertyId, properties.id))
    .where(and(eq(addresses.hash, addressHash), inArray(clientProperties.clientId, clientIdsOf(household))));
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'That property was not found in this household.');
  return {
    addressId: rows[0].addressId,
    owner: deriveOwner(
      rows.map((r) => ({ clientId: r.clientId, values: null })),
      ownersOf(household),
    ),
  };
}

/**
 * Creates or updates a specific gift: its type and the one of property, cash amount and item that type
 * uses (the others are cleared), the beneficiary, what happens if the beneficiary dies first, and its
 * owners. The beneficiary must be on a gift owner's list and a property owned by every gift owner (the
 * choices the form offers, lib/intake/asset-rules.ts); otherwise 422 on that field.
 */
export async function upsertGift(ctx: RequestContext, input: UpsertGiftInput, options: WriteOptions = {}): Promise<IntakeView> {
  return intakeWrite(
    ctx,
    input.client_hash,
    async (tx, household) => {
      const owned = householdOwned({ owner: input.owner, sameValues: true, values1: null, values2: null }, household, options);
      const desired = pivotsFor<null>(owned, household);
      const stored = input.hash ? await findGift(tx, household, input.hash) : null;

      const beneficiary = await findBeneficiary(tx, household, input.beneficiary_hash!);
      const bOwner = await beneficiaryOwner(tx, household, beneficiary.id);
      if (!bOwner || !beneficiaryFitsGift(bOwner, owned.owner)) {
        throw new AppError('VALIDATION', GIFT_BENEFICIARY_NOT_OWNED, { beneficiary_hash: GIFT_BENEFICIARY_NOT_OWNED });
      }
      let addressId: number | null = null;
      if (input.gift_type === 'property') {
        const property = await findPropertyAddress(tx, household, input.address_hash!);
        if (!property.owner || !propertyFitsGift(property.owner, owned.owner)) {
          throw new AppError('VALIDATION', GIFT_PROPERTY_NOT_OWNED, { address_hash: GIFT_PROPERTY_NOT_OWNED });
        }
        addressId = property.addressId;
      }
      const values = {
        giftType: input.gift_type,
        beneficiaryId: beneficiary.id,
        addressId,
        cashAmount: input.gift_type === 'cash' ? input.cash_amount : null,
        specificItem: input.gift_type === 'item' ? input.specific_item : null,
        predeceaseDistribution: input.predecease_distribution,
      };

      let giftId: number;
      if (stored) {
        await updateVersioned(tx, gifts, stored.id, input.version, values);
        giftId = stored.id;
      } else {
        const [row] = await tx.insert(gifts).values(values).returning({ id: gifts.id });
        giftId = row.id;
      }
      const pivots = await tx.select({ clientId: clientGifts.clientId }).from(clientGifts).where(eq(clientGifts.giftId, giftId));
      await applyPivots(
        pivots.map((p) => ({ clientId: p.clientId, values: null })),
        desired,
        {
          insert: (p) => tx.insert(clientGifts).values({ clientId: p.clientId, giftId }),
          update: async () => undefined,
          remove: (clientIds) => tx.delete(clientGifts).where(and(eq(clientGifts.giftId, giftId), inArray(clientGifts.clientId, clientIds))),
        },
      );
      await audit(tx, ctx, stored ? 'intake.gift.update' : 'intake.gift.create', { type: 'gift', id: giftId });
    },
    createOnceKey('gift', input, options),
  );
}

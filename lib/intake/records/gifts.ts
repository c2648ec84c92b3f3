import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@/db';
import { addresses, beneficiaries, clientBeneficiaries, clientGifts, clientProperties, gifts, properties } from '@/db/schema';
import { AppError } from '@/lib/kernel/errors';
import type { Household } from '@/lib/kernel/scope';
import type { DeleteAssetInput, UpsertGiftInput } from '@/lib/validation/intake-assets';
import { beneficiaryFitsGift, propertyFitsGift } from '../asset-rules';
import { address } from '../load/address-shape';
import { asText, orNull } from '../load/json-shape';
import { recordList } from '../load/record-list';
import { aliased, as, columnsOf, recordColumns } from '../load/subqueries';
import { deriveOwner, type Owner } from '../owners';
import type { GiftView } from '../types';
import { clientIdsOf, ownersOf } from '../write-steps';
import { beneficiaryRecord } from './beneficiaries';
import { defineRecord, type SaveStep } from './define';
import { findInHousehold } from './find';

export const GIFT_BENEFICIARY_NOT_OWNED = "The beneficiary is not on the gift owner's list of beneficiaries.";
export const GIFT_PROPERTY_NOT_OWNED = 'The property does not belong to every owner of the gift.';

type StoredGift = { id: number; version: number };

/**
 * Specific gifts (intake §10): a type and the one of property, cash amount and item that type uses (the
 * others are cleared), the beneficiary, what happens if the beneficiary dies first, and the owners. A
 * delete leaves the beneficiary and the property.
 */
export const giftRecord = defineRecord<UpsertGiftInput, StoredGift, DeleteAssetInput>({
  table: gifts,
  columns: { id: gifts.id, version: gifts.version },
  pivot: { table: clientGifts, record: clientGifts.giftId, terms: {} },
  owned: (input) => ({ owner: input.owner, sameValues: true, values1: {}, values2: {} }),
  audit: { noun: 'gift', type: 'gift', once: 'gift' },
  values: giftValues,
});

/**
 * The gift fits its owners: the beneficiary must be on a gift owner's list and a property owned by every
 * gift owner (the choices the form offers, lib/intake/asset-rules.ts); otherwise 422 on that field.
 */
async function giftValues({ tx, household, input, owner }: SaveStep<UpsertGiftInput, StoredGift>) {
  const beneficiary = await findInHousehold(tx, beneficiaryRecord, household, input.beneficiary_hash!);
  const bOwner = await beneficiaryOwner(tx, household, beneficiary.id);
  if (!bOwner || !beneficiaryFitsGift(bOwner, owner)) {
    throw new AppError('VALIDATION', GIFT_BENEFICIARY_NOT_OWNED, { beneficiary_hash: GIFT_BENEFICIARY_NOT_OWNED });
  }
  let addressId: number | null = null;
  if (input.gift_type === 'property') {
    const property = await findPropertyAddress(tx, household, input.address_hash!);
    if (!property.owner || !propertyFitsGift(property.owner, owner)) {
      throw new AppError('VALIDATION', GIFT_PROPERTY_NOT_OWNED, { address_hash: GIFT_PROPERTY_NOT_OWNED });
    }
    addressId = property.addressId;
  }
  return {
    giftType: input.gift_type,
    beneficiaryId: beneficiary.id,
    addressId,
    cashAmount: input.gift_type === 'cash' ? input.cash_amount : null,
    specificItem: input.gift_type === 'item' ? input.specific_item : null,
    predeceaseDistribution: input.predecease_distribution,
  };
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

// How the list is read (the intake's load) -------------------------------------------------------------------
const g = aliased(gifts, 'g');
const cg = aliased(clientGifts, 'cg');
const b = aliased(beneficiaries, 'b');

/** Specific gifts, naming their beneficiary and (real estate) property by public hash. */
export const giftList = recordList({
  shape: {
    ...recordColumns(g),
    clientId: cg.clientId,
    giftType: g.giftType,
    beneficiaryHash: b.hash,
    addressHash: orNull(address.hash),
    cashAmount: asText(g.cashAmount),
    ...columnsOf(g, 'specificItem', 'predeceaseDistribution'),
  },
  from: sql`${as(cg)} join ${as(g)} on ${eq(g.id, cg.giftId)} join ${as(b)} on ${eq(b.id, g.beneficiaryId)} left join ${as(address)} on ${eq(address.id, g.addressId)}`,
  orderBy: [g.id, cg.clientId],
  view: ({ row, owner }): GiftView => ({
    hash: row.hash,
    version: row.version,
    owner,
    giftType: row.giftType,
    beneficiaryHash: row.beneficiaryHash,
    addressHash: row.addressHash,
    cashAmount: row.cashAmount,
    specificItem: row.specificItem,
    predeceaseDistribution: row.predeceaseDistribution,
  }),
});

import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '@/db';
import { addresses, clientProperties, gifts, properties } from '@/db/schema';
import { AppError } from '@/lib/kernel/errors';
import type { DeleteAssetInput, UpsertPropertyInput } from '@/lib/validation/intake-assets';
import { address, addressShape, addressView } from '../load/address-shape';
import { recordList } from '../load/record-list';
import { aliased, as, columnsOf, recordColumns } from '../load/subqueries';
import type { PropertyView } from '../types';
import { defineRecord, type SavedStep } from './define';

type StoredProperty = { id: number; hash: string; version: number; addressId: number };

export const PROPERTY_HAS_GIFTS = 'This property is given as a specific gift. Remove the gift first.';

/** The address columns of a property or company save ('' stored as null). */
export function addressValues(input: { street: string; unit: string; city: string; state: string; zip: string; value: string | null }) {
  const orNull = (value: string) => (value.trim() === '' ? null : value);
  return {
    street: orNull(input.street),
    unit: orNull(input.unit),
    city: orNull(input.city),
    state: orNull(input.state),
    zip: orNull(input.zip),
    value: input.value,
  };
}

/** Updates an address row in place (a property's, a company's). */
export async function updateAddress(tx: Tx, addressId: number, address: ReturnType<typeof addressValues>): Promise<void> {
  await tx
    .update(addresses)
    .set({ ...address, updatedAt: sql`now()` })
    .where(eq(addresses.id, addressId));
}

/**
 * Real estate (intake §8): its address, purchase month and year, and each owner's primary-residence flag
 * (the spec's No / client 1 / client 2 / Both, never "same values"). A delete removes the address too; a
 * property given as a real-estate gift is kept (409): removing it would silently remove or empty the gift.
 */
export const propertyRecord = defineRecord<UpsertPropertyInput, StoredProperty, DeleteAssetInput>({
  table: properties,
  columns: { id: properties.id, hash: properties.hash, version: properties.version, addressId: properties.addressId },
  pivot: { table: clientProperties, record: clientProperties.propertyId, terms: { isPrimary: clientProperties.isPrimary } },
  owned: (input) => ({ owner: input.owner, sameValues: false, values1: { isPrimary: input.is_primary1 }, values2: { isPrimary: input.is_primary2 } }),
  audit: { noun: 'property', type: 'property', once: 'property' },
  values: ({ input }) => ({ purchaseMonth: input.purchase_month, purchaseYear: input.purchase_year }),
  insertValues: async ({ tx, input }) => {
    const [address] = await tx.insert(addresses).values(addressValues(input)).returning({ id: addresses.id });
    return { addressId: address.id };
  },
  afterSave: async (step) => {
    if (step.stored) await updateAddress(step.tx, step.stored.addressId, addressValues(step.input));
    await movePrimaryResidence(step);
  },
  beforeDelete: async (tx, property) => {
    const [gift] = await tx.select({ id: gifts.id }).from(gifts).where(eq(gifts.addressId, property.addressId)).limit(1);
    if (gift) throw new AppError('CONFLICT', PROPERTY_HAS_GIFTS);
  },
  afterDelete: async (tx, property) => {
    await tx.delete(addresses).where(eq(addresses.id, property.addressId));
  },
});

/**
 * One primary residence per owner (a partial unique index backs this): making this property an owner's
 * primary residence moves the flag off that owner's previous one (the form asked 'Confirm Primary
 * Residence Change' first), before the pivots are written.
 */
async function movePrimaryResidence({ tx, id, wanted }: SavedStep<UpsertPropertyInput, StoredProperty>): Promise<void> {
  const primaryOwners = wanted.filter((p) => p.values.isPrimary).map((p) => p.clientId);
  if (primaryOwners.length === 0) return;
  await tx
    .update(clientProperties)
    .set({ isPrimary: false })
    .where(and(inArray(clientProperties.clientId, primaryOwners), ne(clientProperties.propertyId, id), eq(clientProperties.isPrimary, true)));
}

// How the list is read (the intake's load) -------------------------------------------------------------------
const pr = aliased(properties, 'p');
const cp = aliased(clientProperties, 'cp');

/** Real estate with its address and each owner's primary-residence flag. */
export const propertyList = recordList({
  shape: { ...recordColumns(pr), ...columnsOf(cp, 'clientId', 'isPrimary'), ...columnsOf(pr, 'purchaseMonth', 'purchaseYear'), ...addressShape },
  from: sql`${as(cp)} join ${as(pr)} on ${eq(pr.id, cp.propertyId)} join ${as(address)} on ${eq(address.id, pr.addressId)}`,
  orderBy: [pr.id, cp.clientId],
  terms: (r) => r.isPrimary,
  view: ({ row, owner, values1, values2 }): PropertyView => ({
    hash: row.hash,
    version: row.version,
    owner,
    address: addressView(row.addressHash, row),
    purchaseMonth: row.purchaseMonth,
    purchaseYear: row.purchaseYear,
    isPrimary1: values1 ?? false,
    isPrimary2: values2 ?? false,
  }),
});

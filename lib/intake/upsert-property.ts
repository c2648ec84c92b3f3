import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '@/db';
import { addresses, clientProperties, properties } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { Household } from '@/lib/kernel/scope';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import type { UpsertPropertyInput } from '@/lib/validation/intake-assets';
import type { IntakeView } from './types';
import { applyPivots, clientIdsOf, createOnceKey, householdOwned, intakeWrite, pivotsFor, updateVersioned, type WriteOptions } from './write';

type StoredProperty = { id: number; hash: string; version: number; addressId: number };

function inHousehold(household: Household) {
  return sql`exists (select 1 from ${clientProperties} where ${clientProperties.propertyId} = ${properties.id} and ${inArray(clientProperties.clientId, clientIdsOf(household))})`;
}

/** A property of this household by public hash; NOT_FOUND for any other. */
export async function findProperty(tx: Tx, household: Household, hash: string): Promise<StoredProperty> {
  const [row] = await tx
    .select({ id: properties.id, hash: properties.hash, version: properties.version, addressId: properties.addressId })
    .from(properties)
    .where(and(eq(properties.hash, hash), inHousehold(household)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

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

/**
 * Creates or updates a property: its address, purchase month and year, and each owner's pivot with the
 * primary-residence flag. One primary residence per owner: making this property an owner's primary
 * residence moves the flag off that owner's previous one (the form asked 'Confirm Primary Residence
 * Change' first), in the same transaction. Answers the refreshed intake.
 */
export async function upsertProperty(ctx: RequestContext, input: UpsertPropertyInput, options: WriteOptions = {}): Promise<IntakeView> {
  return intakeWrite(
    ctx,
    input.client_hash,
    async (tx, household) => {
      // Each owner's own flag: the spec's No / client 1 / client 2 / Both, never "same values".
      const owned = householdOwned({ owner: input.owner, sameValues: false, values1: input.is_primary1, values2: input.is_primary2 }, household, options);
      const desired = pivotsFor<boolean>(owned, household);
      const stored = input.hash ? await findProperty(tx, household, input.hash) : null;
      const address = addressValues(input);

      let propertyId: number;
      if (stored) {
        await updateVersioned(tx, properties, stored.id, input.version, { purchaseMonth: input.purchase_month, purchaseYear: input.purchase_year });
        await tx
          .update(addresses)
          .set({ ...address, updatedAt: sql`now()` })
          .where(eq(addresses.id, stored.addressId));
        propertyId = stored.id;
      } else {
        const [addressRow] = await tx.insert(addresses).values(address).returning({ id: addresses.id });
        const [row] = await tx
          .insert(properties)
          .values({ addressId: addressRow.id, purchaseMonth: input.purchase_month, purchaseYear: input.purchase_year })
          .returning({ id: properties.id });
        propertyId = row.id;
      }

      // One primary residence per owner (a partial unique index backs this): clear the owner's previous one first.
      const primaryOwners = desired.filter((p) => p.values).map((p) => p.clientId);
      if (primaryOwners.length) {
        await tx
          .update(clientProperties)
          .set({ isPrimary: false })
          .where(and(inArray(clientProperties.clientId, primaryOwners), ne(clientProperties.propertyId, propertyId), eq(clientProperties.isPrimary, true)));
      }

      const pivots = await tx
        .select({ clientId: clientProperties.clientId, isPrimary: clientProperties.isPrimary })
        .from(clientProperties)
        .where(eq(clientProperties.propertyId, propertyId));
      await applyPivots(
        pivots.map((p) => ({ clientId: p.clientId, values: p.isPrimary })),
        desired,
        {
          insert: (p) => tx.insert(clientProperties).values({ clientId: p.clientId, propertyId, isPrimary: p.values }),
          update: (p) =>
            tx
              .update(clientProperties)
              .set({ isPrimary: p.values })
              .where(and(eq(clientProperties.propertyId, propertyId), eq(clientProperties.clientId, p.clientId))),
          remove: (clientIds) =>
            tx.delete(clientProperties).where(and(eq(clientProperties.propertyId, propertyId), inArray(clientProperties.clientId, clientIds))),
        },
      );
      await audit(tx, ctx, stored ? 'intake.property.update' : 'intake.property.create', { type: 'property', id: propertyId });
    },
    createOnceKey('property', input, options),
  );
}

import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '@/db';
import { clientFiduciaries, fiduciaries } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { Household } from '@/lib/kernel/scope';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import type { UpsertTrusteeInput } from '@/lib/validation/intake';
import type { IntakeView } from './types';
import {
  ALREADY_ON_LIST_MESSAGE,
  applyPivots,
  clientIdsOf,
  deleteOrphanPersons,
  householdOwned,
  createOnceKey,
  intakeWrite,
  pivotsFor,
  resolveRecordPerson,
  updateVersioned,
  type WriteOptions,
} from './write';

type StoredTrustee = { id: number; version: number; personId: number };

function inHousehold(household: Household) {
  return sql`exists (select 1 from ${clientFiduciaries} where ${clientFiduciaries.fiduciaryId} = ${fiduciaries.id} and ${inArray(clientFiduciaries.clientId, clientIdsOf(household))})`;
}

/** A successor trustee of this household by public hash; NOT_FOUND for any other. */
export async function findTrustee(tx: Tx, household: Household, hash: string): Promise<StoredTrustee> {
  const [row] = await tx
    .select({ id: fiduciaries.id, version: fiduciaries.version, personId: fiduciaries.personId })
    .from(fiduciaries)
    .where(and(eq(fiduciaries.hash, hash), inHousehold(household)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Creates or updates a successor trustee: the person (linked, own or new; name, phone, email) and each
 * owning client's serve order through the owner engine. Answers the refreshed intake.
 */
export async function upsertTrustee(ctx: RequestContext, input: UpsertTrusteeInput, options: WriteOptions = {}): Promise<IntakeView> {
  return intakeWrite(
    ctx,
    input.client_hash,
    async (tx, household) => {
      const owned = householdOwned(
        { owner: input.owner, sameValues: input.same_values, values1: input.values1.order, values2: input.values2.order },
        household,
        options,
      );
      const desired = pivotsFor(owned, household);
      const stored = input.hash ? await findTrustee(tx, household, input.hash) : null;

      const personId = await resolveRecordPerson(tx, household, {
        currentPersonId: stored?.personId ?? null,
        linkHash: input.existing_person_hash,
        personVersion: input.person_version,
        fields: {
          firstName: input.first_name,
          middleName: input.middle_name,
          lastName: input.last_name,
          suffix: input.suffix,
          phone: input.phone,
          email: input.email,
        },
      });
      const [duplicate] = await tx
        .select({ id: fiduciaries.id })
        .from(fiduciaries)
        .where(and(eq(fiduciaries.personId, personId), stored ? ne(fiduciaries.id, stored.id) : sql`true`, inHousehold(household)))
        .limit(1);
      if (duplicate) throw new AppError('VALIDATION', ALREADY_ON_LIST_MESSAGE, { existing_person_hash: ALREADY_ON_LIST_MESSAGE });

      let trusteeId: number;
      if (stored) {
        await updateVersioned(tx, fiduciaries, stored.id, input.version, { personId });
        trusteeId = stored.id;
      } else {
        const [row] = await tx.insert(fiduciaries).values({ personId }).returning({ id: fiduciaries.id });
        trusteeId = row.id;
      }

      const pivots = await tx
        .select({ clientId: clientFiduciaries.clientId, order: clientFiduciaries.order })
        .from(clientFiduciaries)
        .where(eq(clientFiduciaries.fiduciaryId, trusteeId));
      await applyPivots(
        pivots.map((p) => ({ clientId: p.clientId, values: p.order })),
        desired,
        {
          insert: (p) => tx.insert(clientFiduciaries).values({ clientId: p.clientId, fiduciaryId: trusteeId, order: p.values }),
          update: (p) =>
            tx
              .update(clientFiduciaries)
              .set({ order: p.values })
              .where(and(eq(clientFiduciaries.fiduciaryId, trusteeId), eq(clientFiduciaries.clientId, p.clientId))),
          remove: (clientIds) =>
            tx.delete(clientFiduciaries).where(and(eq(clientFiduciaries.fiduciaryId, trusteeId), inArray(clientFiduciaries.clientId, clientIds))),
        },
      );

      if (stored) await deleteOrphanPersons(tx, [stored.personId]);
      await audit(tx, ctx, stored ? 'intake.trustee.update' : 'intake.trustee.create', { type: 'fiduciary', id: trusteeId });
    },
    createOnceKey('fiduciary', input, options),
  );
}

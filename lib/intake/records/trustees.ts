import 'server-only';
import { clientFiduciaries, fiduciaries } from '@/db/schema';
import type { RequestContext } from '@/lib/kernel/context';
import type { DeleteTrusteeInput, UpsertTrusteeInput } from '@/lib/validation/intake';
import type { WriteOptions } from '../write';
import { defineRecord } from './define';
import { deleteRecord, upsertRecord } from './engine';

type StoredTrustee = { id: number; version: number; personId: number };

/** Successor trustees (intake §5): a person (name, phone, email) and each owning client's serve order. */
export const trusteeRecord = defineRecord<UpsertTrusteeInput, StoredTrustee, DeleteTrusteeInput>({
  table: fiduciaries,
  columns: { id: fiduciaries.id, version: fiduciaries.version, personId: fiduciaries.personId },
  pivot: { table: clientFiduciaries, record: clientFiduciaries.fiduciaryId, terms: { order: clientFiduciaries.order } },
  owned: (input) => ({ owner: input.owner, sameValues: input.same_values, values1: { order: input.values1.order }, values2: { order: input.values2.order } }),
  person: { column: fiduciaries.personId, contact: ['phone', 'email'], unique: true },
  audit: { noun: 'trustee', type: 'fiduciary', once: 'fiduciary' },
  values: ({ personId }) => ({ personId }),
});

/** Creates or updates a successor trustee; answers the refreshed intake. */
export const upsertTrustee = (ctx: RequestContext, input: UpsertTrusteeInput, options?: WriteOptions) => upsertRecord(trusteeRecord, ctx, input, options);
/** Removes a successor trustee (both owners' orders); the person row goes too unless another list uses it. */
export const deleteTrustee = (ctx: RequestContext, input: DeleteTrusteeInput) => deleteRecord(trusteeRecord, ctx, input);

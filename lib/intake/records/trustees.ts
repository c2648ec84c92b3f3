import 'server-only';
import { clientFiduciaries, fiduciaries } from '@/db/schema';
import type { DeleteTrusteeInput, UpsertTrusteeInput } from '@/lib/validation/intake';
import { defineRecord } from './define';

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


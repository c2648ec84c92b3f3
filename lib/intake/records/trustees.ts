import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { clientFiduciaries, fiduciaries, persons } from '@/db/schema';
import type { DeleteTrusteeInput, UpsertTrusteeInput } from '@/lib/validation/intake';
import { personShape, personView } from '../load/person-shape';
import { firstOrder } from '../load/pivots';
import { recordList } from '../load/record-list';
import { aliased, as, recordColumns } from '../load/subqueries';
import type { TrusteeView } from '../types';
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

// How the list is read (the intake's load) -------------------------------------------------------------------
const f = aliased(fiduciaries, 'f');
const cf = aliased(clientFiduciaries, 'cf');
const p = aliased(persons, 'p');

/** Successor trustees in serve order (the first place either owner gives them; unordered last). */
export const trusteeList = recordList({
  shape: { ...recordColumns(f), clientId: cf.clientId, order: cf.order, person: personShape(p, false) },
  from: sql`${as(cf)} join ${as(f)} on ${eq(f.id, cf.fiduciaryId)} join ${as(p)} on ${eq(p.id, f.personId)}`,
  orderBy: [f.id, cf.clientId],
  terms: (r) => r.order,
  view: ({ row, owner, values1, values2 }): TrusteeView => ({
    hash: row.hash,
    version: row.version,
    owner,
    person: personView(row.person),
    order1: values1,
    order2: values2,
  }),
  order: (a, b) => firstOrder(a.order1, a.order2) - firstOrder(b.order1, b.order2),
});

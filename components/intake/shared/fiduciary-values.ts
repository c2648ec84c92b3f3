import { sameValuesOf } from '@/lib/intake/owners';
import type { Owner } from '@/lib/intake/owners';
import { nextServeOrder } from '@/lib/intake/serve-order';
import type { IntakeView, PersonView } from '@/lib/intake/types';
import { newRecordOwner } from './people';

/**
 * Successor trustees and agents are the same kind of record for the page: a person with phone and email,
 * an owner, and a serve order per owning client. Their forms share these values.
 */
export type Fiduciary = { hash: string; version: number; owner: Owner; person: PersonView; order1: number | null; order2: number | null };

/** A client's serve order as the form holds it ('' when none). */
export type OrderValues = { order: number | string };
export const EMPTY_ORDER: OrderValues = { order: '' };

export function fiduciaryFormValues(view: IntakeView, record: Fiduciary | null, list: readonly Fiduciary[]) {
  const person = record?.person ?? null;
  const owner = record?.owner ?? newRecordOwner(view);
  // A new record is next in line for each client.
  const values1: OrderValues = { order: record ? (record.order1 ?? '') : nextServeOrder(list.map((r) => r.order1)) };
  const values2: OrderValues = { order: record ? (record.order2 ?? '') : nextServeOrder(list.map((r) => r.order2)) };
  return {
    client_hash: view.client.hash,
    hash: record?.hash ?? '',
    version: record?.version,
    person_version: person?.version,
    existing_person_hash: '',
    owner,
    same_values: !record || owner !== 'both' || sameValuesOf(values1, values2),
    values1,
    values2,
    first_name: person?.firstName ?? '',
    middle_name: person?.middleName ?? '',
    last_name: person?.lastName ?? '',
    suffix: person?.suffix ?? '',
    phone: person?.phone ?? '',
    email: person?.email ?? '',
  };
}

/** The other records' orders of each client, for the serve order options. */
export function otherOrders(list: readonly Fiduciary[], record: Fiduciary | null) {
  const others = list.filter((r) => r.hash !== record?.hash);
  return { orders1: others.map((r) => r.order1), orders2: others.map((r) => r.order2) };
}

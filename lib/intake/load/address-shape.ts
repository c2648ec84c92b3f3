import { addresses } from '@/db/schema';
import type { AddressView } from '../types';
import { asText, type RowOf } from './json-shape';
import { aliased, columnsOf } from './subqueries';

/** `addresses` as the lists' subqueries join it (`as(address)` in their from). */
export const address = aliased(addresses, 'a');

/** An address's columns in a list's element, its value as text. */
export const addressShape = { addressHash: address.hash, ...columnsOf(address, 'street', 'unit', 'city', 'state', 'zip'), value: asText(address.value) };
type AddressParts = Omit<RowOf<typeof addressShape>, 'addressHash'>;

/** The view of an address read by addressShape (its hash given apart: a left join's may be null). */
export function addressView(hash: string, r: AddressParts): AddressView {
  return { hash, street: r.street ?? '', unit: r.unit ?? '', city: r.city ?? '', state: r.state ?? '', zip: r.zip ?? '', value: r.value };
}

import { z } from 'zod';

/*
 * Reading the earlier front end's flat payloads (JSON or form fields): the values as it sends them, turned
 * into what the intake schemas read. Shared by the family (intake-payloads.ts), client record and asset
 * payloads.
 */

export type Body = Record<string, unknown>;

/** Text as the old front end sends it: null is absent, numbers are their digits. */
export const text = (value: unknown) => (value === null ? undefined : typeof value === 'number' ? String(value) : value);

/** Lower-cased trimmed text; anything else as it is (the schema refuses it). */
export const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** Whether a field was sent with a value. */
export const sent = (value: unknown) => value !== undefined && value !== null && value !== '';

/** A yes/no flag as JSON (true, 1) or form fields ('1', 'true', 'yes', 'on'); blank is Unanswered. */
export function legacyBoolean(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  if (value === true || value === 1) return true;
  if (value === false || value === 0) return false;
  if (typeof value === 'string') {
    if (/^(1|true|yes|on)$/i.test(value.trim())) return true;
    if (/^(0|false|no|off)$/i.test(value.trim())) return false;
  }
  return value;
}

/** A flag that is absent when not sent (a partial save), else as legacyBoolean. */
export const presentBoolean = (body: Body, key: string) => (key in body ? legacyBoolean(body[key]) : undefined);

/** The owner as sent ('1', 2, 'Both'); a value that is not text goes to the rule as it is, which refuses it. */
export function legacyOwner(value: unknown): unknown {
  const owner = text(value);
  if (typeof owner !== 'string') return owner;
  return owner.trim() === '' ? undefined : owner.trim().toLowerCase();
}

/** A hash field; '' and null mean none. */
export const hashOf = (value: unknown) => (value === null || value === '' ? undefined : value);

/** The name fields, under a prefix (guardian_1_first_name ...). */
export const nameFields = (body: Body, prefix = '') => ({
  first_name: text(body[`${prefix}first_name`]),
  middle_name: text(body[`${prefix}middle_name`]),
  last_name: text(body[`${prefix}last_name`]),
  suffix: text(body[`${prefix}suffix`]),
});

/** Separate values when owner both sends any spouse value; otherwise the client's values for both. */
export function sameValues(owner: unknown, body: Body, spouseKeys: string[]): boolean {
  return !(owner === 'both' && spouseKeys.some((key) => body[key] !== undefined && body[key] !== null && body[key] !== ''));
}

/** The record a save names: the client it is for (hash_id), the item's hash under `itemKey`, its version. */
export const recordRef = (body: Body, itemKey: string) => ({ client_hash: body.hash_id, hash: hashOf(body[itemKey]), version: body.version ?? undefined });

/** A delete call's payload: the client (hash_id), the item's hash under `itemKey`, its version. */
export const deleteRef = (itemKey: string) => (body: Body) => ({ client_hash: body.hash_id, hash: body[itemKey], version: body.version ?? undefined });

const asBody = (value: unknown): Body => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {});

/** A schema that reads a legacy payload: `map` turns its body into the input `schema` checks. */
export const legacyPayload = <S extends z.ZodType>(map: (body: Body) => unknown, schema: S) => z.preprocess((value) => map(asBody(value)), schema);

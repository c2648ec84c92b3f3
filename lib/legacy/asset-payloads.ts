import type { AccountKind } from '@/lib/intake/types';
import { legacyAssetShapes } from '@/lib/validation/intake-assets';
import { GIFT_TYPES } from '@/lib/validation/lists';
import { deleteRef, hashOf, legacyBoolean, legacyOwner, legacyPayload, lower, recordRef, sent, text, type Body } from './payload-values';

/*
 * The earlier front end's asset calls (intake §7, "Asset sections"): flat payloads (hash_id_property,
 * share_percent1 / 2, hash_id_bene ...) mapped onto the asset schemas. As for the family calls
 * (intake-payloads.ts), owners are numbered from the client the call names (hash_id; for the note, hash).
 */

const address = (body: Body) => ({
  street: text(body.street),
  unit: text(body.unit),
  city: text(body.city),
  state: text(body.state),
  zip: text(body.zip),
  value: text(body.value),
});

/**
 * is_primary of the earlier front end: for a single owner a checkbox (any true value); for a shared property
 * the choice No / 1 / 2 / Both ('no', 1, 2, 'both'; true counts as Both).
 */
export function legacyPrimaryFlags(owner: unknown, value: unknown): { is_primary1: boolean; is_primary2: boolean } {
  const raw = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (owner === 'both') {
    if (raw === 1 || raw === '1') return { is_primary1: true, is_primary2: false };
    if (raw === 2 || raw === '2') return { is_primary1: false, is_primary2: true };
    const both = raw === 'both' || legacyBoolean(raw) === true;
    return { is_primary1: both, is_primary2: both };
  }
  const on = raw === 'both' || raw === 1 || raw === '1' || legacyBoolean(raw) === true;
  return { is_primary1: on && owner !== '2', is_primary2: on && owner === '2' };
}

function propertyFromLegacy(body: Body) {
  const owner = legacyOwner(body.owner);
  return {
    ...recordRef(body, 'hash_id_property'),
    owner,
    ...legacyPrimaryFlags(owner, body.is_primary),
    ...address(body),
    purchase_month: text(body.purchase_month),
    purchase_year: text(body.purchase_year),
  };
}

function companyFromLegacy(body: Body) {
  const owner = legacyOwner(body.owner);
  const spouseSent = ['share_percent2', 'stock_shares2'].some((key) => sent(body[key]));
  return {
    ...recordRef(body, 'hash_id_company'),
    owner,
    same_values: !(owner === 'both' && spouseSent),
    values1: { share_percent: text(body.share_percent1), stock_shares: text(body.stock_shares1) },
    values2: { share_percent: text(body.share_percent2), stock_shares: text(body.stock_shares2) },
    name: text(body.name),
    type: lower(body.type),
    ...address(body),
  };
}

const GIFT_TYPE_BY_LABEL: Record<string, string> = Object.fromEntries(Object.entries(GIFT_TYPES).map(([key, label]) => [label.toLowerCase(), key]));

function giftFromLegacy(body: Body) {
  const type = lower(body.gift_type);
  return {
    ...recordRef(body, 'hash_id_gift'),
    owner: legacyOwner(body.owner),
    gift_type: typeof type === 'string' ? (GIFT_TYPE_BY_LABEL[type] ?? type) : type,
    beneficiary_hash: hashOf(body.hash_id_bene),
    address_hash: hashOf(body.hash_id_address),
    cash_amount: text(body.cash_amount),
    specific_item: text(body.specific_item),
    predecease_distribution: lower(body.predecease_distribution),
  };
}

const accountFromLegacy = (kind: AccountKind) => (body: Body) => ({
  ...recordRef(body, 'hash_id_account'),
  kind,
  owner: legacyOwner(body.owner),
  company: text(body.company),
  type: kind === 'annuity' ? undefined : text(body.type),
  number: text(body.number),
  value: text(body.value),
});

const noteFromLegacy = (body: Body) => ({ client_hash: body.hash ?? body.hash_id, version: body.version ?? undefined, body: text(body.note) });

export const legacyUpsertPropertySchema = legacyPayload(propertyFromLegacy, legacyAssetShapes.property);
export const legacyUpsertCompanySchema = legacyPayload(companyFromLegacy, legacyAssetShapes.company);
export const legacyUpsertGiftSchema = legacyPayload(giftFromLegacy, legacyAssetShapes.gift);
export const legacyUpsertAccountSchema = (kind: AccountKind) => legacyPayload(accountFromLegacy(kind), legacyAssetShapes.account);
export const legacySaveNoteSchema = legacyPayload(noteFromLegacy, legacyAssetShapes.note);
export const legacyDeletePropertySchema = legacyPayload(deleteRef('hash_id_property'), legacyAssetShapes.delete);
export const legacyDeleteCompanySchema = legacyPayload(deleteRef('hash_id_company'), legacyAssetShapes.delete);
export const legacyDeleteGiftSchema = legacyPayload(deleteRef('hash_id_gift'), legacyAssetShapes.delete);
export const legacyDeleteAccountSchema = (kind: AccountKind) =>
  legacyPayload((body) => ({ ...deleteRef('hash_id_account')(body), kind }), legacyAssetShapes.deleteAccount);

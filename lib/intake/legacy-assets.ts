import { z } from 'zod';
import { maskAccountNumber } from '@/lib/format/account';
import { GIFT_TYPES } from '@/lib/validation/lists';
import { legacyAssetShapes } from '@/lib/validation/intake-assets';
import type { AccountKind, AccountView, AddressView, BeneficiaryView, CompanyTerms, CompanyView, GiftView, IntakeView, PropertyView } from './types';
import { byOwnerLists, legacyBoolean, legacyOwner, perspectiveOf, toLegacyLists, type LegacyClientExtras } from './legacy';
import type { Owner } from './owners';

/*
 * The earlier front end's asset calls (intake §7, "Asset sections"): flat payloads (hash_id_property,
 * share_percent1 / 2, hash_id_bene ...) mapped onto the asset schemas, and the full refreshed data the spec
 * says every asset call answers: the family lists of toLegacyLists plus properties, companies1/2/Both,
 * gifts, retirementAccounts, brokerageAccounts, bankAccounts, annuityAccounts and notes. As in
 * lib/intake/legacy.ts, owners are numbered from the client the call names (hash_id; for the note, hash).
 * Account numbers leave only masked (••••1234).
 */

type Body = Record<string, unknown>;
const asBody = (value: unknown): Body => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {});
const text = (value: unknown) => (value === null ? undefined : typeof value === 'number' ? String(value) : value);
const hashOf = (value: unknown) => (value === null || value === '' ? undefined : value);
const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value);
const legacy = <S extends z.ZodType>(map: (body: Body) => unknown, schema: S) => z.preprocess((value) => map(asBody(value)), schema);
const sent = (value: unknown) => value !== undefined && value !== null && value !== '';

const record = (body: Body, itemKey: string) => ({ client_hash: body.hash_id, hash: hashOf(body[itemKey]), version: body.version ?? undefined });
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
    ...record(body, 'hash_id_property'),
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
    ...record(body, 'hash_id_company'),
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
    ...record(body, 'hash_id_gift'),
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
  ...record(body, 'hash_id_account'),
  kind,
  owner: legacyOwner(body.owner),
  company: text(body.company),
  type: kind === 'annuity' ? undefined : text(body.type),
  number: text(body.number),
  value: text(body.value),
});

const noteFromLegacy = (body: Body) => ({ client_hash: body.hash ?? body.hash_id, version: body.version ?? undefined, body: text(body.note) });
const deleteFromLegacy = (itemKey: string) => (body: Body) => ({ client_hash: body.hash_id, hash: body[itemKey], version: body.version ?? undefined });

export const legacyUpsertPropertySchema = legacy(propertyFromLegacy, legacyAssetShapes.property);
export const legacyUpsertCompanySchema = legacy(companyFromLegacy, legacyAssetShapes.company);
export const legacyUpsertGiftSchema = legacy(giftFromLegacy, legacyAssetShapes.gift);
export const legacyUpsertAccountSchema = (kind: AccountKind) => legacy(accountFromLegacy(kind), legacyAssetShapes.account);
export const legacySaveNoteSchema = legacy(noteFromLegacy, legacyAssetShapes.note);
export const legacyDeletePropertySchema = legacy(deleteFromLegacy('hash_id_property'), legacyAssetShapes.delete);
export const legacyDeleteCompanySchema = legacy(deleteFromLegacy('hash_id_company'), legacyAssetShapes.delete);
export const legacyDeleteGiftSchema = legacy(deleteFromLegacy('hash_id_gift'), legacyAssetShapes.delete);
export const legacyDeleteAccountSchema = (kind: AccountKind) =>
  legacy((body) => ({ ...deleteFromLegacy('hash_id_account')(body), kind }), legacyAssetShapes.deleteAccount);

// ---------------------------------------------------------------------------------------------------------
// IntakeView → the spec's answer

const flip = (owner: Owner, perspective: 1 | 2): Owner => (perspective === 1 || owner === 'both' ? owner : owner === '1' ? '2' : '1');
const pick = <T>(perspective: 1 | 2, one: T, two: T): [T, T] => (perspective === 1 ? [one, two] : [two, one]);

function addressLines(a: AddressView) {
  const lineOne = [a.street, a.unit].filter(Boolean).join(' ');
  const lineTwo = [[a.city, a.state].filter(Boolean).join(', '), a.zip].filter(Boolean).join(' ');
  return { line_one: lineOne, line_two: lineTwo, full: [lineOne, lineTwo].filter(Boolean).join(', ') };
}

function addressFields(a: AddressView) {
  return { street: a.street, unit: a.unit, city: a.city, state: a.state, zip: a.zip, value: a.value, ...addressLines(a) };
}

function legacyAddress(a: AddressView) {
  return { hash_id: a.hash, ...addressFields(a) };
}

function legacyProperty(p: PropertyView, perspective: 1 | 2) {
  const [primary1, primary2] = pick(perspective, p.isPrimary1, p.isPrimary2);
  const owner = flip(p.owner, perspective);
  return {
    hash_id: p.hash,
    version: p.version,
    owner,
    hash_id_address: p.address.hash,
    ...addressFields(p.address),
    purchase_month: p.purchaseMonth,
    purchase_year: p.purchaseYear,
    is_primary1: primary1,
    is_primary2: primary2,
    // The addressed client's own flag (or the spouse's for the spouse's property).
    pivot: { is_primary: owner === '2' ? primary2 : primary1 },
  };
}

function legacyCompanyTerms(n: 1 | 2, terms: CompanyTerms | null) {
  return { [`share_percent${n}`]: terms?.sharePercent ?? null, [`stock_shares${n}`]: terms?.stockShares ?? null };
}

function legacyCompany(c: CompanyView, perspective: 1 | 2) {
  const [terms1, terms2] = pick(perspective, c.terms1, c.terms2);
  return {
    hash_id: c.hash,
    version: c.version,
    owner: flip(c.owner, perspective),
    name: c.name,
    type: c.type,
    address: c.address ? legacyAddress(c.address) : null,
    ...legacyCompanyTerms(1, terms1),
    ...legacyCompanyTerms(2, terms2),
  };
}

function legacyGiftBeneficiary(b: BeneficiaryView | undefined) {
  if (!b) return null;
  return {
    hash_id: b.hash,
    type: b.type,
    first_name: b.person?.firstName ?? null,
    middle_name: b.person?.middleName ?? null,
    last_name: b.person?.lastName ?? null,
    suffix: b.person?.suffix ?? null,
    name: b.entity?.name ?? null,
  };
}

function legacyGift(g: GiftView, perspective: 1 | 2, view: IntakeView) {
  return {
    hash_id: g.hash,
    version: g.version,
    owner: flip(g.owner, perspective),
    gift_type: g.giftType,
    beneficiary: legacyGiftBeneficiary(view.beneficiaries.find((b) => b.hash === g.beneficiaryHash)),
    hash_id_bene: g.beneficiaryHash,
    hash_id_address: g.addressHash,
    cash_amount: g.cashAmount,
    specific_item: g.specificItem,
    predecease_distribution: g.predeceaseDistribution,
  };
}

function legacyAccount(a: AccountView, perspective: 1 | 2) {
  return {
    hash_id: a.hash,
    version: a.version,
    owner: flip(a.owner, perspective),
    company: a.company,
    ...(a.kind === 'annuity' ? {} : { type: a.type }),
    number: maskAccountNumber(a.numberLast4) || null,
    value: a.value,
  };
}

/**
 * The full refreshed client data every asset call answers (intake §7): the family lists and client of
 * toLegacyLists, then properties, companies1/2/Both, gifts, the four account lists and notes.
 */
export function toLegacyData(view: IntakeView, addressedHash: string, extras: LegacyClientExtras) {
  const perspective = perspectiveOf(view, addressedHash);
  return {
    ...toLegacyLists(view, addressedHash, extras),
    properties: view.properties.map((p) => legacyProperty(p, perspective)),
    ...byOwnerLists(
      'companies',
      view.companies.map((c) => legacyCompany(c, perspective)),
    ),
    gifts: view.gifts.map((g) => legacyGift(g, perspective, view)),
    retirementAccounts: view.retirementAccounts.map((a) => legacyAccount(a, perspective)),
    brokerageAccounts: view.brokerageAccounts.map((a) => legacyAccount(a, perspective)),
    bankAccounts: view.bankAccounts.map((a) => legacyAccount(a, perspective)),
    annuityAccounts: view.annuityAccounts.map((a) => legacyAccount(a, perspective)),
    notes: view.note.hash ? [{ hash_id: view.note.hash, version: view.note.version, note: view.note.body }] : [],
  };
}

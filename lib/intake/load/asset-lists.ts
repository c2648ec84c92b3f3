import { eq, sql } from 'drizzle-orm';
import {
  accounts,
  addresses,
  beneficiaries,
  clientAccounts,
  clientCompanies,
  clientGifts,
  clientProperties,
  companies,
  gifts,
  notes,
  properties,
} from '@/db/schema';
import type { HouseholdOwners } from '../owners';
import type { AccountView, AddressView, CompanyTerms, CompanyView, GiftView, NoteView, PropertyView } from '../types';
import { asText, jsonElement, jsonOne, jsonRows, orNull, type RowOf } from './json-shape';
import { itemsOf } from './pivots';
import { aliased, as, listColumn, type ListScope, recordColumns, subquery } from './subqueries';

/*
 * The asset lists of sections 7-14 (properties, companies, gifts, accounts) and owner 1's note. Each list is
 * one JSON column of pivot rows (one element per item and owning client), grouped here by item. Money and
 * percentages as text; an account number only by its last four.
 */

const a = aliased(addresses, 'a');
const addressShape = {
  addressHash: a.hash,
  street: a.street,
  unit: a.unit,
  city: a.city,
  state: a.state,
  zip: a.zip,
  value: asText(a.value),
};
type AddressParts = Omit<RowOf<typeof addressShape>, 'addressHash'>;

function addressOf(hash: string, r: AddressParts): AddressView {
  return { hash, street: r.street ?? '', unit: r.unit ?? '', city: r.city ?? '', state: r.state ?? '', zip: r.zip ?? '', value: r.value };
}

// Properties -------------------------------------------------------------------------------------------------
const p = aliased(properties, 'p');
const cp = aliased(clientProperties, 'cp');
const propertyShape = {
  ...recordColumns(p),
  clientId: cp.clientId,
  isPrimary: cp.isPrimary,
  purchaseMonth: p.purchaseMonth,
  purchaseYear: p.purchaseYear,
  ...addressShape,
};

export function propertiesColumn(scope: ListScope) {
  const from = sql`${as(cp)} join ${as(p)} on ${eq(p.id, cp.propertyId)} join ${as(a)} on ${eq(a.id, p.addressId)}`;
  return listColumn(scope, propertyShape, [p.id, cp.clientId], from);
}

export function propertyViews(value: unknown, owners: HouseholdOwners): PropertyView[] {
  return itemsOf(jsonRows(value, propertyShape), owners, (r) => r.isPrimary).map(({ row, owner, values1, values2 }) => ({
    hash: row.hash,
    version: row.version,
    owner,
    address: addressOf(row.addressHash, row),
    purchaseMonth: row.purchaseMonth,
    purchaseYear: row.purchaseYear,
    isPrimary1: values1 ?? false,
    isPrimary2: values2 ?? false,
  }));
}

// Companies --------------------------------------------------------------------------------------------------
const c = aliased(companies, 'c');
const cc = aliased(clientCompanies, 'cc');
const companyShape = {
  ...recordColumns(c),
  clientId: cc.clientId,
  name: c.name,
  type: c.type,
  sharePercent: asText(cc.sharePercent),
  stockShares: cc.stockShares,
  // The address is left-joined: its hash is null when the company has none (the key keeps its place).
  ...addressShape,
  addressHash: orNull(a.hash),
};

export function companiesColumn(scope: ListScope) {
  const from = sql`${as(cc)} join ${as(c)} on ${eq(c.id, cc.companyId)} left join ${as(a)} on ${eq(a.id, c.addressId)}`;
  return listColumn(scope, companyShape, [c.id, cc.clientId], from);
}

export function companyViews(value: unknown, owners: HouseholdOwners): CompanyView[] {
  const termsOf = (r: RowOf<typeof companyShape>): CompanyTerms => ({
    sharePercent: r.sharePercent,
    stockShares: r.stockShares === null ? null : Number(r.stockShares),
  });
  return itemsOf(jsonRows(value, companyShape), owners, termsOf).map(({ row, owner, values1, values2 }) => ({
    hash: row.hash,
    version: row.version,
    owner,
    name: row.name,
    type: row.type,
    address: row.addressHash ? addressOf(row.addressHash, row) : null,
    terms1: values1,
    terms2: values2,
  }));
}

// Gifts ------------------------------------------------------------------------------------------------------
const g = aliased(gifts, 'g');
const cg = aliased(clientGifts, 'cg');
const b = aliased(beneficiaries, 'b');
const giftShape = {
  ...recordColumns(g),
  clientId: cg.clientId,
  giftType: g.giftType,
  beneficiaryHash: b.hash,
  addressHash: orNull(a.hash),
  cashAmount: asText(g.cashAmount),
  specificItem: g.specificItem,
  predeceaseDistribution: g.predeceaseDistribution,
};

export function giftsColumn(scope: ListScope) {
  const from = sql`${as(cg)} join ${as(g)} on ${eq(g.id, cg.giftId)} join ${as(b)} on ${eq(b.id, g.beneficiaryId)} left join ${as(a)} on ${eq(a.id, g.addressId)}`;
  return listColumn(scope, giftShape, [g.id, cg.clientId], from);
}

export function giftViews(value: unknown, owners: HouseholdOwners): GiftView[] {
  return itemsOf(jsonRows(value, giftShape), owners, () => null).map(({ row, owner }) => ({
    hash: row.hash,
    version: row.version,
    owner,
    giftType: row.giftType,
    beneficiaryHash: row.beneficiaryHash,
    addressHash: row.addressHash,
    cashAmount: row.cashAmount,
    specificItem: row.specificItem,
    predeceaseDistribution: row.predeceaseDistribution,
  }));
}

// Accounts (retirement, brokerage, bank, annuity) -------------------------------------------------------------
const x = aliased(accounts, 'x');
const cx = aliased(clientAccounts, 'ca');
const accountShape = {
  ...recordColumns(x),
  clientId: cx.clientId,
  kind: x.kind,
  company: x.company,
  type: x.type,
  numberLast4: x.numberLast4,
  value: asText(x.value),
};

export function accountsColumn(scope: ListScope) {
  const from = sql`${as(cx)} join ${as(x)} on ${eq(x.id, cx.accountId)}`;
  return listColumn(scope, accountShape, [x.id, cx.clientId], from);
}

export function accountViews(value: unknown, owners: HouseholdOwners): AccountView[] {
  return itemsOf(jsonRows(value, accountShape), owners, () => null).map(({ row, owner }) => ({
    hash: row.hash,
    version: row.version,
    kind: row.kind,
    owner,
    company: row.company ?? '',
    type: row.kind === 'annuity' ? '' : (row.type ?? ''),
    numberLast4: row.numberLast4,
    value: row.value,
  }));
}

// Owner 1's note ---------------------------------------------------------------------------------------------
const n = aliased(notes, 'n');
const noteShape = { hash: n.hash, version: n.version, body: n.body };

export function noteColumn(scope: ListScope) {
  return subquery(sql`select ${jsonElement(noteShape)} from ${as(n)} where ${n.clientId} = ${scope.owner1Id}`);
}

export function noteView(value: unknown): NoteView {
  const row = jsonOne(value, noteShape);
  return row ? { hash: row.hash, version: row.version, body: row.body ?? '' } : { hash: null, version: null, body: '' };
}

import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { addresses, clientCompanies, companies } from '@/db/schema';
import type { CompanyTermsInput, DeleteAssetInput, UpsertCompanyInput } from '@/lib/validation/intake-assets';
import { stockSharesFor } from '../asset-rules';
import { address, addressShape, addressView } from '../load/address-shape';
import { asText, orNull } from '../load/json-shape';
import { recordList } from '../load/record-list';
import { aliased, as, columnsOf, recordColumns } from '../load/subqueries';
import type { CompanyTerms, CompanyView } from '../types';
import { defineRecord, type SaveStep } from './define';
import { addressValues, updateAddress } from './properties';

type StoredCompany = { id: number; hash: string; version: number; addressId: number | null };

const hasAddress = (address: ReturnType<typeof addressValues>) => Object.values(address).some((value) => value !== null);

/**
 * Companies (intake §9): name, type, an optional address, and each owner's share percent and stock shares.
 * Stock shares are stored only for corporations (null for any other type, whatever was sent). A delete
 * removes the address too.
 */
export const companyRecord = defineRecord<UpsertCompanyInput, StoredCompany, DeleteAssetInput>({
  table: companies,
  columns: { id: companies.id, hash: companies.hash, version: companies.version, addressId: companies.addressId },
  pivot: {
    table: clientCompanies,
    record: clientCompanies.companyId,
    terms: { sharePercent: clientCompanies.sharePercent, stockShares: clientCompanies.stockShares },
  },
  owned: (input) => {
    const terms = (t: CompanyTermsInput) => ({ sharePercent: t.share_percent, stockShares: stockSharesFor(input.type, t.stock_shares) });
    return { owner: input.owner, sameValues: input.same_values, values1: terms(input.values1), values2: terms(input.values2) };
  },
  audit: { noun: 'company', type: 'company', once: 'company' },
  values: companyValues,
  // An address emptied by the save goes once the company no longer points at it.
  afterSave: async ({ tx, input, stored }) => {
    if (stored?.addressId != null && !hasAddress(addressValues(input))) await tx.delete(addresses).where(eq(addresses.id, stored.addressId));
  },
  afterDelete: async (tx, company) => {
    if (company.addressId !== null) await tx.delete(addresses).where(eq(addresses.id, company.addressId));
  },
});

/** Name and type, and the address written first: updated in place, added, or (emptied) dropped after the save. */
async function companyValues({ tx, input, stored }: SaveStep<UpsertCompanyInput, StoredCompany>) {
  const address = addressValues(input);
  let addressId = stored?.addressId ?? null;
  if (hasAddress(address) && addressId !== null) await updateAddress(tx, addressId, address);
  else if (hasAddress(address)) [{ id: addressId }] = await tx.insert(addresses).values(address).returning({ id: addresses.id });
  else addressId = null;
  return { name: input.name, type: input.type, addressId };
}

// How the list is read (the intake's load) -------------------------------------------------------------------
const c = aliased(companies, 'c');
const cc = aliased(clientCompanies, 'cc');
const companyShape = {
  ...recordColumns(c),
  ...columnsOf(c, 'name', 'type'),
  clientId: cc.clientId,
  sharePercent: asText(cc.sharePercent),
  stockShares: cc.stockShares,
  // The address is left-joined: its hash is null when the company has none (the key keeps its place).
  ...addressShape,
  addressHash: orNull(address.hash),
};

/** Companies with their address (when they have one) and each owner's shares. */
export const companyList = recordList({
  shape: companyShape,
  from: sql`${as(cc)} join ${as(c)} on ${eq(c.id, cc.companyId)} left join ${as(address)} on ${eq(address.id, c.addressId)}`,
  orderBy: [c.id, cc.clientId],
  terms: (r): CompanyTerms => ({ sharePercent: r.sharePercent, stockShares: r.stockShares === null ? null : Number(r.stockShares) }),
  view: ({ row, owner, values1, values2 }): CompanyView => ({
    hash: row.hash,
    version: row.version,
    owner,
    name: row.name,
    type: row.type,
    address: row.addressHash ? addressView(row.addressHash, row) : null,
    terms1: values1,
    terms2: values2,
  }),
});

import 'server-only';
import { eq } from 'drizzle-orm';
import { addresses, clientCompanies, companies } from '@/db/schema';
import type { CompanyTermsInput, DeleteAssetInput, UpsertCompanyInput } from '@/lib/validation/intake-assets';
import { stockSharesFor } from '../asset-rules';
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

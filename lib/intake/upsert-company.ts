import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '@/db';
import { addresses, clientCompanies, companies } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { Household } from '@/lib/kernel/scope';
import { AppError } from '@/lib/kernel/errors';
import type { RequestContext } from '@/lib/kernel/context';
import type { CompanyTermsInput, UpsertCompanyInput } from '@/lib/validation/intake-assets';
import { stockSharesFor } from './asset-rules';
import type { CompanyTerms, IntakeView } from './types';
import { addressValues } from './upsert-property';
import { applyPivots, clientIdsOf, createOnceKey, householdOwned, intakeWrite, pivotsFor, updateVersioned, type WriteOptions } from './write';

type StoredCompany = { id: number; hash: string; version: number; addressId: number | null };

function inHousehold(household: Household) {
  return sql`exists (select 1 from ${clientCompanies} where ${clientCompanies.companyId} = ${companies.id} and ${inArray(clientCompanies.clientId, clientIdsOf(household))})`;
}

/** A company of this household by public hash; NOT_FOUND for any other. */
export async function findCompany(tx: Tx, household: Household, hash: string): Promise<StoredCompany> {
  const [row] = await tx
    .select({ id: companies.id, hash: companies.hash, version: companies.version, addressId: companies.addressId })
    .from(companies)
    .where(and(eq(companies.hash, hash), inHousehold(household)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Creates or updates a company: name, type, its optional address, and each owner's share percent and stock
 * shares through the owner engine. Stock shares are stored only for corporations (null for any other type,
 * whatever was sent). Answers the refreshed intake.
 */
export async function upsertCompany(ctx: RequestContext, input: UpsertCompanyInput, options: WriteOptions = {}): Promise<IntakeView> {
  return intakeWrite(
    ctx,
    input.client_hash,
    async (tx, household) => {
      const terms = (t: CompanyTermsInput): CompanyTerms => ({ sharePercent: t.share_percent, stockShares: stockSharesFor(input.type, t.stock_shares) });
      const owned = householdOwned(
        { owner: input.owner, sameValues: input.same_values, values1: terms(input.values1), values2: terms(input.values2) },
        household,
        options,
      );
      const desired = pivotsFor<CompanyTerms>(owned, household);
      const stored = input.hash ? await findCompany(tx, household, input.hash) : null;

      const address = addressValues(input);
      const hasAddress = Object.values(address).some((value) => value !== null);
      let addressId = stored?.addressId ?? null;
      if (hasAddress && addressId !== null) {
        await tx
          .update(addresses)
          .set({ ...address, updatedAt: sql`now()` })
          .where(eq(addresses.id, addressId));
      } else if (hasAddress) {
        [{ id: addressId }] = await tx.insert(addresses).values(address).returning({ id: addresses.id });
      }
      const dropAddress = !hasAddress && addressId !== null ? addressId : null;
      if (dropAddress !== null) addressId = null;

      let companyId: number;
      if (stored) {
        await updateVersioned(tx, companies, stored.id, input.version, { name: input.name, type: input.type, addressId });
        companyId = stored.id;
      } else {
        const [row] = await tx.insert(companies).values({ name: input.name, type: input.type, addressId }).returning({ id: companies.id });
        companyId = row.id;
      }
      if (dropAddress !== null) await tx.delete(addresses).where(eq(addresses.id, dropAddress));

      const pivots = await tx
        .select({ clientId: clientCompanies.clientId, sharePercent: clientCompanies.sharePercent, stockShares: clientCompanies.stockShares })
        .from(clientCompanies)
        .where(eq(clientCompanies.companyId, companyId));
      const byClient = (clientId: number) => and(eq(clientCompanies.companyId, companyId), eq(clientCompanies.clientId, clientId));
      await applyPivots(
        pivots.map(({ clientId, ...values }) => ({ clientId, values })),
        desired,
        {
          insert: (p) => tx.insert(clientCompanies).values({ clientId: p.clientId, companyId, ...p.values }),
          update: (p) => tx.update(clientCompanies).set(p.values).where(byClient(p.clientId)),
          remove: (clientIds) => tx.delete(clientCompanies).where(and(eq(clientCompanies.companyId, companyId), inArray(clientCompanies.clientId, clientIds))),
        },
      );
      await audit(tx, ctx, stored ? 'intake.company.update' : 'intake.company.create', { type: 'company', id: companyId });
    },
    createOnceKey('company', input, options),
  );
}

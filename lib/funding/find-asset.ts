import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '@/db';
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
  persons,
  properties,
} from '@/db/schema';
import { FUNDING_KINDS } from '@/db/schema/enums';
import type { Household } from '@/lib/kernel/scope';
import type { Owner } from '@/lib/validation/lists';
import { fundingTasksOf, type FundingAssets, type FundingTaskSpec } from './tasks';

/*
 * The asset a task key names (`bank:<hash>`), if it is in the household's intake today, described as the
 * funding list describes it (fundingTasksOf on that one asset). One statement per kind, on the asset and
 * its owners' pivot rows within the household: a key of another household's asset finds nothing.
 */

type Kind = (typeof FUNDING_KINDS)[number];

/** The kind and public hash a task key is made of, or null when it is not one (the page never sends such a key). */
export function parseTaskKey(key: string): { kind: Kind; hash: string } | null {
  const at = key.indexOf(':');
  const kind = key.slice(0, at) as Kind;
  const hash = key.slice(at + 1);
  return at > 0 && (FUNDING_KINDS as readonly string[]).includes(kind) && hash ? { kind, hash } : null;
}

/** '1', '2' or 'both' from the household's clients among the asset's owners; null when neither owns it. */
function ownerOf(household: Household, ownerIds: readonly number[]): Owner | null {
  const one = ownerIds.includes(household.clientId);
  const two = household.spouseId !== null && ownerIds.includes(household.spouseId);
  return one && two ? 'both' : one ? '1' : two ? '2' : null;
}

const none: FundingAssets = {
  properties: [],
  bankAccounts: [],
  brokerageAccounts: [],
  retirementAccounts: [],
  annuityAccounts: [],
  companies: [],
  gifts: [],
  beneficiaries: [],
};

const ownerIdsOf = (pivotClientId: AnyPgColumn) => sql<number[]>`array_agg(${pivotClientId})`;

export async function findFundingAsset(q: Queryable, household: Household, key: string): Promise<FundingTaskSpec | null> {
  const parsed = parseTaskKey(key);
  if (!parsed) return null;
  const clientIds = household.spouseId === null ? [household.clientId] : [household.clientId, household.spouseId];
  const assets = await assetsOf(q, parsed.kind, parsed.hash, clientIds, household);
  return assets ? (fundingTasksOf(assets).find((t) => t.key === key) ?? null) : null;
}

async function assetsOf(q: Queryable, kind: Kind, hash: string, clientIds: number[], household: Household): Promise<FundingAssets | null> {
  if (kind === 'real-estate') {
    const [row] = await q
      .select({
        street: addresses.street,
        unit: addresses.unit,
        city: addresses.city,
        value: sql<string | null>`${addresses.value}::text`,
        owners: ownerIdsOf(clientProperties.clientId),
      })
      .from(properties)
      .innerJoin(addresses, eq(addresses.id, properties.addressId))
      .innerJoin(clientProperties, and(eq(clientProperties.propertyId, properties.id), inArray(clientProperties.clientId, clientIds)))
      .where(eq(properties.hash, hash))
      .groupBy(addresses.id);
    const owner = row && ownerOf(household, row.owners);
    if (!row || !owner) return null;
    return { ...none, properties: [{ hash, owner, address: { street: row.street ?? '', unit: row.unit ?? '', city: row.city ?? '', value: row.value } }] };
  }
  if (kind === 'company') {
    const [row] = await q
      .select({ name: companies.name, type: companies.type, owners: ownerIdsOf(clientCompanies.clientId) })
      .from(companies)
      .innerJoin(clientCompanies, and(eq(clientCompanies.companyId, companies.id), inArray(clientCompanies.clientId, clientIds)))
      .where(eq(companies.hash, hash))
      .groupBy(companies.id);
    const owner = row && ownerOf(household, row.owners);
    return row && owner ? { ...none, companies: [{ hash, owner, name: row.name, type: row.type }] } : null;
  }
  if (kind === 'gift') {
    const [row] = await q
      .select({
        giftType: gifts.giftType,
        cashAmount: sql<string | null>`${gifts.cashAmount}::text`,
        specificItem: gifts.specificItem,
        beneficiaryHash: beneficiaries.hash,
        firstName: persons.firstName,
        lastName: persons.lastName,
        entityName: beneficiaries.entityName,
        owners: ownerIdsOf(clientGifts.clientId),
      })
      .from(gifts)
      .innerJoin(clientGifts, and(eq(clientGifts.giftId, gifts.id), inArray(clientGifts.clientId, clientIds)))
      .innerJoin(beneficiaries, eq(beneficiaries.id, gifts.beneficiaryId))
      .leftJoin(persons, eq(persons.id, beneficiaries.personId))
      .where(eq(gifts.hash, hash))
      .groupBy(gifts.id, beneficiaries.id, persons.id);
    const owner = row && ownerOf(household, row.owners);
    if (!row || !owner) return null;
    return {
      ...none,
      gifts: [{ hash, owner, giftType: row.giftType, beneficiaryHash: row.beneficiaryHash, cashAmount: row.cashAmount, specificItem: row.specificItem }],
      beneficiaries: [
        {
          hash: row.beneficiaryHash,
          person: row.firstName === null ? null : { firstName: row.firstName, lastName: row.lastName ?? '' },
          entity: row.entityName === null ? null : { name: row.entityName },
        },
      ],
    };
  }
  const [row] = await q
    .select({
      company: accounts.company,
      type: accounts.type,
      numberLast4: accounts.numberLast4,
      value: sql<string | null>`${accounts.value}::text`,
      owners: ownerIdsOf(clientAccounts.clientId),
    })
    .from(accounts)
    .innerJoin(clientAccounts, and(eq(clientAccounts.accountId, accounts.id), inArray(clientAccounts.clientId, clientIds)))
    .where(and(eq(accounts.hash, hash), eq(accounts.kind, kind)))
    .groupBy(accounts.id);
  const owner = row && ownerOf(household, row.owners);
  if (!row || !owner) return null;
  const account = { hash, owner, kind, company: row.company ?? '', type: row.type ?? '', numberLast4: row.numberLast4, value: row.value };
  const list = { bank: 'bankAccounts', brokerage: 'brokerageAccounts', retirement: 'retirementAccounts', annuity: 'annuityAccounts' } as const;
  return { ...none, [list[kind]]: [account] };
}

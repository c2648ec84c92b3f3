import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, numeric, pgEnum, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, hashColumn, inList, percentCheck, updatedAt, versionColumn } from './columns';
import { ACCOUNT_KINDS, COMPANY_TYPES, GIFT_TYPE_CODES, PREDECEASE_CODES, STATE_CODES } from './enums';
import { beneficiaries } from './intake';

/* The intake's asset lists, stored once with a per-client pivot, like the family lists. */

export const companyTypeEnum = pgEnum('company_type', COMPANY_TYPES);
export const giftTypeEnum = pgEnum('gift_type', GIFT_TYPE_CODES);
export const predeceaseEnum = pgEnum('predecease_distribution', PREDECEASE_CODES);
export const accountKindEnum = pgEnum('account_kind', ACCOUNT_KINDS);

/**
 * A postal address with a value: a property's or a company's. Gifts of real estate point here. Edited only
 * through its property or company, whose version covers it.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    street: text('street'),
    unit: text('unit'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    value: numeric('value', { precision: 14, scale: 2 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('addresses_state_check', inList(t.state, STATE_CODES)),
    check('addresses_zip_check', sql`${t.zip} ~ '^[0-9]{5}$'`),
    check('addresses_value_check', sql`${t.value} >= 0`),
  ],
);

export const properties = pgTable(
  'properties',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    addressId: integer('address_id')
      .notNull()
      .references(() => addresses.id),
    purchaseMonth: integer('purchase_month'),
    purchaseYear: integer('purchase_year'),
    version: versionColumn('properties'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('properties_purchase_month_check', sql`${t.purchaseMonth} between 1 and 12`),
    // The form offers 1900 to the current year; a CHECK cannot read the clock, so only the floor is here.
    check('properties_purchase_year_check', sql`${t.purchaseYear} >= 1900`),
  ],
);

export const clientProperties = pgTable(
  'client_properties',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.propertyId] }),
    index('client_properties_property_idx').on(t.propertyId),
    // One primary residence per owner.
    uniqueIndex('client_properties_one_primary_idx')
      .on(t.clientId)
      .where(sql`${t.isPrimary}`),
  ],
);

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  hash: hashColumn(),
  name: text('name').notNull(),
  type: companyTypeEnum('type'),
  addressId: integer('address_id').references(() => addresses.id),
  version: versionColumn('companies'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const clientCompanies = pgTable(
  'client_companies',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sharePercent: numeric('share_percent', { precision: 5, scale: 2 }),
    // Only corporations have stock; null otherwise (the domain checks the company's type). A count, read as
    // a JS number: the CHECK keeps it within Number.MAX_SAFE_INTEGER so it always reads back exactly.
    stockShares: bigint('stock_shares', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.companyId] }),
    index('client_companies_company_idx').on(t.companyId),
    percentCheck('client_companies_share_percent_check', t.sharePercent),
    check('client_companies_stock_shares_check', sql`${t.stockShares} between 0 and 9007199254740991`),
  ],
);

/** A specific gift; its type says which of address, cash amount and item it uses, and the others stay empty. */
export const gifts = pgTable(
  'gifts',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    giftType: giftTypeEnum('gift_type').notNull(),
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id, { onDelete: 'cascade' }),
    addressId: integer('address_id').references(() => addresses.id),
    cashAmount: numeric('cash_amount', { precision: 14, scale: 2 }),
    specificItem: text('specific_item'),
    predeceaseDistribution: predeceaseEnum('predecease_distribution'),
    version: versionColumn('gifts'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('gifts_cash_amount_check', sql`${t.cashAmount} >= 0`),
    check(
      'gifts_type_columns_check',
      sql`(${t.giftType} = 'property' or ${t.addressId} is null) and (${t.giftType} = 'cash' or ${t.cashAmount} is null) and (${t.giftType} = 'item' or ${t.specificItem} is null)`,
    ),
  ],
);

export const clientGifts = pgTable(
  'client_gifts',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    giftId: integer('gift_id')
      .notNull()
      .references(() => gifts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.giftId] }), index('client_gifts_gift_idx').on(t.giftId)],
);

/**
 * Retirement, brokerage, bank and annuity/life-insurance accounts in one table; annuities have no type.
 * Account numbers are text end to end (sealAccountNumber keeps letters, spaces and dashes as typed).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    kind: accountKindEnum('kind').notNull(),
    company: text('company'),
    type: text('type'),
    // Account numbers are identifiers: encrypted, with the last four kept for display.
    numberCipher: text('number_cipher'),
    numberLast4: text('number_last4'),
    value: numeric('value', { precision: 14, scale: 2 }),
    version: versionColumn('accounts'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_kind_idx').on(t.kind), check('accounts_value_check', sql`${t.value} >= 0`)],
);

export const clientAccounts = pgTable(
  'client_accounts',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.accountId] }), index('client_accounts_account_idx').on(t.accountId)],
);

export type Address = typeof addresses.$inferSelect;
export type Property = typeof properties.$inferSelect;
export type Company = typeof companies.$inferSelect;
export type Gift = typeof gifts.$inferSelect;
export type Account = typeof accounts.$inferSelect;

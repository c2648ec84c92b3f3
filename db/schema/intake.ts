import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgEnum, pgTable, primaryKey, serial, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { createdAt, hashColumn, percentCheck, updatedAt, versionColumn } from './columns';
import { BENEFICIARY_TIERS, BENEFICIARY_TYPES, GENDERS, IDENTIFIER_KINDS, POA_TYPES } from './enums';
import { persons } from './people';

/*
 * The intake's family lists. Each item is stored once and linked to every owning client through a pivot
 * row that carries that client's own values; the owner (1, 2 or both) is derived from which pivots exist.
 */

export const childGenderEnum = pgEnum('child_gender', GENDERS);
export const beneficiaryTypeEnum = pgEnum('beneficiary_type', BENEFICIARY_TYPES);
export const tierEnum = pgEnum('beneficiary_tier', BENEFICIARY_TIERS);
export const poaTypeEnum = pgEnum('poa_type', POA_TYPES);
/** What an entity beneficiary's identifier is: a social security, taxpayer or employer identification number. */
export const identifierKindEnum = pgEnum('identifier_kind', IDENTIFIER_KINDS);

/** A serve order: positive, at most two digits (the "Other" entry takes up to 2 digits). */
const serveOrderCheck = (name: string, column: AnyPgColumn) => check(name, sql`${column} between 1 and 99`);

export const children = pgTable('children', {
  id: serial('id').primaryKey(),
  hash: hashColumn(),
  personId: integer('person_id')
    .notNull()
    .references(() => persons.id),
  gender: childGenderEnum('gender'),
  guardian1PersonId: integer('guardian1_person_id').references(() => persons.id),
  guardian2PersonId: integer('guardian2_person_id').references(() => persons.id),
  multiGuardianSpecifics: text('multi_guardian_specifics'),
  version: versionColumn('children'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const clientChildren = pgTable(
  'client_children',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.childId] }), index('client_children_child_idx').on(t.childId)],
);

/**
 * A beneficiary is a person, or an entity (trust, charity, company) with an encrypted identifier. The type
 * decides which columns are used, and the database holds it to that: a person has a person row and no
 * entity columns; an entity has a name and no person row. An identifier is stored with its kind.
 */
export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    type: beneficiaryTypeEnum('type').notNull(),
    personId: integer('person_id').references(() => persons.id),
    entityName: text('entity_name'),
    entityIdentifierCipher: text('entity_identifier_cipher'),
    entityIdentifierLast4: text('entity_identifier_last4'),
    entityIdentifierKind: identifierKindEnum('entity_identifier_kind'),
    entityDate: date('entity_date'),
    isTrust: boolean('is_trust').notNull().default(false),
    version: versionColumn('beneficiaries'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'beneficiaries_type_columns_check',
      sql`(${t.type} = 'person' and ${t.personId} is not null and ${t.entityName} is null and ${t.entityIdentifierCipher} is null and ${t.entityIdentifierLast4} is null and ${t.entityIdentifierKind} is null and ${t.entityDate} is null and not ${t.isTrust})
        or (${t.type} = 'entity' and ${t.entityName} is not null and ${t.personId} is null)`,
    ),
    check('beneficiaries_identifier_kind_check', sql`${t.entityIdentifierCipher} is null or ${t.entityIdentifierKind} is not null`),
  ],
);

export const clientBeneficiaries = pgTable(
  'client_beneficiaries',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id, { onDelete: 'cascade' }),
    tier: tierEnum('tier'),
    sharePercent: numeric('share_percent', { precision: 5, scale: 2 }),
    relationship: text('relationship'),
    isPerStirpes: boolean('is_per_stirpes').notNull().default(false),
    omissionReason: text('omission_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.beneficiaryId] }),
    index('client_beneficiaries_beneficiary_idx').on(t.beneficiaryId),
    percentCheck('client_beneficiaries_share_percent_check', t.sharePercent),
    // Omitting a beneficiary sets the percent to 0 and per stirpes to false (intake spec §4).
    check('client_beneficiaries_omitted_check', sql`${t.tier} is distinct from 'omitted' or (coalesce(${t.sharePercent}, 0) = 0 and not ${t.isPerStirpes})`),
  ],
);

/** Successor trustees. */
export const fiduciaries = pgTable('fiduciaries', {
  id: serial('id').primaryKey(),
  hash: hashColumn(),
  personId: integer('person_id')
    .notNull()
    .references(() => persons.id),
  version: versionColumn('fiduciaries'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const clientFiduciaries = pgTable(
  'client_fiduciaries',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    fiduciaryId: integer('fiduciary_id')
      .notNull()
      .references(() => fiduciaries.id, { onDelete: 'cascade' }),
    order: integer('serve_order'),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.fiduciaryId] }),
    index('client_fiduciaries_fiduciary_idx').on(t.fiduciaryId),
    serveOrderCheck('client_fiduciaries_serve_order_check', t.order),
  ],
);

/** Durable power-of-attorney agents; one agent may serve several PoA types for several clients. */
export const poaAgents = pgTable('poa_agents', {
  id: serial('id').primaryKey(),
  hash: hashColumn(),
  personId: integer('person_id')
    .notNull()
    .references(() => persons.id),
  version: versionColumn('poa_agents'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const clientPoaAgents = pgTable(
  'client_poa_agents',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => poaAgents.id, { onDelete: 'cascade' }),
    type: poaTypeEnum('type').notNull(),
    order: integer('serve_order'),
    isCollective: boolean('is_collective').notNull().default(false),
    isIndependent: boolean('is_independent').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.agentId, t.type] }),
    index('client_poa_agents_agent_idx').on(t.agentId),
    serveOrderCheck('client_poa_agents_serve_order_check', t.order),
  ],
);

export type Child = typeof children.$inferSelect;
export type Beneficiary = typeof beneficiaries.$inferSelect;
export type ClientBeneficiary = typeof clientBeneficiaries.$inferSelect;
export type Fiduciary = typeof fiduciaries.$inferSelect;
export type PoaAgent = typeof poaAgents.$inferSelect;

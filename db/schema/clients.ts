import { relations } from 'drizzle-orm';
import { boolean, date, index, integer, pgEnum, pgTable, serial, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { advisors } from './advisory';
import { createdAt, hashColumn, updatedAt } from './columns';
import { persons, users } from './people';

export const genderEnum = pgEnum('gender', ['male', 'female']);
export const yesNoEnum = pgEnum('yes_no', ['yes', 'no']);

/**
 * A client. A household is one client, or a married pair: two client rows pointing at each other through
 * `spouse_id`. Every answer is nullable because null means "Unanswered" in the intake.
 */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    // Null until the client has a login (advisor-created clients get one through their invite).
    userId: integer('user_id').references(() => users.id),
    advisorId: integer('advisor_id').references(() => advisors.id),
    spouseId: integer('spouse_id').references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    gender: genderEnum('gender'),
    residenceState: text('residence_state'),
    isUsCitizen: boolean('is_us_citizen'),
    isReceivingMedicaid: boolean('is_receiving_medicaid'),
    hasMentalDisorder: boolean('has_mental_disorder'),
    wantsLifeSupport: boolean('wants_life_support'),
    wantsCremation: boolean('wants_cremation'),
    isOrganDonor: boolean('is_organ_donor'),
    // Current and new estate plan info.
    hasEstatePlan: yesNoEnum('has_estate_plan'),
    estatePlanType: text('estate_plan_type'),
    trustName: text('trust_name'),
    trustDate: date('trust_date'),
    trustTimesAmended: integer('trust_times_amended'),
    trustReplacementReason: text('trust_replacement_reason'),
    isAssetsTrustOwned: yesNoEnum('is_assets_trust_owned'),
    trustGoverningState: text('trust_governing_state'),
    hasTrustIntent1: boolean('has_trust_intent_1'),
    hasTrustIntent2: boolean('has_trust_intent_2'),
    hasTrustIntent3: boolean('has_trust_intent_3'),
    hasTrustIntent4: boolean('has_trust_intent_4'),
    hasTrustIntent5: boolean('has_trust_intent_5'),
    hasTrustIntent6: boolean('has_trust_intent_6'),
    hasTrustIntent7: boolean('has_trust_intent_7'),
    trustIntentOther: text('trust_intent_other'),
    // Per-client Yes/No choices of the beneficiary and power-of-attorney sections.
    isSpouseBeneficiary: boolean('is_spouse_beneficiary'),
    isSpousePoaGeneral: boolean('is_spouse_poa_general'),
    isSpousePoaMedical: boolean('is_spouse_poa_medical'),
    isSpousePoaFinancial: boolean('is_spouse_poa_financial'),
    isTrustSubmitted: boolean('is_trust_submitted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('clients_advisor_idx').on(t.advisorId),
    index('clients_user_idx').on(t.userId),
    index('clients_spouse_idx').on(t.spouseId),
    index('clients_person_idx').on(t.personId),
  ],
);

/** Additional comments / questions for the attorney: one note per household, keyed by its first client. */
export const notes = pgTable('notes', {
  id: serial('id').primaryKey(),
  hash: hashColumn(),
  clientId: integer('client_id')
    .notNull()
    .unique()
    .references(() => clients.id, { onDelete: 'cascade' }),
  body: text('body').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const clientsRelations = relations(clients, ({ one }) => ({
  person: one(persons, { fields: [clients.personId], references: [persons.id] }),
  user: one(users, { fields: [clients.userId], references: [users.id] }),
  advisor: one(advisors, { fields: [clients.advisorId], references: [advisors.id] }),
  spouse: one(clients, { fields: [clients.spouseId], references: [clients.id], relationName: 'spouse' }),
}));

export type Client = typeof clients.$inferSelect;
export type NewClient = typeof clients.$inferInsert;

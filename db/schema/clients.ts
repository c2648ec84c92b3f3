import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { advisors } from './advisory';
import { createdAt, hashColumn, inList, updatedAt, versionColumn } from './columns';
import { GENDERS, STATE_CODES, YES_NO } from './enums';
import { persons, users } from './people';
import { estatePlanStatusEnum } from './plan-status';

export const genderEnum = pgEnum('gender', GENDERS);
export const yesNoEnum = pgEnum('yes_no', YES_NO);

/**
 * A client: one person being planned for, with their own intake answers. Which household a client belongs
 * to, and as which owner, is recorded once, in `households`. Every answer is nullable because null means
 * "Unanswered" in the intake.
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
    // The household's answer to 'Do you have any children?' (issue 27), held on owner 1's row (a spouse's
    // row keeps null): true once a child is added, false only by an explicit No while the list is empty.
    hasChildren: boolean('has_children'),
    isTrustSubmitted: boolean('is_trust_submitted').notNull().default(false),
    version: versionColumn('clients'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('clients_advisor_idx').on(t.advisorId),
    // The advisor dashboard's default order (created, newest first) within one advisor's clients.
    index('clients_advisor_created_idx').on(t.advisorId, t.createdAt.desc(), t.id.desc()),
    index('clients_user_idx').on(t.userId),
    index('clients_person_idx').on(t.personId),
    check('clients_residence_state_check', inList(t.residenceState, STATE_CODES)),
    check('clients_trust_governing_state_check', inList(t.trustGoverningState, STATE_CODES)),
    check('clients_trust_times_amended_check', sql`${t.trustTimesAmended} between 0 and 99`),
  ],
);

/**
 * A household: one client (owner 1), or a married pair (owner 1 and owner 2). The pairing is stored here
 * and only here. Each client is an owner of exactly one household: the unique columns keep a client from
 * owning two as the same owner, and the trigger `households_one_per_client` (hand-written in migration 0003,
 * which drizzle-kit does not track) from being owner 1 of one and owner 2 of another. Records of the
 * household as a whole (estate plans, the note) hang off owner 1, by a foreign key to `owner1_client_id`
 * that follows owner 1 when it changes. Deleting owner 1's client deletes the household; deleting owner 2's
 * leaves owner 1 single.
 */
/**
 * How many households list each advisor's client as owner 1 (`households.list_owner1_advisor_id`), kept by
 * the trigger households_count_on_household (migration trigram_search, issue 32) in the transaction of every
 * change that moves one (a household added or deleted, its owners swapped, a client given to another
 * advisor: the list columns' refresh writes that column). The dashboard's first page reads its total here
 * instead of counting the book (lib/advisors/client-list.ts). Never written by the app. A table of its own
 * rather than a column of `advisors`: the advisor row keeps its shape (the compatibility API returns it), and
 * household writes do not lock the advisor's row.
 */
export const advisorHouseholdCounts = pgTable('advisor_household_counts', {
  advisorId: integer('advisor_id')
    .primaryKey()
    .references(() => advisors.id, { onDelete: 'cascade' }),
  households: integer('households').notNull().default(0),
});

/**
 * The same households counted per advisor and owner 1's latest plan status (issue 32): `status` is the
 * plan's status, '' for none (a key column cannot be null); `submitted` how many of them are submitted (the
 * one rule, lib/estate-plans/submitted.ts, over the list columns). Kept by the trigger
 * households_status_count_on_household (migration filter_counts) in the transaction of every change of those
 * columns, as advisor_household_counts is. A filtered view of the dashboard adds the rows of its statuses
 * for its total, and the advisors overview reads its figures here, a few rows per advisor rather than a book.
 */
export const advisorStatusCounts = pgTable(
  'advisor_status_counts',
  {
    advisorId: integer('advisor_id')
      .notNull()
      .references(() => advisors.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    households: integer('households').notNull().default(0),
    submitted: integer('submitted').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.advisorId, t.status] })],
);

/**
 * The dashboard's status filters as one number of owner 1's latest plan status (issue 32): 0 no plan
 * (None), 1 the client stage (Incomplete), 2 attorney control (Attorney Control), 3 canceled, 4 complete.
 * The statuses are spelled here as lib/estate-plans/statuses.ts stages them (tests/integration/advisor-list-paging
 * checks each filter's kept total against its rows, which disagree if they differ). The expression of households_list_filter_name_idx: a query spells it the same way.
 */
export function householdFilterBucket(prefix: string): string {
  const s = `${prefix}list_status`;
  return `(case when ${s} is null then 0 when ${s} in ('incomplete', 'unpaid', 'paid partial', 'paid', 'signed') then 1 when ${s} = 'canceled' then 3 when ${s} = 'complete' then 4 else 2 end)`;
}

/**
 * Everything the dashboard's search can find on an owner 1 row of `households` (issue 32): the listed
 * client's text (names and email), the spouse's names and the phone's digits, newline-separated, as one
 * text over the list columns. `prefix` is the table's alias with its dot ('h.') or ''. The expression of
 * households_search_owner1_idx: a query must spell it the same way for the index to serve it.
 */
export function householdSearchText(prefix: string): string {
  return `(coalesce(${prefix}list_owner1_text, '') || E'\\n' || coalesce(${prefix}list_owner2_names, '') || E'\\n' || coalesce(${prefix}list_owner1_phone, ''))`;
}

export const households = pgTable(
  'households',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    owner1ClientId: integer('owner1_client_id')
      .notNull()
      .unique()
      .references(() => clients.id, { onDelete: 'cascade' }),
    owner2ClientId: integer('owner2_client_id')
      .unique()
      .references(() => clients.id, { onDelete: 'set null' }),
    // The last intake write (stamped by every intake write, lib/intake/write.ts stampLastChange): the
    // dashboard's "last change" and its Stalled filter.
    lastChangeAt: timestamp('last_change_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    // The dashboard's completion column, a cache of lib/intake/completion.ts: `completion_at` is the last
    // change it was computed for (lib/intake/completion-cache.ts). Millisecond precision, as JS dates have.
    completionPercent: integer('completion_percent'),
    completionAt: timestamp('completion_at', { withTimezone: true, precision: 3 }),
    // COMPLETION_RULES_VERSION (lib/intake/completion.ts) the figure was computed under: a figure from
    // older rules is recomputed, as a figure from an older intake is.
    completionRules: integer('completion_rules'),
    // The last 'Send reminder' e-mail (at most one a day per household; each one is audited too).
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    // Reminders of a stalled intake, the daily nudge's and 'Send reminder''s alike (lib/advisors/nudges.ts):
    // how many since the household last came back, and when the last went.
    nudgeCount: integer('nudge_count').notNull().default(0),
    nudgeLastAt: timestamp('nudge_last_at', { withTimezone: true }),
    // The monthly reminders of open funding steps (lib/funding/nudge.ts, issue 30): how many went, and when
    // the last did. Counted over the whole funding: the tally does not restart.
    fundingNudgeCount: integer('funding_nudge_count').notNull().default(0),
    fundingNudgeLastAt: timestamp('funding_nudge_last_at', { withTimezone: true }),
    /*
     * The advisor dashboard's list columns (lib/advisors/client-list.ts): what its filters, search and
     * orders read for each owner, copied from the owners' client and person rows and owner 1's latest estate
     * plan, so a list statement reads this one table. Maintained only by the database: the triggers of
     * migration 0005 recompute them (households_list_refresh) in the transaction of every write to the
     * rows they copy (households' owners, clients, persons, estate plans). Never written by the app.
     * `names` is the lowercased full name and first-and-last name separated by a newline (what a search finds
     * of a spouse), `text` the same plus the lowercased email (of the listed client); `phone` the digits.
     */
    listOwner1AdvisorId: integer('list_owner1_advisor_id'),
    listOwner1CreatedAt: timestamp('list_owner1_created_at', { withTimezone: true }),
    listOwner1Submitted: boolean('list_owner1_submitted').notNull().default(false),
    listOwner1Names: text('list_owner1_names'),
    listOwner1Text: text('list_owner1_text'),
    listOwner1Phone: text('list_owner1_phone'),
    listOwner1Last: text('list_owner1_last'),
    listOwner1First: text('list_owner1_first'),
    listOwner2AdvisorId: integer('list_owner2_advisor_id'),
    listOwner2CreatedAt: timestamp('list_owner2_created_at', { withTimezone: true }),
    listOwner2Submitted: boolean('list_owner2_submitted').notNull().default(false),
    listOwner2Names: text('list_owner2_names'),
    listOwner2Text: text('list_owner2_text'),
    listOwner2Phone: text('list_owner2_phone'),
    listOwner2Last: text('list_owner2_last'),
    listOwner2First: text('list_owner2_first'),
    /** Owner 1's latest estate plan: its status (null without a plan) and whether it was submitted. */
    listStatus: estatePlanStatusEnum('list_status'),
    listPlanSubmitted: boolean('list_plan_submitted').notNull().default(false),
    /** The latest change of the household's estate plans (owner 1's: their updated_at; null without a plan). */
    listPlanChangedAt: timestamp('list_plan_changed_at', { withTimezone: true }),
    /**
     * The household's last activity, the advisors overview's (issue 32): its last intake change or the
     * latest change of its plans, whichever is later. Generated, so an intake write (which stamps
     * last_change_at) moves it without the refresh.
     */
    listActivityAt: timestamp('list_activity_at', { withTimezone: true }).generatedAlwaysAs(sql`greatest(last_change_at, list_plan_changed_at)`),
    version: versionColumn('households'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The dashboard's default order (owner 1's creation, newest first) within an advisor's households, and
    // owner 2's advisor for the rare owner 2 listed alone.
    index('households_list_owner1_idx').on(t.listOwner1AdvisorId, t.listOwner1CreatedAt.desc(), t.owner1ClientId.desc()),
    index('households_list_owner2_idx').on(t.listOwner2AdvisorId),
    // The owners 2 that can be listed alone for their advisor (issue 32): those whose owner 1 has another
    // advisor (or none). An advisor's spouses of their own households (a third of a book) are not in it, so
    // listing an advisor's book does not read them to discard them (lib/advisors/client-list.ts).
    index('households_list_owner2_alone_idx')
      .on(t.listOwner2AdvisorId)
      .where(sql`list_owner2_advisor_id is distinct from list_owner1_advisor_id`),
    // The dashboard's search (issue 32): a trigram index (pg_trgm, created by the same migration) over
    // everything a search can find on an owner 1 row: the listed client's names and email, the spouse's
    // names and the phone's digits, one text. The list's search adds `… like` over this very expression to
    // its own conditions (which it implies), so a search reads the matching households, not the book.
    // A status filter's name sort (issue 32): an advisor's households of one filter in name order, read
    // forwards or backwards (the tie-break on creation is sorted within equal names), so a filtered sort
    // reads its page's entries rather than the filter's rows of the book.
    index('households_list_filter_name_idx').on(t.listOwner1AdvisorId, sql`${sql.raw(householdFilterBucket(''))}`, t.listOwner1Last, t.listOwner1First),
    // The Stalled filter within an advisor's households (an intake unchanged for days).
    index('households_list_owner1_change_idx').on(t.listOwner1AdvisorId, t.lastChangeAt),
    // The advisors overview's last activity of an advisor's households: the latest is one index entry.
    index('households_list_owner1_activity_idx').on(t.listOwner1AdvisorId, t.listActivityAt),
    index('households_search_owner1_idx').using('gin', sql`${sql.raw(householdSearchText(''))} gin_trgm_ops`),
    check('households_owners_differ_check', sql`${t.owner1ClientId} <> ${t.owner2ClientId}`),
    check('households_completion_percent_check', sql`${t.completionPercent} between 0 and 100`),
    index('households_last_change_idx').on(t.lastChangeAt),
  ],
);

/** Additional comments / questions for the attorney: one note per household, kept on its owner 1. */
export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    hash: hashColumn(),
    clientId: integer('client_id')
      .notNull()
      .unique()
      .references(() => clients.id, { onDelete: 'cascade' }),
    body: text('body').notNull().default(''),
    version: versionColumn('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Only owner 1 holds the note; when owner 1 changes the note follows.
    foreignKey({ name: 'notes_household_owner1_fk', columns: [t.clientId], foreignColumns: [households.owner1ClientId] })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);

export type Client = typeof clients.$inferSelect;
export type NewClient = typeof clients.$inferInsert;
export type Household = typeof households.$inferSelect;

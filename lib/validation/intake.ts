import { z } from 'zod';
import {
  birthDate,
  choice,
  choiceOrOther,
  email,
  freeText,
  isFieldObject,
  percent,
  personName,
  phone,
  ssn,
  stateCode,
  suffix,
  twoDigitNumber,
  usDate,
} from './fields';
import { BENEFICIARY_TIERS, GENDERS, IDENTIFIER_KINDS, OWNERS, POA_TYPES, type Owner } from './lists';

/*
 * The intake's saves and deletes (client-info sections 1-6): one schema per use case, shared by the forms
 * (zodResolver), the server actions (lib/actions/intake.ts) and, through lib/legacy/intake-payloads.ts, the
 * compatibility routes. Every field is a composition of the field rules (./fields); nothing is redefined.
 *
 * Conventions:
 * - `client_hash` is the household's address: either spouse's public hash (the one in the page's URL).
 * - `hash` is the record's public hash; absent (or '') for a new record. `version` is the version the form
 *   read; an update based on another version answers 409 and writes nothing. Our forms always send it.
 * - `existing_person_hash`: 'Link from existing record?' answered Yes, the person picked (one of the
 *   household's people, lib/intake/people.ts). That person row is reused; its filled name, dob, phone and
 *   email are kept (blank ones are filled from the form).
 * - Owned records (beneficiaries, trustees, agents) carry `owner` ('1' = the household's client, '2' = the
 *   spouse, 'both'), `same_values` and each client's values in `values1` / `values2`, the owner engine's
 *   shape (lib/intake/owners.ts OwnedValues). With owner '2' the values are in values2; with 'both' and
 *   same_values, values2 is ignored and written as values1. Only an owning client's values are required.
 * - SSNs and identifiers: '' keeps the stored number; 9 digits replace it. The browser never holds one.
 */

// ---------------------------------------------------------------------------------------------------------
// Building blocks

const HASH_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** A public hash (base64url); required. */
export function publicHash(label: string) {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .regex(HASH_PATTERN, `${label} is not a valid reference.`);
}

/** A public hash that may be absent: '', null and undefined all mean "none" (a new record, no link). */
export function optionalHash(label: string) {
  return z
    .string({ error: `${label} is not a valid reference.` })
    .nullish()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().regex(new RegExp(`^(?:${HASH_PATTERN.source.slice(1, -1)})?$`), `${label} is not a valid reference.`))
    .transform((value) => (value === '' ? undefined : value));
}

export const STALE_VERSION_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';
export const MISSING_VERSION_MESSAGE = 'The record version is missing. Reload the page and try again.';

/** The row version a form read (a positive whole number); absent only for new records (and legacy calls). */
export function rowVersion() {
  return z.coerce.number({ error: MISSING_VERSION_MESSAGE }).int(MISSING_VERSION_MESSAGE).positive(MISSING_VERSION_MESSAGE).optional();
}

/** An optional version: undefined, null and '' are absent. */
export const optionalVersion = () => z.preprocess((value) => (value === null || value === '' ? undefined : value), rowVersion());

export const ownerField = () => z.enum(OWNERS, { error: 'Please choose whose record this is.' });

/** A yes/no answer stored as a boolean; null is "Unanswered". */
const answer = () =>
  z
    .boolean({ error: 'Please select Yes or No.' })
    .nullish()
    .transform((value) => value ?? null);

/** A yes/no answer stored as 'yes' / 'no' (has_estate_plan, is_assets_trust_owned); booleans are accepted too. */
export function yesNoWord() {
  return z
    .union([z.boolean(), z.enum(['yes', 'no'])], { error: 'Please select Yes or No.' })
    .nullish()
    .transform((value): 'yes' | 'no' | null => (value === true ? 'yes' : value === false ? 'no' : (value ?? null)));
}

/** Runs an object-level rule once the fields it reads parsed cleanly (and even when other fields did not). */
export function whenFieldsValid(...keys: string[]) {
  return {
    when: (payload: { value: unknown; issues: readonly { path?: readonly PropertyKey[] }[] }) =>
      isFieldObject(payload.value) && payload.issues.every((issue) => !keys.includes(String(issue.path?.[0]))),
  };
}

export const blank = (value: unknown) => value === null || value === undefined || value === '';

/** Which clients' values an owned record uses: values1 for owners 1 and both, values2 for 2 and both (not same). */
export function ownedValueKeys(owner: Owner, sameValues: boolean): ('values1' | 'values2')[] {
  if (owner === '1') return ['values1'];
  if (owner === '2') return ['values2'];
  return sameValues ? ['values1'] : ['values1', 'values2'];
}

// Name, contact and the record's own person.
const nameFields = {
  first_name: personName('First name', { optional: true }),
  middle_name: personName('Middle name', { optional: true }),
  last_name: personName('Last name', { optional: true }),
  suffix: suffix(),
};
const requiredNameFields = {
  first_name: personName('First name'),
  middle_name: personName('Middle name', { optional: true }),
  last_name: personName('Last name'),
  suffix: suffix(),
};
const contactFields = {
  phone: phone({ optional: true }),
  email: email({ optional: true }),
};

/**
 * A new record's key, made once per record dialog: a retried or doubled create sends the same key and is
 * made once (lib/idempotency.ts). Ignored on an update.
 */
export const requestKey = () => optionalHash('Request key');

/** What every record save carries: the household's address, the record and its version, a linked person. */
const recordFields = {
  client_hash: publicHash('Client'),
  hash: optionalHash('Record'),
  version: optionalVersion(),
  request_key: requestKey(),
  /** The version of the record's person as read (PersonView.version); checked when sent. */
  person_version: optionalVersion(),
  existing_person_hash: optionalHash('Existing person'),
};

/** A save of an existing record (personal info, a choice, a delete) must say which version it is based on. */
export const requireVersion = z.superRefine<{ version?: number }>((value, ctx) => {
  if (value.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: MISSING_VERSION_MESSAGE });
});

/** An update (hash given) must say which version it is based on. */
export const versionWithHash = z.superRefine<{ hash?: string; version?: number }>((value, ctx) => {
  if (value.hash && value.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: MISSING_VERSION_MESSAGE });
});

// ---------------------------------------------------------------------------------------------------------
// Section 1: personal info (one client per save)

const personalInfoObject = z.object({
  /** The client being edited (owner 1 or owner 2 of the household). */
  client_hash: publicHash('Client'),
  version: optionalVersion(),
  person_version: optionalVersion(),
  ...requiredNameFields,
  phone: phone({ optional: true }),
  dob: birthDate({ optional: true }),
  /** '' keeps the stored SSN; 9 digits replace it. */
  ssn: ssn({ optional: true }),
  gender: choice(GENDERS, { optional: true, label: 'Gender' }),
  residence_state: stateCode({ optional: true, label: 'State of residence' }),
  is_us_citizen: answer(),
  is_receiving_medicaid: answer(),
  has_mental_disorder: answer(),
  wants_life_support: answer(),
  wants_cremation: answer(),
  is_organ_donor: answer(),
});
export const updatePersonalInfoSchema = personalInfoObject.check(requireVersion);
export type UpdatePersonalInfoInput = z.output<typeof updatePersonalInfoSchema>;
export type UpdatePersonalInfoForm = z.input<typeof updatePersonalInfoSchema>;

// ---------------------------------------------------------------------------------------------------------
// Section 2: current and new estate plan info (client and spouse in one save)

export const ESTATE_PLAN_TYPE_MAX_LENGTH = 25;
export const ESTATE_PLAN_TYPES = ['Trust', 'Will'] as const;
export const TRUST_INTENT_COUNT = 7;
/** Intents 6 and 7 are asked only of a married household. */
export const SINGLE_TRUST_INTENT_COUNT = 5;
export const GOVERNING_STATE_FIRST = 'Please choose the governing state first.';
export const ESTATE_PLAN_UPDATED = 'Current & new estate plan info updated successfully';

const trustDate = () =>
  usDate({ optional: true, label: 'Trust date' }).refine(
    (value) => value === null || value <= new Date().toISOString().slice(0, 10),
    'The trust date cannot be in the future.',
  );

/** One client's answers of the estate plan form. */
const estatePlanAnswersObject = z.object({
  version: optionalVersion(),
  has_estate_plan: yesNoWord(),
  /** 'Trust', 'Will' or the typed other type (at most 25 characters). */
  estate_plan_type: freeText('Estate plan type', { optional: true, max: ESTATE_PLAN_TYPE_MAX_LENGTH }),
  trust_name: freeText('Trust name', { optional: true }),
  trust_date: trustDate(),
  trust_times_amended: twoDigitNumber({ optional: true, label: 'Times amended' }),
  trust_replacement_reason: freeText('Replacement reason', { optional: true }),
  is_assets_trust_owned: yesNoWord(),
  trust_governing_state: stateCode({ optional: true, label: 'Governing state' }),
  has_trust_intent_1: answer(),
  has_trust_intent_2: answer(),
  has_trust_intent_3: answer(),
  has_trust_intent_4: answer(),
  has_trust_intent_5: answer(),
  has_trust_intent_6: answer(),
  has_trust_intent_7: answer(),
  trust_intent_other: freeText('Other intentions', { optional: true }),
});
export const estatePlanAnswersSchema = estatePlanAnswersObject.check(
  z.superRefine(
    (value, ctx) => {
      // Intent 1 names the governing state: it cannot be answered before the state is chosen.
      if (value.has_trust_intent_1 !== null && !value.trust_governing_state) {
        ctx.addIssue({ code: 'custom', path: ['has_trust_intent_1'], message: GOVERNING_STATE_FIRST });
      }
    },
    whenFieldsValid('has_trust_intent_1', 'trust_governing_state'),
  ),
);
export type EstatePlanAnswers = z.output<typeof estatePlanAnswersSchema>;

export const updateEstatePlanInfoSchema = z
  .object({
    client_hash: publicHash('Client'),
    /** The household's client (owner 1) and, when married, the spouse (owner 2). */
    client1: estatePlanAnswersSchema,
    client2: estatePlanAnswersSchema.nullish().transform((value) => value ?? null),
  })
  .check(
    z.superRefine(
      (value, ctx) => {
        if (value.client1.version === undefined) ctx.addIssue({ code: 'custom', path: ['client1', 'version'], message: MISSING_VERSION_MESSAGE });
        if (value.client2 && value.client2.version === undefined)
          ctx.addIssue({ code: 'custom', path: ['client2', 'version'], message: MISSING_VERSION_MESSAGE });
      },
      whenFieldsValid('client1', 'client2'),
    ),
  );
export type UpdateEstatePlanInfoInput = z.output<typeof updateEstatePlanInfoSchema>;
export type UpdateEstatePlanInfoForm = z.input<typeof updateEstatePlanInfoSchema>;

// ---------------------------------------------------------------------------------------------------------
// Per-client Yes/No choices: 'surviving trustor receives all', 'spouse is primary agent' per PoA type

export const SPOUSE_CHOICES = ['is_spouse_beneficiary', 'is_spouse_poa_general', 'is_spouse_poa_medical', 'is_spouse_poa_financial'] as const;
export type SpouseChoice = (typeof SPOUSE_CHOICES)[number];

/** A choice that is left alone when absent, set when true/false, cleared (Unanswered) when null. */
const optionalChoice = () => z.boolean({ error: 'Please select Yes or No.' }).nullable().optional();

const setSpouseChoiceObject = z.object({
  /** The client whose choice this is (each spouse answers for themselves). */
  client_hash: publicHash('Client'),
  version: optionalVersion(),
  is_spouse_beneficiary: optionalChoice(),
  is_spouse_poa_general: optionalChoice(),
  is_spouse_poa_medical: optionalChoice(),
  is_spouse_poa_financial: optionalChoice(),
});
export const NOTHING_TO_SAVE = 'Nothing to save.';
const somethingChosen = z.superRefine<Partial<Record<SpouseChoice, boolean | null>>>((value, ctx) => {
  if (SPOUSE_CHOICES.every((key) => value[key] === undefined)) ctx.addIssue({ code: 'custom', path: ['_'], message: NOTHING_TO_SAVE });
});
export const setSpouseChoiceSchema = setSpouseChoiceObject.check(requireVersion).check(somethingChosen);
export type SetSpouseChoiceInput = z.output<typeof setSpouseChoiceSchema>;

// ---------------------------------------------------------------------------------------------------------
// Section 3: children and guardians

/** The household's answer to 'Do you have any children?' (issue 27); any of its clients may give it. */
export const setHasChildrenSchema = z.object({
  client_hash: publicHash('Client'),
  has_children: z.boolean({ error: 'Please select Yes or No.' }),
});
export type SetHasChildrenInput = z.output<typeof setHasChildrenSchema>;

/** A guardian of a minor child: a person; `person_hash` names one already in the household (reused). */
export const guardianSchema = z.object({
  person_hash: optionalHash('Guardian'),
  ...requiredNameFields,
  ...contactFields,
});
export type GuardianInput = z.output<typeof guardianSchema>;

const childObject = z
  .object({
    ...recordFields,
    owner: ownerField(),
    ...requiredNameFields,
    dob: birthDate(),
    gender: choice(GENDERS, { optional: true, label: 'Gender' }),
    /** Only for a child under 18 with a valid date of birth; dropped for an adult. */
    guardian1: guardianSchema.nullish().transform((value) => value ?? null),
    guardian2: guardianSchema.nullish().transform((value) => value ?? null),
    multi_guardian_specifics: freeText('Guardian specifics', { optional: true, max: 1000 }),
  })
  .check(
    z.superRefine(
      (value, ctx) => {
        if (value.guardian2 && !value.guardian1)
          ctx.addIssue({ code: 'custom', path: ['guardian1', 'first_name'], message: 'Please enter the first guardian.' });
      },
      whenFieldsValid('guardian1', 'guardian2'),
    ),
  );
export const upsertChildSchema = childObject.check(versionWithHash);
export type UpsertChildInput = z.output<typeof upsertChildSchema>;
export type UpsertChildForm = z.input<typeof upsertChildSchema>;

// ---------------------------------------------------------------------------------------------------------
// Section 4: beneficiaries

export const BENEFICIARY_TYPES = ['person', 'entity'] as const;

/** One client's terms for a beneficiary (the pivot row). Required-ness depends on the owner (below). */
export const beneficiaryTermsSchema = z.object({
  tier: choice(BENEFICIARY_TIERS, { optional: true, label: 'Tier' }),
  share_percent: percent({ optional: true, label: 'Percentage' }),
  relationship: choiceOrOther('Relationship', { optional: true }),
  is_per_stirpes: z
    .boolean({ error: 'Per stirpes must be ticked or not.' })
    .nullish()
    .transform((value) => value ?? false),
  omission_reason: freeText('Omission reason', { optional: true }),
});
export type BeneficiaryTermsInput = z.output<typeof beneficiaryTermsSchema>;
export const EMPTY_BENEFICIARY_TERMS: BeneficiaryTermsInput = { tier: '', share_percent: null, relationship: '', is_per_stirpes: false, omission_reason: '' };

const BLANK_TERMS = { tier: null, share_percent: null, relationship: null, omission_reason: null };

const beneficiaryObject = z
  .object({
    ...recordFields,
    type: z.enum(BENEFICIARY_TYPES, { error: 'Please choose a person or an entity.' }),
    owner: ownerField(),
    same_values: z
      .boolean()
      .nullish()
      .transform((value) => value ?? true),
    values1: beneficiaryTermsSchema.prefault(BLANK_TERMS),
    values2: beneficiaryTermsSchema.prefault(BLANK_TERMS),
    // A person: name, date of birth, SSN ('' keeps the stored one).
    ...nameFields,
    dob: birthDate({ optional: true }),
    ssn: ssn({ optional: true }),
    // An entity (trust, charity, company): name, identifier with its kind, date, trust flag.
    name: freeText('Name', { optional: true }),
    identifier: ssn({ optional: true, label: 'Identifier' }),
    identifier_kind: choice(IDENTIFIER_KINDS, { optional: true, label: 'Identifier type' }),
    date: usDate({ optional: true, label: 'Date' }),
    is_trust: z
      .boolean()
      .nullish()
      .transform((value) => value ?? false),
  })
  .check(
    z.superRefine(
      (value, ctx) => {
        const need = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
        if (value.type === 'person') {
          if (blank(value.first_name)) need(['first_name'], 'First name is required.');
          if (blank(value.last_name)) need(['last_name'], 'Last name is required.');
        } else {
          if (blank(value.name)) need(['name'], 'Name is required.');
          if (!blank(value.identifier) && blank(value.identifier_kind)) need(['identifier_kind'], 'Please choose what kind of number the identifier is.');
        }
        const trust = value.type === 'entity' && value.is_trust;
        for (const key of ownedValueKeys(value.owner, value.same_values)) {
          const terms = value[key];
          if (!terms) continue;
          if (blank(terms.tier)) need([key, 'tier'], 'Tier is required.');
          if (terms.tier !== 'omitted' && !blank(terms.tier) && blank(terms.share_percent)) need([key, 'share_percent'], 'Percentage is required.');
          if (!trust && blank(terms.relationship)) need([key, 'relationship'], 'Relationship is required.');
        }
      },
      whenFieldsValid('type', 'owner', 'same_values', 'first_name', 'last_name', 'name', 'identifier', 'identifier_kind', 'is_trust'),
    ),
  );
export const upsertBeneficiarySchema = beneficiaryObject.check(versionWithHash);
export type UpsertBeneficiaryInput = z.output<typeof upsertBeneficiarySchema>;
export type UpsertBeneficiaryForm = z.input<typeof upsertBeneficiarySchema>;

// ---------------------------------------------------------------------------------------------------------
// Section 5: successor trustees

export const serveOrder = () => twoDigitNumber({ optional: true, min: 1, label: 'Serve order' });

export const trusteeValuesSchema = z.object({ order: serveOrder() });

function requireOrders(
  value: { owner: Owner; same_values: boolean; values1?: { order: number | null }; values2?: { order: number | null } },
  ctx: z.RefinementCtx,
) {
  for (const key of ownedValueKeys(value.owner, value.same_values)) {
    if (value[key]?.order == null) ctx.addIssue({ code: 'custom', path: [key, 'order'], message: 'Serve order is required.' });
  }
}

const trusteeObject = z
  .object({
    ...recordFields,
    owner: ownerField(),
    same_values: z
      .boolean()
      .nullish()
      .transform((value) => value ?? true),
    values1: trusteeValuesSchema.prefault({ order: null }),
    values2: trusteeValuesSchema.prefault({ order: null }),
    ...requiredNameFields,
    ...contactFields,
  })
  .check(z.superRefine(requireOrders, whenFieldsValid('owner', 'same_values')));
export const upsertTrusteeSchema = trusteeObject.check(versionWithHash);
export type UpsertTrusteeInput = z.output<typeof upsertTrusteeSchema>;
export type UpsertTrusteeForm = z.input<typeof upsertTrusteeSchema>;

// ---------------------------------------------------------------------------------------------------------
// Section 6: durable powers of attorney (one agent list per type)

export const poaType = () => z.enum(POA_TYPES, { error: 'Please choose the power of attorney type.' });

export const agentValuesSchema = z.object({
  order: serveOrder(),
  /** Left as stored when absent. */
  is_collective: z
    .boolean()
    .nullish()
    .transform((value) => value ?? undefined),
  is_independent: z
    .boolean()
    .nullish()
    .transform((value) => value ?? undefined),
});

const agentObject = z
  .object({
    ...recordFields,
    type: poaType(),
    owner: ownerField(),
    same_values: z
      .boolean()
      .nullish()
      .transform((value) => value ?? true),
    values1: agentValuesSchema.prefault({ order: null }),
    values2: agentValuesSchema.prefault({ order: null }),
    ...requiredNameFields,
    ...contactFields,
  })
  .check(z.superRefine(requireOrders, whenFieldsValid('owner', 'same_values')));
export const upsertAgentSchema = agentObject.check(versionWithHash);
export type UpsertAgentInput = z.output<typeof upsertAgentSchema>;
export type UpsertAgentForm = z.input<typeof upsertAgentSchema>;

// ---------------------------------------------------------------------------------------------------------
// Deletes

const deleteFields = {
  client_hash: publicHash('Client'),
  hash: publicHash('Record'),
  version: optionalVersion(),
};
const deleteObject = z.object(deleteFields);
const deleteAgentObject = z.object({ ...deleteFields, type: poaType() });

export const deleteChildSchema = deleteObject.check(requireVersion);
export const deleteBeneficiarySchema = deleteObject.check(requireVersion);
export const deleteTrusteeSchema = deleteObject.check(requireVersion);
/** An agent is removed from one type's list; the agent row goes when no type is left. */
export const deleteAgentSchema = deleteAgentObject.check(requireVersion);

/**
 * The same shapes without the version requirement, for the compatibility routes (lib/legacy/intake-payloads.ts):
 * the earlier front end sends no version, so its saves apply to the current version. Our own forms always
 * send one, and the schemas above refuse a save without it.
 */
export const legacyShapes = {
  personalInfo: personalInfoObject,
  estatePlanAnswers: estatePlanAnswersObject,
  spouseChoice: setSpouseChoiceObject,
  child: childObject,
  beneficiary: beneficiaryObject,
  trustee: trusteeObject,
  agent: agentObject,
  delete: deleteObject,
  deleteAgent: deleteAgentObject,
} as const;

export type DeleteRecordInput = z.output<typeof deleteChildSchema>;
export type DeleteChildInput = DeleteRecordInput;
export type DeleteBeneficiaryInput = DeleteRecordInput;
export type DeleteTrusteeInput = DeleteRecordInput;
export type DeleteAgentInput = z.output<typeof deleteAgentSchema>;

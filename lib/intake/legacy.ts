import type { LegacyFile } from '@/lib/files/document-view';
import { z } from 'zod';
import { initials } from '@/lib/format/names';
import { maskSsn } from '@/lib/format/ssn';
import { personName } from '@/lib/people/person-name';
import { ESTATE_PLAN_TYPES, legacyShapes, SPOUSE_CHOICES } from '@/lib/validation/intake';
import type { Owner } from './owners';
import type { WriteOptions } from './write';
import type { AgentView, BeneficiaryTerms, BeneficiaryView, ChildView, ClientView, GuardianView, IntakeView, PersonView, PoaType, TrusteeView } from './types';

/*
 * The earlier front end's intake calls (intake spec §7): its flat payloads (hash_id, hash_id_child,
 * tier1 / tier2, order1 / order2 ...) mapped onto the intake schemas' shape, and the refreshed IntakeView
 * mapped onto the spec's answer (client, children, beneficiaries1/2/Both ...). Owners are numbered from
 * the client the call names (hash_id): 1 is that client, 2 the other spouse, whether the named client is
 * the household's owner 1 or owner 2. The legacy front end sends no record version: its saves apply to
 * the current version. SSNs and identifiers leave only masked (XXX-XX-1234), but for the client objects'
 * unmasked_ssn, sent to attorneys and admins only (LegacyClientExtras).
 */

/** How the compatibility routes write: owners numbered from hash_id's client, identical creates made once. */
export const LEGACY_WRITE: WriteOptions = { ownersFromAddressedClient: true, identicalCreatesOnce: true };

type Body = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------
// Reading legacy values

/** Text as the old front end sends it: null is absent, numbers are their digits. */
const text = (value: unknown) => (value === null ? undefined : typeof value === 'number' ? String(value) : value);

/** A yes/no flag as JSON (true, 1) or form fields ('1', 'true', 'yes', 'on'); blank is Unanswered. */
export function legacyBoolean(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  if (value === true || value === 1) return true;
  if (value === false || value === 0) return false;
  if (typeof value === 'string') {
    if (/^(1|true|yes|on)$/i.test(value.trim())) return true;
    if (/^(0|false|no|off)$/i.test(value.trim())) return false;
  }
  return value;
}

/** A flag that is absent when not sent (a partial save), else as legacyBoolean. */
const presentBoolean = (body: Body, key: string) => (key in body ? legacyBoolean(body[key]) : undefined);

/** The owner as sent ('1', 2, 'Both'); a value that is not text goes to the rule as it is, which refuses it. */
export function legacyOwner(value: unknown): unknown {
  const owner = text(value);
  if (typeof owner !== 'string') return owner;
  return owner.trim() === '' ? undefined : owner.trim().toLowerCase();
}

/** A hash field; '' and null mean none. */
const hashOf = (value: unknown) => (value === null || value === '' ? undefined : value);

const nameFields = (body: Body, prefix = '') => ({
  first_name: text(body[`${prefix}first_name`]),
  middle_name: text(body[`${prefix}middle_name`]),
  last_name: text(body[`${prefix}last_name`]),
  suffix: text(body[`${prefix}suffix`]),
});

/** Separate values when owner both sends any spouse value; otherwise the client's values for both. */
function sameValues(owner: unknown, body: Body, spouseKeys: string[]): boolean {
  return !(owner === 'both' && spouseKeys.some((key) => body[key] !== undefined && body[key] !== null && body[key] !== ''));
}

const record = (body: Body, itemKey: string) => ({
  client_hash: body.hash_id,
  hash: hashOf(body[itemKey]),
  version: body.version ?? undefined,
  existing_person_hash: hashOf(body.hash_id_existing_person),
});

// ---------------------------------------------------------------------------------------------------------
// Payloads → intake inputs

function childFromLegacy(body: Body) {
  const guardian = (n: 1 | 2) => {
    const prefix = `guardian_${n}_`;
    const flag = legacyBoolean(body[`has_guardian_${n}`]);
    const named = [`${prefix}first_name`, `${prefix}last_name`].some((key) => body[key]);
    if (flag === false || (flag === null && !named)) return null;
    return { ...nameFields(body, prefix), phone: text(body[`${prefix}phone`]), email: text(body[`${prefix}email`]) };
  };
  return {
    ...record(body, 'hash_id_child'),
    owner: legacyOwner(body.owner),
    ...nameFields(body),
    dob: text(body.dob),
    gender: text(body.gender),
    guardian1: guardian(1),
    guardian2: guardian(2),
    multi_guardian_specifics: text(body.multi_guardian_specifics),
  };
}

function beneficiaryFromLegacy(body: Body) {
  const owner = legacyOwner(body.owner);
  const terms = (n: 1 | 2) => ({
    tier: typeof body[`tier${n}`] === 'string' ? (body[`tier${n}`] as string).toLowerCase() : text(body[`tier${n}`]),
    share_percent: text(body[`share_percent${n}`]),
    relationship: text(body[`relationship${n}`]),
    is_per_stirpes: legacyBoolean(body[`is_per_stirpes${n}`]),
    omission_reason: text(body[`omission_reason${n}`]),
  });
  const type = typeof body.type === 'string' ? body.type.toLowerCase() : body.type;
  const identifier = text(body.identifier);
  return {
    ...record(body, 'hash_id_beneficiary'),
    type,
    owner,
    same_values: sameValues(owner, body, ['tier2', 'share_percent2', 'relationship2', 'omission_reason2']),
    values1: terms(1),
    values2: terms(2),
    ...nameFields(body),
    dob: text(body.dob),
    ssn: text(body.ssn),
    name: text(body.name),
    identifier,
    // The earlier front end sends no kind: an identifier without one is a TIN, the term covering SSNs and
    // EINs (as migration 0003 decided for stored ones).
    identifier_kind: text(body.identifier_kind) ?? (identifier ? 'tin' : undefined),
    date: text(body.date),
    is_trust: legacyBoolean(body.is_trust),
  };
}

function trusteeFromLegacy(body: Body) {
  const owner = legacyOwner(body.owner);
  return {
    ...record(body, 'hash_id_fiduciary'),
    owner,
    same_values: sameValues(owner, body, ['order2']),
    values1: { order: text(body.order1) },
    values2: { order: text(body.order2) },
    ...nameFields(body),
    phone: text(body.phone),
    email: text(body.email),
  };
}

function agentFromLegacy(body: Body) {
  const owner = legacyOwner(body.owner);
  const types = [body.type, body.type1, body.type2].map((t) => (typeof t === 'string' && t.trim() ? t.trim().toLowerCase() : undefined)).filter(Boolean);
  return {
    ...record(body, 'hash_id_poa'),
    // One type per save: type1 and type2 (and type) must agree, else the type is refused as missing.
    type: new Set(types).size > 1 ? undefined : types[0],
    owner,
    same_values: sameValues(owner, body, ['order2', 'is_collective2', 'is_independent2']),
    // How the client's agents of this type serve (optional; absent keeps the list's choice).
    values1: { order: text(body.order1), is_collective: presentBoolean(body, 'is_collective1'), is_independent: presentBoolean(body, 'is_independent1') },
    values2: { order: text(body.order2), is_collective: presentBoolean(body, 'is_collective2'), is_independent: presentBoolean(body, 'is_independent2') },
    ...nameFields(body),
    phone: text(body.phone),
    email: text(body.email),
  };
}

const deleteFromLegacy = (itemKey: string) => (body: Body) => ({ client_hash: body.hash_id, hash: body[itemKey], version: body.version ?? undefined });

function personalInfoFromLegacy(body: Body) {
  return {
    client_hash: body.hash_id ?? body.hash,
    version: body.version ?? undefined,
    ...nameFields(body),
    phone: text(body.phone),
    dob: text(body.dob),
    ssn: text(body.ssn),
    gender: text(body.gender),
    residence_state: text(body.residence_state),
    is_us_citizen: legacyBoolean(body.is_us_citizen),
    is_receiving_medicaid: legacyBoolean(body.is_receiving_medicaid),
    has_mental_disorder: legacyBoolean(body.has_mental_disorder),
    wants_life_support: legacyBoolean(body.wants_life_support),
    wants_cremation: legacyBoolean(body.wants_cremation),
    is_organ_donor: legacyBoolean(body.is_organ_donor),
  };
}

const asBody = (value: unknown): Body => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {});
const legacy = <S extends z.ZodType>(map: (body: Body) => unknown, schema: S) => z.preprocess((value) => map(asBody(value)), schema);

export const legacyUpsertChildSchema = legacy(childFromLegacy, legacyShapes.child);
export const legacyUpsertBeneficiarySchema = legacy(beneficiaryFromLegacy, legacyShapes.beneficiary);
export const legacyUpsertTrusteeSchema = legacy(trusteeFromLegacy, legacyShapes.trustee);
export const legacyUpsertAgentSchema = legacy(agentFromLegacy, legacyShapes.agent);
export const legacyDeleteChildSchema = legacy(deleteFromLegacy('hash_id_child'), legacyShapes.delete);
export const legacyDeleteBeneficiarySchema = legacy(deleteFromLegacy('hash_id_beneficiary'), legacyShapes.delete);
export const legacyDeleteTrusteeSchema = legacy(deleteFromLegacy('hash_id_fiduciary'), legacyShapes.delete);
export const legacyDeleteAgentSchema = legacy(
  (body) => ({ ...deleteFromLegacy('hash_id_poa')(body), type: typeof body.type === 'string' ? body.type.toLowerCase() : body.type }),
  legacyShapes.deleteAgent,
);
export const legacyPersonalInfoSchema = legacy(personalInfoFromLegacy, legacyShapes.personalInfo);

// The client record call: the estate plan answers sent (a partial save), and / or the spouse choices.
const ESTATE_PLAN_KEYS = Object.keys(legacyShapes.estatePlanAnswers.shape).filter((key) => key !== 'version');
const ESTATE_PLAN_FLAGS = new Set([
  'has_trust_intent_1',
  'has_trust_intent_2',
  'has_trust_intent_3',
  'has_trust_intent_4',
  'has_trust_intent_5',
  'has_trust_intent_6',
  'has_trust_intent_7',
]);
export const SUBMISSION_ALONE = 'Send the submission (is_trust_submitted) on its own, without other answers.';

const clientInfoShape = z.object({
  client_hash: legacyShapes.spouseChoice.shape.client_hash,
  version: legacyShapes.spouseChoice.shape.version,
  estatePlan: legacyShapes.estatePlanAnswers.omit({ version: true }).partial().nullable(),
  choices: legacyShapes.spouseChoice.omit({ client_hash: true, version: true }).nullable(),
  // The submission for attorney review (lib/intake/submit-trust.ts), sent with the hash only.
  is_trust_submitted: z.literal(true).optional(),
});

function clientInfoFromLegacy(body: Body) {
  const sent = (key: string) => key in body;
  const estatePlanKeys = ESTATE_PLAN_KEYS.filter(sent);
  const choiceKeys = SPOUSE_CHOICES.filter(sent);
  return {
    client_hash: body.hash ?? body.hash_id,
    version: body.version ?? undefined,
    estatePlan: estatePlanKeys.length
      ? Object.fromEntries(
          estatePlanKeys.map((key) => {
            const value = body[key];
            if (ESTATE_PLAN_FLAGS.has(key)) return [key, legacyBoolean(value)];
            if (key === 'has_estate_plan' || key === 'is_assets_trust_owned') return [key, legacyBoolean(value)];
            return [key, text(value) ?? null];
          }),
        )
      : null,
    choices: choiceKeys.length ? Object.fromEntries(choiceKeys.map((key) => [key, presentBoolean(body, key)])) : null,
    // true submits the trust; false or absent changes nothing (a submission is not taken back here).
    is_trust_submitted: legacyBoolean(body.is_trust_submitted) === true ? true : undefined,
  };
}

export const legacyClientInfoSchema = legacy(clientInfoFromLegacy, clientInfoShape).check(
  z.superRefine((value, ctx) => {
    if (value.is_trust_submitted && (value.estatePlan || value.choices))
      ctx.addIssue({ code: 'custom', path: ['is_trust_submitted'], message: SUBMISSION_ALONE });
    else if (!value.is_trust_submitted && !value.estatePlan && !value.choices) ctx.addIssue({ code: 'custom', path: ['_'], message: 'Nothing to save.' });
  }),
);
export type LegacyClientInfoInput = z.output<typeof legacyClientInfoSchema>;

// ---------------------------------------------------------------------------------------------------------
// IntakeView → the spec's answer

/** 1 when the call named the household's client, 2 when it named the spouse. */
export function perspectiveOf(view: Pick<IntakeView, 'spouse'>, addressedHash: string): 1 | 2 {
  return view.spouse?.hash === addressedHash ? 2 : 1;
}

const flip = (owner: Owner, perspective: 1 | 2): Owner => (perspective === 1 || owner === 'both' ? owner : owner === '1' ? '2' : '1');
const pick = <T>(perspective: 1 | 2, one: T, two: T): [T, T] => (perspective === 1 ? [one, two] : [two, one]);
const ssnOf = (last4: string | null | undefined) => maskSsn(last4) || null;

function legacyName(person: Pick<PersonView, 'firstName' | 'middleName' | 'lastName' | 'suffix'>) {
  return { first_name: person.firstName, middle_name: person.middleName, last_name: person.lastName, suffix: person.suffix };
}

function legacyPerson(person: PersonView) {
  return { person_hash: person.hash, ...legacyName(person), phone: person.phone, email: person.email, dob: person.dob, ssn: ssnOf(person.ssnLast4) };
}

/** An estate plan as the spec's Estate plan entity (platform §3), with its files (newest first). */
export type LegacyEstatePlan = { hash: string; type: string; status: string; status_full: string; updated_at: string; files: LegacyFile[] };
/** A client's advisor with its firms (platform §3 Advisor: firms are `{ id, name }`, the id the firm's public hash). */
export type LegacyAdvisor = { hash: string; firms: { id: string; name: string }[] };

/**
 * What the spec's client object holds beyond the IntakeView (intake §3 Client), read for the compatibility
 * answers only (lib/intake/legacy-answer.ts), so the page's load does not grow.
 */
export type LegacyClientExtras = {
  /** The household's estate plans, oldest first: the last is the latest. */
  estatePlans: LegacyEstatePlan[];
  /** Each client's advisor, by client hash (null: none). */
  advisors: Record<string, LegacyAdvisor | null>;
  /** Full SSNs (xxx-xx-xxxx, null when none is stored) by person hash; only for viewers who may reveal them. */
  unmaskedSsns?: Record<string, string | null>;
};

/**
 * A person as the spec's Person (platform §3, intake §3 Client): name, contact_info, personal_info with the
 * masked SSN; unmasked_ssn only when the extras carry it (attorneys and admins), else absent.
 */
function specPerson(person: PersonView, email: string | null, extras: LegacyClientExtras) {
  const unmasked = extras.unmaskedSsns;
  return {
    name: {
      full: personName(person),
      ...legacyName(person),
      initials: initials({ first: person.firstName, middle: person.middleName, last: person.lastName }),
    },
    contact_info: { email, phone: person.phone },
    personal_info: {
      dob: person.dob,
      masked_ssn: ssnOf(person.ssnLast4),
      ...(unmasked ? { unmasked_ssn: unmasked[person.hash] ?? null } : {}),
    },
  };
}

const contactEmail = (client: ClientView) => client.loginEmail ?? client.person.email;

/**
 * A client as the spec's client object (intake §3): its record's flat fields (the SSN masked), and the
 * nested person, spouse (hash, person), is_type_other, estate_plans and advisor with its firms.
 */
export function legacyClient(client: ClientView, other: ClientView | null, extras: LegacyClientExtras) {
  return {
    hash_id: client.hash,
    hash: client.hash,
    version: client.version,
    person_version: client.person.version ?? null,
    ...legacyName(client.person),
    email: contactEmail(client),
    phone: client.person.phone,
    dob: client.person.dob,
    ssn: ssnOf(client.person.ssnLast4),
    person: specPerson(client.person, contactEmail(client), extras),
    spouse: other ? { hash: other.hash, person: specPerson(other.person, contactEmail(other), extras) } : null,
    gender: client.gender,
    residence_state: client.residenceState,
    is_us_citizen: client.isUsCitizen,
    is_receiving_medicaid: client.isReceivingMedicaid,
    has_mental_disorder: client.hasMentalDisorder,
    wants_life_support: client.wantsLifeSupport,
    wants_cremation: client.wantsCremation,
    is_organ_donor: client.isOrganDonor,
    has_estate_plan: client.hasEstatePlan,
    estate_plan_type: client.estatePlanType,
    // The type typed under Other: anything but the listed Trust and Will.
    is_type_other: client.estatePlanType !== null && !(ESTATE_PLAN_TYPES as readonly string[]).includes(client.estatePlanType),
    trust_name: client.trustName,
    trust_date: client.trustDate,
    trust_times_amended: client.trustTimesAmended,
    trust_replacement_reason: client.trustReplacementReason,
    is_assets_trust_owned: client.isAssetsTrustOwned,
    trust_governing_state: client.trustGoverningState,
    ...Object.fromEntries(client.intents.map((answer, i) => [`has_trust_intent_${i + 1}`, answer])),
    trust_intent_other: client.trustIntentOther,
    is_spouse_beneficiary: client.isSpouseBeneficiary,
    is_spouse_poa_general: client.isSpousePoa.general,
    is_spouse_poa_medical: client.isSpousePoa.medical,
    is_spouse_poa_financial: client.isSpousePoa.financial,
    is_trust_submitted: client.isTrustSubmitted,
    estate_plans: extras.estatePlans,
    advisor: extras.advisors[client.hash] ?? null,
  };
}

function legacyGuardian(n: 1 | 2, guardian: GuardianView | null) {
  const prefix = `guardian_${n}_`;
  return {
    [`has_guardian_${n}`]: guardian !== null,
    [`guardian_${n}_hash`]: guardian?.hash ?? null,
    [`${prefix}first_name`]: guardian?.firstName ?? null,
    [`${prefix}middle_name`]: guardian?.middleName ?? null,
    [`${prefix}last_name`]: guardian?.lastName ?? null,
    [`${prefix}suffix`]: guardian?.suffix ?? null,
    [`${prefix}phone`]: guardian?.phone ?? null,
    [`${prefix}email`]: guardian?.email ?? null,
  };
}

function legacyChild(child: ChildView, perspective: 1 | 2) {
  return {
    hash_id: child.hash,
    version: child.version,
    owner: flip(child.owner, perspective),
    gender: child.gender,
    ...legacyPerson(child.person),
    ...legacyGuardian(1, child.guardian1),
    ...legacyGuardian(2, child.guardian2),
    multi_guardian_specifics: child.multiGuardianSpecifics,
  };
}

function legacyTerms(n: 1 | 2, terms: BeneficiaryTerms | null) {
  return {
    [`tier${n}`]: terms?.tier ?? null,
    [`share_percent${n}`]: terms?.sharePercent ?? null,
    [`relationship${n}`]: terms?.relationship ?? null,
    [`is_per_stirpes${n}`]: terms?.isPerStirpes ?? null,
    [`omission_reason${n}`]: terms?.omissionReason ?? null,
  };
}

function legacyBeneficiary(b: BeneficiaryView, perspective: 1 | 2) {
  const [terms1, terms2] = pick(perspective, b.terms1, b.terms2);
  return {
    hash_id: b.hash,
    version: b.version,
    owner: flip(b.owner, perspective),
    type: b.type,
    ...(b.person
      ? legacyPerson(b.person)
      : { person_hash: null, first_name: null, middle_name: null, last_name: null, suffix: null, phone: null, email: null, dob: null, ssn: null }),
    name: b.entity?.name ?? null,
    identifier: b.entity ? ssnOf(b.entity.identifierLast4) : null,
    identifier_kind: b.entity?.identifierKind ?? null,
    date: b.entity?.date ?? null,
    is_trust: b.entity?.isTrust ?? false,
    ...legacyTerms(1, terms1),
    ...legacyTerms(2, terms2),
  };
}

function legacyTrustee(trustee: TrusteeView, perspective: 1 | 2) {
  const [order1, order2] = pick(perspective, trustee.order1, trustee.order2);
  return { hash_id: trustee.hash, version: trustee.version, owner: flip(trustee.owner, perspective), ...legacyPerson(trustee.person), order1, order2 };
}

function legacyAgent(agent: AgentView, perspective: 1 | 2) {
  const [order1, order2] = pick(perspective, agent.order1, agent.order2);
  const [service1, service2] = pick(perspective, agent.service1, agent.service2);
  const owner = flip(agent.owner, perspective);
  return {
    hash_id: agent.hash,
    version: agent.version,
    type: agent.type,
    owner,
    ...legacyPerson(agent.person),
    type1: owner === '2' ? null : agent.type,
    order1,
    type2: owner === '1' ? null : agent.type,
    order2,
    // The first owning client's, as before; per client in is_collective1/2 and is_independent1/2.
    is_collective: (service1 ?? service2)?.isCollective ?? false,
    is_independent: (service1 ?? service2)?.isIndependent ?? false,
    is_collective1: service1?.isCollective ?? null,
    is_independent1: service1?.isIndependent ?? null,
    is_collective2: service2?.isCollective ?? null,
    is_independent2: service2?.isIndependent ?? null,
  };
}

/** Splits a list into the spec's 1 / 2 / Both lists under a name (beneficiaries1, beneficiaries2, beneficiariesBoth). */
export function byOwnerLists<N extends string, T extends { owner: Owner }>(name: N, items: T[]) {
  return {
    [`${name}1`]: items.filter((i) => i.owner === '1'),
    [`${name}2`]: items.filter((i) => i.owner === '2'),
    [`${name}Both`]: items.filter((i) => i.owner === 'both'),
  } as Record<`${N}1` | `${N}2` | `${N}Both`, T[]>;
}

/**
 * The refreshed lists as the spec's save and delete calls answer them: client (the one the call named)
 * and spouse, children, beneficiaries1/2/Both, fiduciaries1/2/Both, poas1/2/Both (every agent under every
 * type) and generalPoas1/2/Both, medicalPoas1/2/Both, financialPoas1/2/Both (empty where the financial PoA
 * is hidden).
 */
export function toLegacyLists(view: IntakeView, addressedHash: string, extras: LegacyClientExtras) {
  const perspective = perspectiveOf(view, addressedHash);
  const [client, spouse] = pick(perspective, view.client, view.spouse);
  const agents = view.agents.filter((a) => a.type !== 'financial' || view.showsFinancialPoa).map((a) => legacyAgent(a, perspective));
  const ofType = (type: PoaType) => agents.filter((a) => a.type === type);
  return {
    client: legacyClient(client!, spouse, extras),
    spouse: spouse ? legacyClient(spouse, client, extras) : null,
    children: view.children.map((c) => legacyChild(c, perspective)),
    ...byOwnerLists(
      'beneficiaries',
      view.beneficiaries.map((b) => legacyBeneficiary(b, perspective)),
    ),
    ...byOwnerLists(
      'fiduciaries',
      view.trustees.map((t) => legacyTrustee(t, perspective)),
    ),
    ...byOwnerLists('poas', agents),
    ...byOwnerLists('generalPoas', ofType('general')),
    ...byOwnerLists('medicalPoas', ofType('medical')),
    ...byOwnerLists('financialPoas', ofType('financial')),
  };
}

/** The `{ client }` answer of the client record and personal info calls: the client the call named. */
export function toLegacyClient(view: IntakeView, addressedHash: string, extras: LegacyClientExtras) {
  const [client, spouse] = pick(perspectiveOf(view, addressedHash), view.client, view.spouse);
  return { client: legacyClient(client!, spouse, extras) };
}

import { initials } from '@/lib/format/names';
import { maskSsn } from '@/lib/format/ssn';
import type { ClientView, IntakeView, PersonView } from '@/lib/intake/types';
import { personName } from '@/lib/people/person-name';
import { ESTATE_PLAN_TYPES } from '@/lib/validation/intake';
import type { LegacyFile } from './document-shapes';
import { perspectiveOf, pick } from './perspective';

/*
 * The refreshed IntakeView's clients as the spec's client object (intake §3 Client). SSNs and identifiers
 * leave only masked (XXX-XX-1234), but for the client objects' unmasked_ssn, sent to attorneys and admins
 * only (LegacyClientExtras).
 */

/** A masked SSN or identifier (XXX-XX-1234), null when none is stored. */
export const ssnOf = (last4: string | null | undefined) => maskSsn(last4) || null;

function legacyName(person: Pick<PersonView, 'firstName' | 'middleName' | 'lastName' | 'suffix'>) {
  return { first_name: person.firstName, middle_name: person.middleName, last_name: person.lastName, suffix: person.suffix };
}

export function legacyPerson(person: PersonView) {
  return { person_hash: person.hash, ...legacyName(person), phone: person.phone, email: person.email, dob: person.dob, ssn: ssnOf(person.ssnLast4) };
}

/** An estate plan as the spec's Estate plan entity (platform §3), with its files (newest first). */
export type LegacyEstatePlan = { hash: string; type: string; status: string; status_full: string; updated_at: string; files: LegacyFile[] };
/** A client's advisor with its firms (platform §3 Advisor: firms are `{ id, name }`, the id the firm's public hash). */
export type LegacyClientAdvisor = { hash: string; firms: { id: string; name: string }[] };

/**
 * What the spec's client object holds beyond the IntakeView (intake §3 Client), read for the compatibility
 * answers only (lib/legacy/client-extras.ts), so the page's load does not grow.
 */
export type LegacyClientExtras = {
  /** The household's estate plans, oldest first: the last is the latest. */
  estatePlans: LegacyEstatePlan[];
  /** Each client's advisor, by client hash (null: none). */
  advisors: Record<string, LegacyClientAdvisor | null>;
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

/** The `{ client }` answer of the client record and personal info calls: the client the call named. */
export function toLegacyClient(view: IntakeView, addressedHash: string, extras: LegacyClientExtras) {
  const [client, spouse] = pick(perspectiveOf(view, addressedHash), view.client, view.spouse);
  return { client: legacyClient(client!, spouse, extras) };
}

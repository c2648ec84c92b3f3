import type { clients } from '@/db/schema';
import { isMinor } from '@/lib/format/date';
import { TRUST_RELATIONSHIP } from '@/lib/validation/lists';
import type { BeneficiaryTermsInput, EstatePlanAnswers } from '@/lib/validation/intake';
import type { Tier } from './types';

/*
 * The intake's dependent-answer rules as the server applies them on every save, whatever the form did
 * (intake §4): pure functions from a validated input to what is stored, with unit tests of their own.
 */

// ---------------------------------------------------------------------------------------------------------
// Estate plan info

/** What an estate plan save stores for one client: the answers after the spec's dependencies. */
export type EstatePlanColumns = Pick<
  typeof clients.$inferSelect,
  | 'hasEstatePlan'
  | 'estatePlanType'
  | 'trustName'
  | 'trustDate'
  | 'trustTimesAmended'
  | 'trustReplacementReason'
  | 'isAssetsTrustOwned'
  | 'trustGoverningState'
  | `hasTrustIntent${1 | 2 | 3 | 4 | 5 | 6 | 7}`
  | 'trustIntentOther'
>;

export type EstatePlanValues = Omit<EstatePlanAnswers, 'version'>;

const text = (value: string | null | undefined) => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/** 'trust' and 'will' in any case are the list's entries; anything else is the typed other type. */
export function estatePlanType(value: string | null | undefined): string | null {
  const typed = text(value);
  if (typed === null) return null;
  if (typed.toLowerCase() === 'trust') return 'Trust';
  if (typed.toLowerCase() === 'will') return 'Will';
  return typed;
}

/**
 * The spec's dependencies: without an estate plan (No, or unanswered) there is no plan type and no trust
 * details; trust details (name, date, times amended, replacement reason, assets owned) belong to a Trust
 * only; intents 6 and 7 are asked only of a married household.
 */
export function estatePlanColumns(answers: EstatePlanValues, hasSpouse: boolean): EstatePlanColumns {
  const hasPlan = answers.has_estate_plan;
  const type = hasPlan === 'yes' ? estatePlanType(answers.estate_plan_type) : null;
  const trust = type === 'Trust';
  return {
    hasEstatePlan: hasPlan,
    estatePlanType: type,
    trustName: trust ? text(answers.trust_name) : null,
    trustDate: trust ? answers.trust_date : null,
    trustTimesAmended: trust ? answers.trust_times_amended : null,
    trustReplacementReason: trust ? text(answers.trust_replacement_reason) : null,
    isAssetsTrustOwned: trust ? answers.is_assets_trust_owned : null,
    trustGoverningState: text(answers.trust_governing_state),
    hasTrustIntent1: answers.has_trust_intent_1,
    hasTrustIntent2: answers.has_trust_intent_2,
    hasTrustIntent3: answers.has_trust_intent_3,
    hasTrustIntent4: answers.has_trust_intent_4,
    hasTrustIntent5: answers.has_trust_intent_5,
    hasTrustIntent6: hasSpouse ? answers.has_trust_intent_6 : null,
    hasTrustIntent7: hasSpouse ? answers.has_trust_intent_7 : null,
    trustIntentOther: text(answers.trust_intent_other),
  };
}

/** The stored columns read back as answers (a legacy save changes only the keys it sends). */
export function estatePlanValuesOf(columns: EstatePlanColumns): EstatePlanValues {
  return {
    has_estate_plan: columns.hasEstatePlan,
    estate_plan_type: columns.estatePlanType ?? '',
    trust_name: columns.trustName ?? '',
    trust_date: columns.trustDate,
    trust_times_amended: columns.trustTimesAmended,
    trust_replacement_reason: columns.trustReplacementReason ?? '',
    is_assets_trust_owned: columns.isAssetsTrustOwned,
    trust_governing_state: (columns.trustGoverningState ?? '') as EstatePlanValues['trust_governing_state'],
    has_trust_intent_1: columns.hasTrustIntent1,
    has_trust_intent_2: columns.hasTrustIntent2,
    has_trust_intent_3: columns.hasTrustIntent3,
    has_trust_intent_4: columns.hasTrustIntent4,
    has_trust_intent_5: columns.hasTrustIntent5,
    has_trust_intent_6: columns.hasTrustIntent6,
    has_trust_intent_7: columns.hasTrustIntent7,
    trust_intent_other: columns.trustIntentOther ?? '',
  };
}

// ---------------------------------------------------------------------------------------------------------
// Beneficiaries

/** A client's terms for a beneficiary as stored (the pivot row's values). */
export type TermsRow = {
  tier: Tier | null;
  sharePercent: string | null;
  relationship: string | null;
  isPerStirpes: boolean;
  omissionReason: string | null;
};

export const OMITTED_SHARE = '0.00';

/**
 * One client's terms as stored: an omitted beneficiary has share 0 and no per stirpes, and keeps its
 * omission reason (which nobody else keeps); an entity marked as a trust has the relationship 'Trust'.
 */
export function termsRow(terms: BeneficiaryTermsInput, isTrust: boolean): TermsRow {
  const tier = (terms.tier || null) as Tier | null;
  const omitted = tier === 'omitted';
  return {
    tier,
    sharePercent: omitted ? OMITTED_SHARE : (terms.share_percent ?? null),
    relationship: isTrust ? TRUST_RELATIONSHIP : text(terms.relationship),
    isPerStirpes: omitted ? false : terms.is_per_stirpes,
    omissionReason: omitted ? text(terms.omission_reason) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Children

/** Guardians are kept only for a child under 18 with a valid date of birth; an adult's are dropped. */
export function takesGuardians(dob: string | null | undefined, today: string | Date = new Date()): boolean {
  return isMinor(dob, today);
}

import { sameValuesOf } from '@/lib/intake/owners';
import type { BeneficiaryTerms, BeneficiaryView, ChildView, IntakeView } from '@/lib/intake/types';
import { TRUST_RELATIONSHIP } from '@/lib/validation/lists';
import type { UpsertBeneficiaryForm } from '@/lib/validation/intake';
import { newRecordOwner } from '../shared/people';

/** One client's terms as the form holds them. */
export type TermsForm = { tier: string; share_percent: string; relationship: string; is_per_stirpes: boolean; omission_reason: string };

export const EMPTY_TERMS: TermsForm = { tier: '', share_percent: '', relationship: '', is_per_stirpes: false, omission_reason: '' };
/** An entity marked as a trust has its relationship fixed to 'Trust' (intake §4). */
export const TRUST_TERMS: TermsForm = { ...EMPTY_TERMS, relationship: TRUST_RELATIONSHIP };

export const TIER_LABELS = { primary: 'Primary', contingent: 'Contingent', tertiary: 'Tertiary', omitted: 'Omitted' } as const;
export const TIER_OPTIONS = (['primary', 'contingent', 'tertiary'] as const).map((tier) => ({ value: tier, label: TIER_LABELS[tier] }));

/** The spec's relationship options (intake §3 Lists) for a child of the household. */
export const CHILD_RELATIONSHIP = 'Child';
export const STEP_CHILD_RELATIONSHIP = 'Step-Child';

/**
 * What a child of the household is to each client, for a beneficiary linked from the child's record (issue
 * 27: it was asked again): 'Child' to the child's parent (the child record's owner, both for a shared child),
 * 'Step-Child' to the parent's spouse. `values2` is null without a spouse. Still editable in the form.
 */
export function childRelationships(child: Pick<ChildView, 'owner'>, hasSpouse: boolean): { values1: string; values2: string | null } {
  const of = (ownerNo: '1' | '2') => (child.owner === 'both' || child.owner === ownerNo ? CHILD_RELATIONSHIP : STEP_CHILD_RELATIONSHIP);
  return { values1: of('1'), values2: hasSpouse ? of('2') : null };
}

export function termsFormValues(terms: BeneficiaryTerms | null): TermsForm {
  if (!terms) return EMPTY_TERMS;
  return {
    tier: terms.tier ?? '',
    share_percent: terms.sharePercent ?? '',
    relationship: terms.relationship ?? '',
    is_per_stirpes: terms.isPerStirpes,
    omission_reason: terms.omissionReason ?? '',
  };
}

/** The form's values for a beneficiary, or a new one's (a person, owned by the default owner). */
export function beneficiaryFormValues(view: IntakeView, beneficiary: BeneficiaryView | null): UpsertBeneficiaryForm {
  const values1 = termsFormValues(beneficiary?.terms1 ?? null);
  const values2 = termsFormValues(beneficiary?.terms2 ?? null);
  const owner = beneficiary?.owner ?? newRecordOwner(view);
  const person = beneficiary?.person ?? null;
  const entity = beneficiary?.entity ?? null;
  return {
    client_hash: view.client.hash,
    hash: beneficiary?.hash ?? '',
    version: beneficiary?.version,
    person_version: person?.version,
    existing_person_hash: '',
    type: beneficiary?.type ?? 'person',
    owner,
    same_values: owner !== 'both' || sameValuesOf(values1, values2),
    values1,
    values2,
    first_name: person?.firstName ?? '',
    middle_name: person?.middleName ?? '',
    last_name: person?.lastName ?? '',
    suffix: (person?.suffix ?? '') as UpsertBeneficiaryForm['suffix'],
    dob: person?.dob ?? '',
    ssn: '',
    name: entity?.name ?? '',
    identifier: '',
    identifier_kind: entity?.identifierKind ?? '',
    date: entity?.date ?? '',
    is_trust: entity?.isTrust ?? false,
  };
}

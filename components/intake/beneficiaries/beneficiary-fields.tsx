'use client';

import { useRef, useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { DateField, IdentifierField, SsnField, TextField } from '@/components/forms';
import { Checkbox } from '@/components/ui/field';
import type { BeneficiaryView, LinkCandidate } from '@/lib/intake/types';
import { TEXT_MAX_LENGTH } from '@/lib/validation/fields';
import { TRUST_RELATIONSHIP } from '@/lib/validation/lists';
import { useIntake } from '../intake-context';
import { LinkExisting } from '../shared/link-existing';
import type { LinkState } from '../shared/link-existing';
import { OwnedValuesFields, OwnerField, SameValuesField } from '../shared/owner-fields';
import { DobField, NameFields } from '../shared/person-fields';
import type { LockableField } from '../shared/person-fields';
import { RadioChoiceField } from '../shared/radio-choice-field';
import { BeneficiaryTermsFields } from './beneficiary-terms-fields';
import { childRelationships, EMPTY_TERMS, TRUST_TERMS } from './beneficiary-values';
import type { TermsForm } from './beneficiary-values';
import fieldStyles from '../shared/intake-fields.module.css';

const PERSON_FIELDS: LockableField[] = ['first_name', 'middle_name', 'last_name', 'suffix', 'dob'];

export const TYPE_CHOICES = [
  { value: 'person', label: 'Person' },
  { value: 'entity', label: 'Entity (trust, charity or company)' },
] as const;

export const IDENTIFIER_CHOICES = [
  { value: 'ssn', label: 'SSN' },
  { value: 'tin', label: 'TIN' },
  { value: 'ein', label: 'EIN' },
] as const;

/** Sets both clients' relationship to 'Trust' (or clears it when no longer a trust). */
function useTrustRelationship() {
  const { getValues, setValue } = useFormContext();
  return (trust: boolean) => {
    for (const key of ['values1', 'values2'] as const) {
      const current = getValues(`${key}.relationship`) as string;
      if (trust) setValue(`${key}.relationship`, TRUST_RELATIONSHIP, { shouldDirty: true });
      else if (current === TRUST_RELATIONSHIP) setValue(`${key}.relationship`, '', { shouldDirty: true });
    }
  };
}

/**
 * A beneficiary linked from a child's record gets its relationship filled in ('Child', or 'Step-Child' for
 * the parent's spouse) instead of being asked again (issue 27); the field stays editable. Only an empty
 * field, or one still holding the previous prefill, is written: what the person chose is kept.
 */
function useChildRelationshipPrefill() {
  const { view, hasSpouse } = useIntake();
  const { getValues, setValue } = useFormContext();
  const prefilled = useRef<Partial<Record<'values1' | 'values2', string>>>({});
  return (personHash: string | null) => {
    const child = personHash ? view.children.find((candidate) => candidate.person.hash === personHash) : undefined;
    const next = child ? childRelationships(child, hasSpouse) : { values1: null, values2: null };
    const options = { shouldDirty: true };
    for (const key of ['values1', 'values2'] as const) {
      const current = (getValues(`${key}.relationship`) as string) ?? '';
      const untouched = current === '' || current === prefilled.current[key];
      if (!untouched) continue;
      prefilled.current[key] = next[key] ?? undefined;
      if (current !== (next[key] ?? '')) setValue(`${key}.relationship`, next[key] ?? '', options);
    }
    // A child of one spouse is the other's step-child: shared values would give both the same relationship.
    if (next.values2 && next.values1 !== next.values2 && getValues('owner') === 'both') setValue('same_values', false, options);
  };
}

/** 'This entity is a trust': fixes the relationship to 'Trust' (intake §4). */
function IsTrustField() {
  const setTrustRelationship = useTrustRelationship();
  const {
    field: { name, value, onChange, onBlur, ref, disabled },
  } = useController({ name: 'is_trust' });
  return (
    <Checkbox
      label="This entity is a trust"
      name={name}
      checked={value === true}
      onChange={(event) => {
        onChange(event.target.checked);
        setTrustRelationship(event.target.checked);
      }}
      onBlur={onBlur}
      ref={ref}
      disabled={disabled}
    />
  );
}

type Props = {
  beneficiary: BeneficiaryView | null;
  candidates: readonly LinkCandidate[];
};

/**
 * The beneficiary modal's fields: a person (names, date of birth, SSN) or an entity (name, identifier with
 * its kind, date, trust flag); the owner with 'same values'; and each owning client's terms.
 */
export function BeneficiaryFields({ beneficiary, candidates }: Props) {
  const { hasSpouse } = useIntake();
  const { setValue } = useFormContext();
  const setTrustRelationship = useTrustRelationship();
  const prefillRelationship = useChildRelationshipPrefill();
  const asks = beneficiary === null && candidates.length > 0;
  const [link, setLink] = useState<LinkState | null>(null);
  const type = useWatch({ name: 'type' }) as 'person' | 'entity';
  const isTrust = useWatch({ name: 'is_trust' }) === true;
  const kind = useWatch({ name: 'identifier_kind' }) as string;
  const pending = asks && (link?.pending ?? true);
  const linked = link?.answer === 'yes';
  const entity = type === 'entity';
  const trust = entity && isTrust;
  const empty: TermsForm = trust ? TRUST_TERMS : EMPTY_TERMS;
  const kindLabel = IDENTIFIER_CHOICES.find((choice) => choice.value === kind)?.label ?? 'Identifier';

  return (
    <>
      {asks && (
        <LinkExisting
          candidates={candidates}
          fields={PERSON_FIELDS}
          onChange={(state) => {
            setLink(state);
            // A linked person is a person beneficiary.
            if (state.answer === 'yes') setValue('type', 'person');
            prefillRelationship(state.answer === 'yes' ? (state.person?.hash ?? null) : null);
          }}
        />
      )}
      {!pending && (
        <>
          {!linked && (
            <RadioChoiceField
              name="type"
              label="Beneficiary Type"
              required
              choices={TYPE_CHOICES}
              onChosen={(next) => {
                if (next === 'person') {
                  setValue('is_trust', false);
                  setTrustRelationship(false);
                }
              }}
            />
          )}
          {entity ? (
            <>
              <TextField name="name" label="Entity Name" required maxLength={TEXT_MAX_LENGTH} />
              <RadioChoiceField name="identifier_kind" label="Identifier Type" choices={IDENTIFIER_CHOICES} />
              <div className={fieldStyles.grid}>
                <IdentifierField name="identifier" label={kindLabel} last4={beneficiary?.entity?.identifierLast4} />
                <DateField name="date" label="Date Established" hint="For a trust, the date it was signed." />
              </div>
              <IsTrustField />
            </>
          ) : (
            <>
              <NameFields locked={link?.locked} />
              <div className={fieldStyles.grid}>
                <DobField locked={link?.locked} />
                <SsnField name="ssn" label="SSN" last4={beneficiary?.person?.ssnLast4} />
              </div>
            </>
          )}
          {hasSpouse && (
            <>
              <OwnerField empty={empty} />
              <SameValuesField />
            </>
          )}
          <OwnedValuesFields legend={(who) => `Terms for ${who}`}>{(key) => <BeneficiaryTermsFields prefix={key} trust={trust} />}</OwnedValuesFields>
        </>
      )}
    </>
  );
}

'use client';

import { useEffect, useId, useMemo, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useHoldSubmit } from '@/components/records';
import { useMessage } from '@/components/ui/call-provider';
import { Field, Fieldset, Radio, Select } from '@/components/ui/field';
import { isMinor } from '@/lib/format/date';
import type { LinkCandidate, PersonView } from '@/lib/intake/types';
import { nameOf } from './people';
import type { LockableField, Locked } from './person-fields';
import styles from './intake-fields.module.css';

export const LINK_QUESTION = 'Link from existing record?';

/** The warning when a list of adults links a person under 18 (the spec's minor rule, from the date of birth). */
export const MINOR_SELECTED = 'Minor Selected';

/** 'Jamie Rivera is under 18. A successor trustee must be an adult. Do you want to continue?' */
export function minorMessage(person: PersonView, adultRole: string): string {
  return `${nameOf(person)} is under 18. ${adultRole} must be an adult. Do you want to continue?`;
}

/** A linked person's value of each lockable field. */
const PERSON_VALUES: Record<LockableField, (person: PersonView) => string> = {
  first_name: (p) => p.firstName,
  middle_name: (p) => p.middleName,
  last_name: (p) => p.lastName,
  suffix: (p) => p.suffix,
  dob: (p) => p.dob ?? '',
  phone: (p) => p.phone,
  email: (p) => p.email,
};

/** The fields a linked person locks: those of `fields` the person has filled. */
export function lockedBy(person: PersonView | null, fields: readonly LockableField[]): Locked {
  if (!person) return new Set();
  return new Set(fields.filter((field) => PERSON_VALUES[field](person).trim() !== ''));
}

export type LinkState = {
  /** Yes, No, or not answered yet (null). */
  answer: 'yes' | 'no' | null;
  /** The person picked after Yes. */
  person: PersonView | null;
  /** The fields the linked person's values lock. */
  locked: Locked;
  /** The question is open (or Yes without a person): the form's fields and its Create button wait. */
  pending: boolean;
};

type Props = {
  candidates: readonly LinkCandidate[];
  /** The person fields this record has (a trustee has no date of birth, a child no phone). */
  fields: readonly LockableField[];
  /** Reports the state to the form that shows (or hides) its fields. */
  onChange: (state: LinkState) => void;
  /**
   * For lists that need an adult ('A successor trustee'): picking someone under 18 asks 'Minor Selected'
   * first; Go Back keeps the previous choice, Continue links the minor.
   */
  adultRole?: string;
};

/**
 * 'Link from existing record?' (intake §4), at the top of a new record's form when people of the other
 * lists are not on this one yet. Yes offers the people; picking one fills and locks its name, date of birth,
 * phone and email where filled, and the save reuses that person (existing_person_hash). No shows the blank
 * form. Until it is answered only the question shows, and the Create button stays hidden.
 */
export function LinkExisting({ candidates, fields, onChange, adultRole }: Props) {
  const { setValue } = useFormContext();
  const { confirm } = useMessage();
  const {
    field: { name, value, onBlur, ref, disabled },
  } = useController({ name: 'existing_person_hash' });
  const [answer, setAnswer] = useState<'yes' | 'no' | null>(null);
  const questionName = useId();

  const person = useMemo(() => candidates.find((candidate) => candidate.person.hash === value)?.person ?? null, [candidates, value]);
  const pending = answer === null || (answer === 'yes' && !person);
  useHoldSubmit(pending);

  useEffect(() => {
    onChange({ answer, person, locked: lockedBy(person, fields), pending });
    // `fields` is a constant list of the record type; `onChange` reports to the form around.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer, person, pending]);

  /** Fills the person fields from the picked person (or empties them for No / another choice). */
  const fill = (picked: PersonView | null) => {
    const options = { shouldDirty: true };
    for (const field of fields) setValue(field, picked ? PERSON_VALUES[field](picked) : '', options);
    setValue('person_version', picked?.version, options);
  };

  const choose = (next: 'yes' | 'no') => {
    setAnswer(next);
    if (next === 'no' && value) {
      setValue('existing_person_hash', '', { shouldDirty: true });
      fill(null);
    }
  };

  const pick = async (event: ChangeEvent<HTMLSelectElement>) => {
    const picked = candidates.find((candidate) => candidate.person.hash === event.target.value)?.person ?? null;
    // A warning, not a refusal: the date of birth may be wrong, or the person about to turn 18.
    if (picked && adultRole && isMinor(picked.dob)) {
      const proceed = await confirm({
        title: MINOR_SELECTED,
        message: minorMessage(picked, adultRole),
        confirmLabel: 'Continue',
        cancelLabel: 'Go Back',
        tone: 'warning',
        confirmVariant: 'primary',
        focusCancel: true,
      });
      // The select is bound to the form's value: leaving it unset shows the previous choice again.
      if (!proceed) return;
    }
    setValue('existing_person_hash', picked?.hash ?? '', { shouldDirty: true });
    fill(picked);
  };

  return (
    <div className={styles.link}>
      <Fieldset legend={LINK_QUESTION} inline>
        <Radio label="Yes" name={questionName} value="yes" checked={answer === 'yes'} onChange={() => choose('yes')} disabled={disabled} />
        <Radio label="No" name={questionName} value="no" checked={answer === 'no'} onChange={() => choose('no')} disabled={disabled} />
      </Fieldset>
      {answer === 'yes' && (
        <Field label="Existing Person" required hint="Their name, date of birth, phone and email are kept as they are.">
          <Select
            name={name}
            value={value ?? ''}
            onChange={(event) => void pick(event)}
            onBlur={onBlur}
            ref={ref}
            disabled={disabled}
            placeholder="Select a person…"
            options={candidates.map((candidate) => ({
              value: candidate.person.hash,
              label: candidate.lists.length ? `${nameOf(candidate.person)} (${candidate.lists.join(', ')})` : nameOf(candidate.person),
            }))}
          />
        </Field>
      )}
    </div>
  );
}

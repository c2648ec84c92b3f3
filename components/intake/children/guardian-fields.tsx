'use client';

import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { TextAreaField } from '@/components/forms';
import { Checkbox } from '@/components/ui/field';
import { ContactFields, NameFields } from '../shared/person-fields';
import { BLANK_GUARDIAN } from './child-values';
import type { GuardianValues } from './child-values';
import styles from '../shared/intake-fields.module.css';

type Props = {
  /** The child is under 18 with a valid date of birth: the guardian section shows (intake §4). */
  minor: boolean;
  /** A new child: its guardians start from the first child that has them, ticked. */
  isNew: boolean;
  /** The guardians a new child starts from. */
  fallback: { guardian1: GuardianValues | null; guardian2: GuardianValues | null; specifics: string } | null;
  childName: string;
};

/**
 * The guardian section of a minor child: guardian 1 (named by ticking 'Name a guardian', ticked for a new
 * child), a second guardian by its own box (ticked when one exists), and how several guardians serve.
 * A guardian not shown is null in the form, so the schema does not ask for its name; what was typed is
 * kept aside and comes back if the section shows again.
 */
export function GuardianFields({ minor, isNew, fallback, childName }: Props) {
  const { getValues, setValue } = useFormContext();
  const guardian1 = useWatch({ name: 'guardian1' }) as GuardianValues | null;
  const guardian2 = useWatch({ name: 'guardian2' }) as GuardianValues | null;
  const wanted = useRef({
    first: isNew || getValues('guardian1') !== null,
    second: getValues('guardian2') !== null || (isNew && Boolean(fallback?.guardian2)),
  });
  const aside = useRef({
    guardian1: (getValues('guardian1') as GuardianValues | null) ?? fallback?.guardian1 ?? BLANK_GUARDIAN,
    guardian2: (getValues('guardian2') as GuardianValues | null) ?? fallback?.guardian2 ?? BLANK_GUARDIAN,
    specifics: (getValues('multi_guardian_specifics') as string) || fallback?.specifics || '',
  });

  const set = (name: string, value: unknown) => setValue(name, value, { shouldDirty: true });

  const showFirst = (on: boolean) => {
    if (on) {
      set('guardian1', getValues('guardian1') ?? aside.current.guardian1);
      if (wanted.current.second) showSecond(true);
    } else {
      const current = getValues('guardian1') as GuardianValues | null;
      if (current) aside.current.guardian1 = current;
      set('guardian1', null);
      hideSecond();
    }
  };
  const showSecond = (on: boolean) => {
    if (on) {
      set('guardian2', getValues('guardian2') ?? aside.current.guardian2);
      if (!getValues('multi_guardian_specifics')) set('multi_guardian_specifics', aside.current.specifics);
    } else hideSecond();
  };
  function hideSecond() {
    const current = getValues('guardian2') as GuardianValues | null;
    if (current) aside.current.guardian2 = current;
    const specifics = getValues('multi_guardian_specifics') as string;
    if (specifics) aside.current.specifics = specifics;
    set('guardian2', null);
    set('multi_guardian_specifics', '');
  }

  // The section follows the date of birth: shown for a minor, out of the form otherwise.
  useEffect(() => {
    if (minor && wanted.current.first) showFirst(true);
    if (!minor) showFirst(false);
    // Only when the child becomes (or stops being) a minor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [minor]);

  if (!minor) return null;
  return (
    <fieldset className={styles.group}>
      <legend>Guardian or Conservator</legend>
      <p className={styles.groupIntro}>Who would care for {childName || 'this child'} if neither parent could.</p>
      <Checkbox
        label="Name a guardian"
        checked={guardian1 !== null}
        onChange={(event) => {
          wanted.current.first = event.target.checked;
          showFirst(event.target.checked);
        }}
      />
      {guardian1 !== null && (
        <>
          <fieldset className={styles.group}>
            <legend>Guardian 1</legend>
            <NameFields prefix="guardian1." />
            <ContactFields prefix="guardian1." />
          </fieldset>
          <Checkbox
            label="Add a second guardian"
            checked={guardian2 !== null}
            onChange={(event) => {
              wanted.current.second = event.target.checked;
              showSecond(event.target.checked);
            }}
          />
          {guardian2 !== null && (
            <>
              <fieldset className={styles.group}>
                <legend>Guardian 2</legend>
                <NameFields prefix="guardian2." />
                <ContactFields prefix="guardian2." />
              </fieldset>
              <TextAreaField
                name="multi_guardian_specifics"
                label="How should the guardians serve together?"
                hint="For example: jointly, or the second only if the first cannot serve."
                rows={3}
                maxLength={1000}
              />
            </>
          )}
        </>
      )}
    </fieldset>
  );
}

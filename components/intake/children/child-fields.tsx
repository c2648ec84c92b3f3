'use client';

import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { isMinor } from '@/lib/format/date';
import type { LinkCandidate } from '@/lib/intake/types';
import { LinkExisting } from '../shared/link-existing';
import type { LinkState } from '../shared/link-existing';
import { OwnerField } from '../shared/owner-fields';
import { DobField, GENDER_CHOICES, NameFields } from '../shared/person-fields';
import type { LockableField } from '../shared/person-fields';
import { RadioChoiceField } from '../shared/radio-choice-field';
import { GuardianFields } from './guardian-fields';
import type { GuardianValues } from './child-values';
import fieldStyles from '../shared/intake-fields.module.css';

const CHILD_PERSON_FIELDS: LockableField[] = ['first_name', 'middle_name', 'last_name', 'suffix', 'dob'];

type Props = {
  isNew: boolean;
  /** People of the other lists who could be linked (a new child only). */
  candidates: readonly LinkCandidate[];
  guardianFallback: { guardian1: GuardianValues | null; guardian2: GuardianValues | null; specifics: string } | null;
};

/** The child modal's fields: link, gender, names, date of birth, owner, and the guardians of a minor. */
export function ChildFields({ isNew, candidates, guardianFallback }: Props) {
  const asks = isNew && candidates.length > 0;
  const [link, setLink] = useState<LinkState | null>(null);
  const dob = useWatch({ name: 'dob' }) as string | null;
  const firstName = useWatch({ name: 'first_name' }) as string;
  const pending = asks && (link?.pending ?? true);

  return (
    <>
      {asks && <LinkExisting candidates={candidates} fields={CHILD_PERSON_FIELDS} onChange={setLink} />}
      {!pending && (
        <>
          <RadioChoiceField name="gender" label="Gender" choices={GENDER_CHOICES} />
          <NameFields locked={link?.locked} />
          <div className={fieldStyles.grid}>
            <DobField locked={link?.locked} required />
            <OwnerField />
          </div>
          <GuardianFields minor={isMinor(dob)} isNew={isNew} fallback={guardianFallback} childName={firstName} />
        </>
      )}
    </>
  );
}

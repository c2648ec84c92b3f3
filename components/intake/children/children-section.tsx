'use client';

import type { RecordColumn } from '@/components/records';
import { deleteChildAction, upsertChildAction } from '@/lib/actions/intake';
import { ageLabel, isInvalidDob, isMinor } from '@/lib/format/date';
import { linkCandidates } from '@/lib/intake/people';
import type { ChildView } from '@/lib/intake/types';
import { upsertChildSchema } from '@/lib/validation/intake';
import { useIntake } from '../intake-context';
import { IntakeSection } from '../page/intake-section';
import { IntakeRecordSection } from '../records/intake-record-section';
import { nameOf } from '../shared/people';
import { ChildFields } from './child-fields';
import { childFormValues, childInput, defaultGuardians, guardianValues } from './child-values';
import { GuardianLine } from './guardian-line';
import { HasChildrenChoice } from './has-children-choice';
import styles from './children.module.css';

/**
 * Age in months under a year, else years; 'Invalid DoB' at 120+ or in the future, in the error colour. A
 * minor is no error (issue 27): a neutral 'Minor' badge, and a warning badge while no guardian is named.
 */
export function ChildAge({ dob, hasGuardian = true }: { dob: string | null; hasGuardian?: boolean }) {
  if (!dob) return null;
  if (isInvalidDob(dob)) return <span className={styles.invalid}>{ageLabel(dob)}</span>;
  const minor = isMinor(dob);
  return (
    <span className={styles.age}>
      <span>{ageLabel(dob)}</span>
      {minor && <span className={styles.badge}>Minor</span>}
      {minor && !hasGuardian && <span className={styles.warningBadge}>No guardian named</span>}
    </span>
  );
}

const columns: RecordColumn<ChildView>[] = [
  { key: 'name', header: 'Name', cell: (child) => nameOf(child.person), sortValue: (child) => child.person.lastName },
  {
    key: 'age',
    header: 'Age',
    cell: (child) => <ChildAge dob={child.person.dob} hasGuardian={child.guardian1 !== null} />,
    sortValue: (child) => child.person.dob,
  },
];

/** Section 3: the children, with the minor guardian line above the table; 'Any children?' while none is listed. */
export function ChildrenSection() {
  const { view, people } = useIntake();
  const fallback = defaultGuardians(view.children);
  const guardianFallback = fallback
    ? { guardian1: guardianValues(fallback.guardian1), guardian2: guardianValues(fallback.guardian2), specifics: fallback.multiGuardianSpecifics }
    : null;
  const candidates = linkCandidates(people, 'child');

  return (
    <IntakeSection section="children">
      <HasChildrenChoice />
      <IntakeRecordSection
        label="List of children"
        texts={{ noun: 'Child', section: 'Children' }}
        rows={view.children}
        rowKey={(child) => child.hash}
        rowLabel={(child) => nameOf(child.person)}
        columns={columns}
        owner={(child) => child.owner}
        toolbar={<GuardianLine childList={view.children} />}
        schema={upsertChildSchema}
        defaults={(child) => childFormValues(view, child)}
        save={(values) => upsertChildAction(childInput(values, view.children))}
        remove={(child) => deleteChildAction({ client_hash: view.client.hash, hash: child.hash, version: child.version })}
        fields={(child) => <ChildFields isNew={child === null} candidates={candidates} guardianFallback={guardianFallback} />}
      />
    </IntakeSection>
  );
}

import { newRecordOwner } from '../shared/people';
import type { ChildView, GuardianView, IntakeView } from '@/lib/intake/types';
import type { GuardianInput, UpsertChildForm, UpsertChildInput } from '@/lib/validation/intake';

/** A guardian as the form holds it: the person's hash (reused) and its name and contact. */
export type GuardianValues = { person_hash: string; first_name: string; middle_name: string; last_name: string; suffix: string; phone: string; email: string };

export const BLANK_GUARDIAN: GuardianValues = { person_hash: '', first_name: '', middle_name: '', last_name: '', suffix: '', phone: '', email: '' };

export function guardianValues(guardian: GuardianView | null): GuardianValues | null {
  if (!guardian) return null;
  return {
    person_hash: guardian.hash,
    first_name: guardian.firstName,
    middle_name: guardian.middleName,
    last_name: guardian.lastName,
    suffix: guardian.suffix,
    phone: guardian.phone,
    email: guardian.email,
  };
}

/** Guardians default from the first child that has them (intake §4). */
export function defaultGuardians(children: readonly ChildView[]): Pick<ChildView, 'guardian1' | 'guardian2' | 'multiGuardianSpecifics'> | null {
  const first = children.find((child) => child.guardian1 !== null);
  return first ? { guardian1: first.guardian1, guardian2: first.guardian2, multiGuardianSpecifics: first.multiGuardianSpecifics } : null;
}

/**
 * The form's values for a child. A new child starts without guardians in the form (they show, prefilled
 * from the first child that has them, once the date of birth makes the child a minor).
 */
export function childFormValues(view: IntakeView, child: ChildView | null): UpsertChildForm {
  return {
    client_hash: view.client.hash,
    hash: child?.hash ?? '',
    version: child?.version,
    person_version: child?.person.version,
    existing_person_hash: '',
    owner: child?.owner ?? newRecordOwner(view),
    gender: child?.gender ?? '',
    first_name: child?.person.firstName ?? '',
    middle_name: child?.person.middleName ?? '',
    last_name: child?.person.lastName ?? '',
    suffix: (child?.person.suffix ?? '') as UpsertChildForm['suffix'],
    dob: child?.person.dob ?? '',
    guardian1: child ? guardianValues(child.guardian1) : null,
    guardian2: child ? guardianValues(child.guardian2) : null,
    multi_guardian_specifics: child?.multiGuardianSpecifics ?? '',
  };
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A guardian keeps its person (the same guardian on several children) only while the names still name
 * that person; renamed, it is saved as a new person, so nobody's guardian elsewhere is renamed by accident.
 */
export function keepGuardianPerson(guardian: GuardianInput | null, known: readonly GuardianView[]): GuardianInput | null {
  if (!guardian?.person_hash) return guardian;
  const person = known.find((candidate) => candidate.hash === guardian.person_hash);
  if (person && sameName(person.firstName, guardian.first_name) && sameName(person.lastName, guardian.last_name)) return guardian;
  return { ...guardian, person_hash: undefined };
}

/** The household's guardians (for keepGuardianPerson). */
export function knownGuardians(children: readonly ChildView[]): GuardianView[] {
  return children.flatMap((child) => [child.guardian1, child.guardian2]).filter((g): g is GuardianView => g !== null);
}

/** What the child save sends: the form's values with the guardians' persons checked. */
export function childInput(values: UpsertChildInput, children: readonly ChildView[]): UpsertChildInput {
  const known = knownGuardians(children);
  return { ...values, guardian1: keepGuardianPerson(values.guardian1, known), guardian2: keepGuardianPerson(values.guardian2, known) };
}

import { fullName } from '@/lib/format/names';
import { defaultOwner } from '@/lib/intake/owners';
import type { Owner } from '@/lib/intake/owners';
import type { IntakeView, PersonView } from '@/lib/intake/types';

type NameOf = Pick<PersonView, 'firstName' | 'middleName' | 'lastName' | 'suffix'>;

/** 'First Middle Last Suffix' of a person on the page. */
export function nameOf(person: NameOf | null | undefined): string {
  if (!person) return '';
  return fullName({ first: person.firstName, middle: person.middleName, last: person.lastName, suffix: person.suffix });
}

/** The household's names for the title: 'Pat Rivera & Sam Elise Rivera'. */
export function householdNames(view: Pick<IntakeView, 'client' | 'spouse'>): string {
  const names = [nameOf(view.client.person), view.spouse ? nameOf(view.spouse.person) : ''].filter(Boolean);
  return names.join(' & ');
}

/**
 * How owners read in the Client column and the owner select: each client's first name (the full name when
 * both share a first name or it is blank), and 'Both'.
 */
export function ownerNamesOf(view: Pick<IntakeView, 'client' | 'spouse'>): Record<Owner, string> {
  const first1 = view.client.person.firstName.trim();
  const first2 = view.spouse?.person.firstName.trim() ?? '';
  const distinct = first1 !== '' && first2 !== '' && first1.toLowerCase() !== first2.toLowerCase();
  return {
    '1': (distinct ? first1 : nameOf(view.client.person)) || 'Client',
    '2': (view.spouse ? (distinct ? first2 : nameOf(view.spouse.person)) : '') || 'Spouse',
    both: 'Both',
  };
}

/** The owner a new record starts with (lib/intake/owners.ts): both with a spouse, else the client. */
export function newRecordOwner(view: Pick<IntakeView, 'spouse'>): Owner {
  return defaultOwner({ owner1Id: 1, owner2Id: view.spouse ? 2 : null });
}

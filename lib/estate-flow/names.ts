import { fullName } from '@/lib/format/names';
import type { BeneficiaryView, ClientView, IntakeView, PersonView } from '@/lib/intake/types';

/*
 * The names the estate flow writes: full names for beneficiaries, trustees and guardians, first names for
 * the clients in sentences ('Pat dies first'), as the review's diagram does.
 */

type NameOf = Pick<PersonView, 'firstName' | 'middleName' | 'lastName' | 'suffix'>;

/** 'First Middle Last Suffix'. */
export function personName(person: NameOf | null | undefined): string {
  if (!person) return '';
  return fullName({ first: person.firstName, middle: person.middleName, last: person.lastName, suffix: person.suffix });
}

/** A beneficiary's name: the person's full name or the entity's. */
export function beneficiaryName(beneficiary: Pick<BeneficiaryView, 'type' | 'person' | 'entity'>): string {
  return (beneficiary.type === 'entity' ? beneficiary.entity?.name : personName(beneficiary.person)) || 'Unnamed beneficiary';
}

/** A client's first name for sentences, falling back to the full name, then to 'Client' / 'Spouse'. */
export function clientName(client: ClientView): string {
  return client.person.firstName.trim() || personName(client.person) || (client.ownerNo === 1 ? 'Client' : 'Spouse');
}

/** The household's clients, the client first. */
export function clientsOf(view: Pick<IntakeView, 'client' | 'spouse'>): ClientView[] {
  return view.spouse ? [view.client, view.spouse] : [view.client];
}

/** 'Pat', 'Pat and Sam'. */
export function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

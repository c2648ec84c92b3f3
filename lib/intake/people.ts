import type { IntakeView, LinkCandidate, PersonView } from './types';

/*
 * The household's people for 'Link from existing record?' (intake §4): everyone on a list (children and
 * their guardians, beneficiaries, successor trustees, agents), once each, with the lists they stand on.
 * Pure, so the intake page derives them from the lists it holds and a modal can pick the candidates of its list.
 */

export const PERSON_LISTS = {
  child: 'Child',
  guardian: 'Guardian',
  beneficiary: 'Beneficiary',
  trustee: 'Successor Trustee',
  general: 'General PoA',
  medical: 'Medical PoA',
  financial: 'Financial PoA',
} as const;
export type PersonList = keyof typeof PERSON_LISTS;

type Lists = Pick<IntakeView, 'children' | 'beneficiaries' | 'trustees' | 'agents'>;

/** Everyone on the household's lists, in the order they first appear, each with the lists they are on. */
export function peopleOf(view: Lists): LinkCandidate[] {
  const byHash = new Map<string, LinkCandidate>();
  // Guardians come without date of birth and SSN: a later list's full record of the same person wins.
  const guardianOnly = new Set<string>();
  const add = (person: PersonView | null | undefined, list: PersonList) => {
    if (!person) return;
    const label = PERSON_LISTS[list];
    const known = byHash.get(person.hash);
    if (!known) {
      byHash.set(person.hash, { person, lists: [label] });
      if (list === 'guardian') guardianOnly.add(person.hash);
      return;
    }
    if (!known.lists.includes(label)) known.lists.push(label);
    if (list !== 'guardian' && guardianOnly.delete(person.hash)) known.person = person;
  };
  for (const child of view.children) {
    add(child.person, 'child');
    for (const guardian of [child.guardian1, child.guardian2]) {
      // A guardian has no date of birth or SSN on the page; the full person is found on another list if any.
      if (guardian) add({ ...guardian, dob: null, ssnLast4: null }, 'guardian');
    }
  }
  for (const beneficiary of view.beneficiaries) add(beneficiary.person, 'beneficiary');
  for (const trustee of view.trustees) add(trustee.person, 'trustee');
  for (const agent of view.agents) add(agent.person, agent.type);
  return [...byHash.values()];
}

/** The people a list's modal offers to link: on some list of the household, not yet on this one. */
export function linkCandidates(people: readonly LinkCandidate[], list: PersonList): LinkCandidate[] {
  const label = PERSON_LISTS[list];
  return people.filter((candidate) => !candidate.lists.includes(label));
}

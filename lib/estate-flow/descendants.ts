import type { BeneficiaryView, IntakeView } from '@/lib/intake/types';

/*
 * Who a predeceased beneficiary's descendants are, as far as the intake knows (issue 30, per stirpes). The
 * intake records no parentage: only the household's children (of the clients) and each beneficiary's
 * relationship to a client. So a beneficiary's descendants are known only as other beneficiaries one
 * generation below them on the same line of the family (a Child's are the Grandchildren, a Sibling's the
 * Nieces and Nephews), and only when the predeceased beneficiary is the only one of their generation in the
 * household: with two children listed, nothing says whose child a grandchild is, and the flow says so
 * instead of guessing.
 */

/** Lines of a family, each a list of generations (the relationships of one generation). Spellings are the intake's. */
const LINES: readonly (readonly (readonly string[])[])[] = [
  [['Child', 'Step-Child'], ['Grandchild'], ['Great Grandchild']],
  [
    ['Sibling', 'Step-Sibling'],
    ['Neice', 'Nephew'],
    ['Grandneice', 'Grandnephew'],
    ['Great Grandneice', 'Great Grandnephew'],
  ],
];

const CHILDREN_GENERATION = LINES[0]![0]!;

/** The generation a relationship belongs to and the one below it, or null off the known lines. */
function generationOf(relationship: string | null): { same: readonly string[]; next: readonly string[] | null } | null {
  if (!relationship) return null;
  for (const line of LINES) {
    const i = line.findIndex((g) => g.includes(relationship));
    if (i >= 0) return { same: line[i]!, next: line[i + 1] ?? null };
  }
  return null;
}

/** A beneficiary's relationship to the client of `ownerNo` (the other client's when this one gives none). */
export function relationshipOf(b: BeneficiaryView, ownerNo: 1 | 2): string | null {
  const own = ownerNo === 1 ? b.terms1 : b.terms2;
  const other = ownerNo === 1 ? b.terms2 : b.terms1;
  return own?.relationship || other?.relationship || null;
}

type Household = Pick<IntakeView, 'children' | 'beneficiaries'>;

/** The relationship the flow reads: the one given, or 'Child' for one of the household's children given none. */
function lineageOf(view: Household, b: BeneficiaryView, ownerNo: 1 | 2): string | null {
  const given = relationshipOf(b, ownerNo);
  if (given) return given;
  return b.person && view.children.some((c) => c.person.hash === b.person!.hash) ? 'Child' : null;
}

export type Descendants =
  /** Named in the intake: they take the share in equal parts. */
  | { state: 'known'; people: BeneficiaryView[] }
  /** None is named in the intake. */
  | { state: 'none' }
  /** Some are named, but the intake does not say whose they are (several of the predeceased's generation). */
  | { state: 'unclear' };

/**
 * The descendants of a predeceased beneficiary for the estate of `ownerNo`: the household's other person
 * beneficiaries one generation below, alive, and not omitted by this client (an omission is the client's
 * wish, and holds for a share passing per stirpes too).
 */
export function descendantsOf(view: Household, predeceased: BeneficiaryView, ownerNo: 1 | 2, isDead: (b: BeneficiaryView) => boolean): Descendants {
  const generation = generationOf(lineageOf(view, predeceased, ownerNo));
  if (!generation?.next) return { state: 'none' };
  const next = generation.next;
  const people = view.beneficiaries.filter((b) => {
    if (b.hash === predeceased.hash || b.type !== 'person' || isDead(b)) return false;
    if ((ownerNo === 1 ? b.terms1 : b.terms2)?.tier === 'omitted') return false;
    return next.includes(relationshipOf(b, ownerNo) ?? '');
  });
  if (people.length === 0) return { state: 'none' };
  // Everyone of the predeceased's generation in the household: beneficiaries, and the children list for children.
  const peers = new Set<string>();
  for (const b of view.beneficiaries) {
    const rel = relationshipOf(b, ownerNo);
    if (b.type === 'person' && b.person && rel && generation.same.includes(rel)) peers.add(b.person.hash);
  }
  if (generation.same === CHILDREN_GENERATION) for (const c of view.children) peers.add(c.person.hash);
  if (predeceased.person) peers.add(predeceased.person.hash);
  return peers.size > 1 ? { state: 'unclear' } : { state: 'known', people };
}

import type { BeneficiaryView, IntakeView } from '@/lib/intake/types';
import { beneficiaryName, clientName, clientsOf, namesText } from './names';
import type { Scenario } from './types';

/*
 * The "what if" scenarios of a household (issue 30): for a couple each first death and the second death,
 * for a single client their death, and for every person who is a primary beneficiary of either client
 * "<name> dies before <clients>". An entity (a charity, a trust) never dies, so it is never offered.
 */

const PREDECEASED = 'predeceased:';

/** The beneficiaries offered as "dies before": people on either client's primary tier. */
export function mortalPrimaries(view: Pick<IntakeView, 'beneficiaries'>): BeneficiaryView[] {
  return view.beneficiaries.filter((b) => b.type === 'person' && (b.terms1?.tier === 'primary' || b.terms2?.tier === 'primary'));
}

/** The scenarios the page offers, in the order it lists them (the first is the default). */
export function scenarios(view: Pick<IntakeView, 'client' | 'spouse' | 'beneficiaries'>): Scenario[] {
  const list: Scenario[] = [];
  if (view.spouse) {
    list.push({ id: 'first-death:1', kind: 'first-death', label: `${clientName(view.client)} dies first` });
    list.push({ id: 'first-death:2', kind: 'first-death', label: `${clientName(view.spouse)} dies first` });
    list.push({ id: 'second-death', kind: 'second-death', label: 'Both have died' });
  } else {
    list.push({ id: 'death', kind: 'death', label: `${clientName(view.client)} dies` });
  }
  const clients = namesText(clientsOf(view).map(clientName));
  for (const b of mortalPrimaries(view)) {
    list.push({ id: `${PREDECEASED}${b.hash}`, kind: 'predeceased', label: `${beneficiaryName(b)} dies before ${clients}` });
  }
  return list;
}

/** Who has died in a scenario: which clients, and which beneficiary died before them. */
export type Deaths = { clients: Set<1 | 2>; beneficiary: BeneficiaryView | null };

/**
 * The deaths a scenario stands for, or null for an id the household does not offer. A predeceased
 * beneficiary's scenario is the final distribution (every client has died) without that beneficiary.
 */
export function deathsOf(view: Pick<IntakeView, 'client' | 'spouse' | 'beneficiaries'>, scenarioId: string): Deaths | null {
  const all = new Set<1 | 2>(view.spouse ? [1, 2] : [1]);
  if (scenarioId === 'second-death' && view.spouse) return { clients: all, beneficiary: null };
  if (scenarioId === 'death' && !view.spouse) return { clients: all, beneficiary: null };
  if (view.spouse && (scenarioId === 'first-death:1' || scenarioId === 'first-death:2')) {
    return { clients: new Set([scenarioId === 'first-death:1' ? 1 : 2]), beneficiary: null };
  }
  if (scenarioId.startsWith(PREDECEASED)) {
    const hash = scenarioId.slice(PREDECEASED.length);
    const beneficiary = mortalPrimaries(view).find((b) => b.hash === hash);
    return beneficiary ? { clients: all, beneficiary } : null;
  }
  return null;
}

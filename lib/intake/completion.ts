import { hasTotalsError } from './beneficiary-totals';
import { giftIsValid } from './asset-rules';
import { requiredQuestions, unansweredQuestions } from './required';
import type { Completion, IntakeView, SectionKey, SectionState } from './types';

/*
 * Where a household stands: each section of the client-info page complete, incomplete (with the count of
 * unanswered questions) or empty, and one completion percentage (answered ÷ required, whole percent) that
 * the advisor dashboard shows too. Sections 1-2 count the spec's required answers of every client; a list
 * section counts one question, "is anyone on it?", plus the rules that make a list unusable (beneficiary
 * totals that are not 0 or 100, a minor child without a guardian). The asset sections (7-14) are optional
 * (many households own no company, make no gift, leave no note): they show 'empty' or 'complete' in the
 * navigation and do not move the percentage, except a gift whose beneficiary or property is no longer the
 * gift owner's, which counts as one unanswered question of the gifts section until it is fixed.
 */

/**
 * The version of the rules below. The dashboard caches each household's percentage
 * (lib/intake/completion-cache.ts) and recomputes a figure stored under another version, so raise it with
 * any change that can move a household's figure (a required question, a section, a rule).
 */
export const COMPLETION_RULES_VERSION = 1;

export const SECTION_TITLES: Record<SectionKey, string> = {
  personal: 'Personal Information',
  estatePlan: 'Current & New Estate Plan Info',
  children: 'Children',
  beneficiaries: 'Beneficiaries',
  trustees: 'Successor Trustees',
  poas: 'Durable Powers of Attorney',
  properties: 'Properties',
  companies: 'Companies',
  gifts: 'Specific Gifts',
  retirementAccounts: 'Retirement Accounts',
  brokerageAccounts: 'Brokerage Accounts',
  bankAccounts: 'Bank Accounts',
  annuityAccounts: 'Non-Qualified Annuities & Life Insurance',
  notes: 'Additional Comments / Questions for Attorney',
};

/*
 * What the navigation says of a section held back by a rule rather than by a question: 'Percentages do not
 * total 100%' reads better than '1 unanswered' when every question is answered but the shares are off.
 */
export const PERCENTAGES_PROBLEM = 'Percentages do not total 100%';
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** `problem`: what the unanswered count stands for when it is a broken rule (see SectionState.problem). */
type Counts = { required: number; unanswered: number; empty: boolean; problem?: string };

function section(key: SectionKey, counts: Counts): SectionState {
  const state = counts.empty ? 'empty' : counts.unanswered === 0 ? 'complete' : 'incomplete';
  return { key, title: SECTION_TITLES[key], state, unanswered: counts.unanswered, problem: state === 'incomplete' ? (counts.problem ?? null) : null };
}

type AssetKeys = 'properties' | 'companies' | 'gifts' | 'retirementAccounts' | 'brokerageAccounts' | 'bankAccounts' | 'annuityAccounts' | 'note';
type CompletionInput = Pick<IntakeView, 'client' | 'spouse' | 'children' | 'beneficiaries' | 'trustees' | 'agents' | 'showsFinancialPoa'> &
  Partial<Pick<IntakeView, AssetKeys>>;

/** The navigation's section states and the completion percentage of a household. */
export function completionOf(view: CompletionInput, isMinorWithoutGuardian: (child: IntakeView['children'][number]) => boolean): Completion {
  const clients = [view.client, ...(view.spouse ? [view.spouse] : [])];
  const hasSpouse = view.spouse !== null;
  const questions = (s: 'personal' | 'estatePlan') => {
    const required = clients.reduce((n, c) => n + requiredQuestions(c, hasSpouse).filter((q) => q.section === s).length, 0);
    const unanswered = clients.reduce((n, c) => n + unansweredQuestions(c, hasSpouse).filter((q) => q.section === s).length, 0);
    return { required, unanswered, empty: unanswered === required };
  };
  // Children are optional (many clients have none): the section is complete unless a minor lacks a guardian.
  const childIssues = view.children.filter(isMinorWithoutGuardian).length;
  const childCounts: Counts = {
    required: 1 + view.children.length,
    unanswered: childIssues,
    empty: false,
    problem: plural(childIssues, 'minor without a guardian', 'minors without a guardian'),
  };
  // One question: someone inherits, with shares that add up (each tier 0 or 100 per client).
  const beneficiaryCounts: Counts = {
    required: 1,
    unanswered: view.beneficiaries.length === 0 || hasTotalsError(view.beneficiaries) ? 1 : 0,
    empty: view.beneficiaries.length === 0,
    problem: PERCENTAGES_PROBLEM,
  };
  const trusteeCounts: Counts = { required: 1, unanswered: view.trustees.length === 0 ? 1 : 0, empty: view.trustees.length === 0 };
  const poaTypes = view.showsFinancialPoa ? (['general', 'medical', 'financial'] as const) : (['general', 'medical'] as const);
  const missingTypes = poaTypes.filter((type) => !view.agents.some((a) => a.type === type)).length;
  const poaCounts: Counts = { required: poaTypes.length, unanswered: missingTypes, empty: view.agents.length === 0 };

  const optional = (count: number): Counts => ({ required: 0, unanswered: 0, empty: count === 0 });
  const brokenGifts = (view.gifts ?? []).filter((gift) => !giftIsValid(gift, view)).length;
  const giftCounts: Counts = {
    required: brokenGifts,
    unanswered: brokenGifts,
    empty: (view.gifts ?? []).length === 0,
    problem: plural(brokenGifts, 'gift to fix', 'gifts to fix'),
  };

  const all: [SectionKey, Counts][] = [
    ['personal', questions('personal')],
    ['estatePlan', questions('estatePlan')],
    ['children', childCounts],
    ['beneficiaries', beneficiaryCounts],
    ['trustees', trusteeCounts],
    ['poas', poaCounts],
    ['properties', optional(view.properties?.length ?? 0)],
    ['companies', optional(view.companies?.length ?? 0)],
    ['gifts', giftCounts],
    ['retirementAccounts', optional(view.retirementAccounts?.length ?? 0)],
    ['brokerageAccounts', optional(view.brokerageAccounts?.length ?? 0)],
    ['bankAccounts', optional(view.bankAccounts?.length ?? 0)],
    ['annuityAccounts', optional(view.annuityAccounts?.length ?? 0)],
    ['notes', optional(view.note?.body.trim() ? 1 : 0)],
  ];
  const required = all.reduce((n, [, c]) => n + c.required, 0);
  const unanswered = all.reduce((n, [, c]) => n + c.unanswered, 0);
  return {
    sections: all.map(([key, counts]) => section(key, counts)),
    percent: required === 0 ? 100 : Math.floor(((required - unanswered) / required) * 100),
  };
}

import { hasTotalsError } from './beneficiary-totals';
import { giftIsValid } from './asset-rules';
import { requiredQuestions, unansweredQuestions } from './required';
import type { Completion, IntakeView, SectionKey, SectionState } from './types';

/*
 * Where a household stands: each section of the client-info page complete, incomplete (with the count of
 * unanswered questions, or the rule it breaks) or empty (not started), and one completion percentage that
 * the advisor dashboard shows too (issue 27, "honest progress"). The rules:
 * - Sections 1-2 count the spec's required answers of every client (lib/intake/required.ts).
 * - Children: one question, "do you have any children?", answered by a child on the list or by an explicit
 *   No (IntakeView.hasChildren false); nothing answered is 'empty', never complete. Each listed child counts
 *   too, and a minor without a guardian is an unanswered one. A Yes with nobody listed stays incomplete.
 * - Beneficiaries: someone inherits, with shares that add up (each tier 0 or 100 per client). Trustees:
 *   someone is named. Powers of attorney: an agent for every type shown (general, medical and, unless the
 *   firm hides it, financial).
 * - The asset sections (7-14) are optional (many households own no company, make no gift, leave no note):
 *   they show 'empty' or 'complete' and do not move the percentage, except a gift whose beneficiary or
 *   property is no longer the gift owner's, which makes the gifts section incomplete ('1 gift to fix').
 * The percentage weighs sections, not questions: each of the six required sections (personal, estatePlan,
 * children, beneficiaries, trustees, poas) gives an equal share times its own answered fraction, so the
 * many personal and plan questions cannot carry a household far: with trustees and agents not started it
 * reads at most 66 %. Gifts to fix join as a seventh equal share (its fraction: the gifts that are fine) while there are
 * any. Floored to a whole percent, and 100 only when every counted section is complete.
 */

/**
 * The version of the rules below. The dashboard caches each household's percentage
 * (lib/intake/completion-cache.ts) and recomputes a figure stored under another version, so raise it with
 * any change that can move a household's figure (a required question, a section, a rule).
 * 2: sections weighed equally; children answered only by a child or an explicit No (issue 27).
 */
export const COMPLETION_RULES_VERSION = 2;

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
  Partial<Pick<IntakeView, AssetKeys | 'hasChildren'>>;

/** The required sections: each weighs the same in the percentage. */
const REQUIRED: readonly SectionKey[] = ['personal', 'estatePlan', 'children', 'beneficiaries', 'trustees', 'poas'];

/**
 * Whether a section is one of the optional ones (7-14): with nothing in it the navigation says 'Optional',
 * not 'Not started', so a household at 100 % does not read as unfinished beside eight sections it may
 * rightly leave empty.
 */
export const isOptionalSection = (key: SectionKey): boolean => !REQUIRED.includes(key);

/** The problem the navigation names for a Yes to children with nobody on the list. */
export const NO_CHILD_LISTED = 'No child listed yet';

/** The navigation's section states and the completion percentage of a household. */
export function completionOf(view: CompletionInput, isMinorWithoutGuardian: (child: IntakeView['children'][number]) => boolean): Completion {
  const clients = [view.client, ...(view.spouse ? [view.spouse] : [])];
  const hasSpouse = view.spouse !== null;
  // Each client's questions listed once (every page load of the household works this out).
  const required = clients.flatMap((c) => requiredQuestions(c, hasSpouse));
  const unanswered = clients.flatMap((c) => unansweredQuestions(c, hasSpouse));
  const questions = (s: 'personal' | 'estatePlan') => {
    const counts = { required: required.filter((q) => q.section === s).length, unanswered: unanswered.filter((q) => q.section === s).length };
    return { ...counts, empty: counts.unanswered === counts.required };
  };
  // "Any children?" is answered by a listed child or an explicit No; then each minor needs a guardian.
  const childIssues = view.children.filter(isMinorWithoutGuardian).length;
  const childrenAnswered = view.children.length > 0 || view.hasChildren === false;
  const childCounts: Counts = {
    required: 1 + view.children.length,
    unanswered: (childrenAnswered ? 0 : 1) + childIssues,
    empty: !childrenAnswered && view.hasChildren !== true,
    problem:
      view.children.length === 0 && view.hasChildren === true ? NO_CHILD_LISTED : plural(childIssues, 'minor without a guardian', 'minors without a guardian'),
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
  const gifts = view.gifts ?? [];
  const brokenGifts = gifts.filter((gift) => !giftIsValid(gift, view)).length;
  const giftCounts: Counts = {
    required: brokenGifts ? gifts.length : 0,
    unanswered: brokenGifts,
    empty: gifts.length === 0,
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
  // The required sections always count; an optional one only while it holds something to fix (gifts).
  const counted = all.filter(([key, c]) => REQUIRED.includes(key) || c.unanswered > 0).map(([, c]) => c);
  return {
    sections: all.map(([key, counts]) => section(key, counts)),
    percent: weighedPercent(counted),
  };
}

/**
 * Each counted section an equal share times its answered fraction, floored to a whole percent: 100 only
 * when nothing is unanswered (the small tolerance keeps 3 × 1/6 at 50, not 49.999…).
 */
function weighedPercent(counted: Counts[]): number {
  if (counted.every((c) => c.unanswered === 0)) return 100;
  const fraction = counted.reduce((sum, c) => sum + (c.required === 0 ? 1 : (c.required - c.unanswered) / c.required), 0) / counted.length;
  return Math.min(99, Math.floor(fraction * 100 + 1e-9));
}

import type { ClientView } from './types';

/*
 * The answers each client must give before the review page opens (intake §5), also the "unanswered"
 * counts of the section navigation and the completion figure. Pure: the page, the review check and the
 * dashboard's completion column use the same list.
 */

export type RequiredQuestion = { section: 'personal' | 'estatePlan'; field: string; label: string };

const PERSONAL: [keyof ClientView, string][] = [
  ['residenceState', 'State of residence'],
  ['isUsCitizen', 'U.S. citizen'],
  ['isReceivingMedicaid', 'Receiving Medicaid'],
  ['hasMentalDisorder', 'Mental disorder'],
  ['wantsLifeSupport', 'Life support'],
  ['wantsCremation', 'Cremation'],
  ['isOrganDonor', 'Organ donor'],
];

/** The required questions for one client, given their answers so far and whether there is a spouse. */
export function requiredQuestions(client: ClientView, hasSpouse: boolean): RequiredQuestion[] {
  const questions: RequiredQuestion[] = PERSONAL.map(([field, label]) => ({ section: 'personal', field, label }));
  questions.push({ section: 'estatePlan', field: 'hasEstatePlan', label: 'Current estate plan' });
  if (client.hasEstatePlan === 'yes') {
    questions.push({ section: 'estatePlan', field: 'estatePlanType', label: 'Current estate plan type' });
    if (client.estatePlanType === 'Trust') {
      questions.push(
        { section: 'estatePlan', field: 'trustName', label: 'Trust name' },
        { section: 'estatePlan', field: 'trustDate', label: 'Trust date' },
        { section: 'estatePlan', field: 'trustTimesAmended', label: 'Times amended' },
        { section: 'estatePlan', field: 'trustReplacementReason', label: 'Replacement reason' },
        { section: 'estatePlan', field: 'isAssetsTrustOwned', label: 'Assets owned by the trust' },
      );
    }
  }
  const intents = hasSpouse ? 7 : 5;
  for (let i = 1; i <= intents; i++) questions.push({ section: 'estatePlan', field: `intent${i}`, label: `Trust intent ${i}` });
  return questions;
}

function answerOf(client: ClientView, field: string): unknown {
  const intent = /^intent(\d)$/.exec(field);
  if (intent) return client.intents[Number(intent[1]) - 1];
  return client[field as keyof ClientView];
}

/** Whether an answer counts as given: not null, not blank. */
function answered(value: unknown): boolean {
  return value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');
}

/** The required questions this client has not answered yet. */
export function unansweredQuestions(client: ClientView, hasSpouse: boolean): RequiredQuestion[] {
  return requiredQuestions(client, hasSpouse).filter((q) => !answered(answerOf(client, q.field)));
}

/** How many of the trust intents (5, or 7 with a spouse) this client has not answered. */
export function unansweredIntents(client: ClientView, hasSpouse: boolean): number {
  return client.intents.slice(0, hasSpouse ? 7 : 5).filter((v) => v === null).length;
}

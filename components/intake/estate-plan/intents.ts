import type { ClientView } from '@/lib/intake/types';
import { SINGLE_TRUST_INTENT_COUNT, TRUST_INTENT_COUNT } from '@/lib/validation/intake';

/**
 * The seven trust intents (intake §3): the full sentence the form asks, and the short label the summary
 * shows. Intent 1 names the governing state, chosen first. 6 and 7 are asked only of a married household.
 */
export const INTENTS: readonly { number: number; question: (state: string) => string; short: (state: string) => string }[] = [
  {
    number: 1,
    question: (state) => `Create a revocable living trust governed by the laws of ${state || 'the state chosen above'}.`,
    short: (state) => `Revocable living trust governed by ${state || 'a state'}`,
  },
  {
    number: 2,
    question: () => 'Provide fully for the trustors during their lives, without preserving the estate for the beneficiaries.',
    short: () => 'Provide fully for the trustors',
  },
  { number: 3, question: () => 'Minimize estate and income taxes.', short: () => 'Minimize taxes' },
  {
    number: 4,
    question: () => "Protect the beneficiaries' trusts from their creditors and from being transferred.",
    short: () => 'Protect beneficiary trusts',
  },
  {
    number: 5,
    question: () => 'Resolve disputes by mediation or arbitration rather than in court.',
    short: () => 'Mediation or arbitration',
  },
  {
    number: 6,
    question: () => 'After the first death, the trustee provides fully for the surviving spouse.',
    short: () => 'Provide fully for the survivor',
  },
  {
    number: 7,
    question: () => 'The surviving spouse may fully amend or revoke the trust, including disinheriting beneficiaries.',
    short: () => 'Survivor may amend or revoke',
  },
];

/** The intents a household answers: 7 with a spouse, 5 without. */
export function intentsFor(hasSpouse: boolean) {
  return INTENTS.slice(0, hasSpouse ? TRUST_INTENT_COUNT : SINGLE_TRUST_INTENT_COUNT);
}

/** The plan type as the summary shows it: 'Living Trust', 'Will Only', the other type, or 'None'. */
export function planTypeText(client: Pick<ClientView, 'hasEstatePlan' | 'estatePlanType'>): string | null {
  if (client.hasEstatePlan === 'no') return 'None';
  if (client.hasEstatePlan !== 'yes') return null;
  if (client.estatePlanType === 'Trust') return 'Living Trust';
  if (client.estatePlanType === 'Will') return 'Will Only';
  return client.estatePlanType || null;
}

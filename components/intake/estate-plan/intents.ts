import type { ClientView } from '@/lib/intake/types';
import { SINGLE_TRUST_INTENT_COUNT, TRUST_INTENT_COUNT } from '@/lib/validation/intake';

/**
 * The seven trust intents (intake §3): the full sentence the form asks, the short label the summary shows,
 * and a one-line explanation in plain words shown under the question (issue 27), for someone who has never
 * met the terms. Intent 1 names the governing state, chosen first. 6 and 7 are asked only of a married
 * household. The questions' words are the product's; only the explanations are new.
 */
export const INTENTS: readonly { number: number; question: (state: string) => string; short: (state: string) => string; explanation: string }[] = [
  {
    number: 1,
    question: (state) => `Create a revocable living trust governed by the laws of ${state || 'the state chosen above'}.`,
    short: (state) => `Revocable living trust governed by ${state || 'a state'}`,
    explanation:
      'A living trust holds the property you put into it and passes it on at your death without probate court; “revocable” means you can change or cancel it at any time, and the chosen state’s laws govern it.',
  },
  {
    number: 2,
    question: () => 'Provide fully for the trustors during their lives, without preserving the estate for the beneficiaries.',
    short: () => 'Provide fully for the trustors',
    explanation:
      'The trustors are the people who make the trust (you): all of its money and property may be used for your own needs while you live, even if little is left for the beneficiaries.',
  },
  {
    number: 3,
    question: () => 'Minimize estate and income taxes.',
    short: () => 'Minimize taxes',
    explanation: 'The trust is written to reduce, where the law allows, the estate tax due at death and the income taxes you and your beneficiaries pay.',
  },
  {
    number: 4,
    question: () => "Protect the beneficiaries' trusts from their creditors and from being transferred.",
    short: () => 'Protect beneficiary trusts',
    explanation:
      'A share kept in trust for a beneficiary generally cannot be taken by people they owe money to, nor sold or signed away by them before it is paid out (a “spendthrift” clause).',
  },
  {
    number: 5,
    question: () => 'Resolve disputes by mediation or arbitration rather than in court.',
    short: () => 'Mediation or arbitration',
    explanation:
      'If beneficiaries or trustees disagree about the trust, a neutral person helps them reach an agreement (mediation) or decides for them (arbitration), usually faster, cheaper and more privately than a lawsuit.',
  },
  {
    number: 6,
    question: () => 'After the first death, the trustee provides fully for the surviving spouse.',
    short: () => 'Provide fully for the survivor',
    explanation:
      'When one of you dies, the person managing the trust (the trustee) may use its money and property for all of the surviving spouse’s needs; the other beneficiaries receive what is left after both deaths.',
  },
  {
    number: 7,
    question: () => 'The surviving spouse may fully amend or revoke the trust, including disinheriting beneficiaries.',
    short: () => 'Survivor may amend or revoke',
    explanation:
      'After one of you dies, the survivor can still change or cancel the whole trust, the deceased spouse’s share included, and may even leave out beneficiaries you chose together.',
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

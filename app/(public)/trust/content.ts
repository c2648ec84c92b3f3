/** Copy for the trust landing page, shared by the visible page and its structured data. */

export interface IncludedDocument {
  name: string;
  text: string;
}

export const INCLUDED_DOCUMENTS: readonly IncludedDocument[] = [
  {
    name: 'Revocable living trust',
    text: 'Holds your assets, names who manages them, and says who receives them, without probate.',
  },
  {
    name: 'Last will and testament (pour-over)',
    text: 'Moves anything left outside the trust into it, and names a guardian for minor children.',
  },
  {
    name: 'Living will',
    text: 'Records your wishes about life-sustaining medical treatment.',
  },
  {
    name: 'Schedule of assets',
    text: 'Lists the property, accounts and business interests you place in the trust.',
  },
  {
    name: 'Certification of trust',
    text: 'A short summary banks and title companies accept instead of the full trust document.',
  },
  {
    name: 'HIPAA authorization',
    text: 'Lets the people you choose receive your medical information.',
  },
  {
    name: 'Power of attorney',
    text: 'Names someone to handle your financial affairs if you cannot.',
  },
];

export interface ProcessStep {
  title: string;
  text: string;
}

export const PROCESS_STEPS: readonly ProcessStep[] = [
  {
    title: 'Answer guided questions',
    text: 'Tell us about your family, your assets, and who should inherit and manage them. Your answers are saved as you go.',
  },
  {
    title: 'Review and pay',
    text: 'Check every answer on one review page, pay the trust fee, and submit your trust.',
  },
  {
    title: 'Attorney review',
    text: 'Our attorney team reviews your submission and prepares your documents.',
  },
  {
    title: 'Sign, notarize and fund',
    text: 'Download your documents, sign them in front of a notary, and move your assets into the trust.',
  },
];

export interface Faq {
  question: string;
  answer: string;
}

export const FAQS: readonly Faq[] = [
  {
    question: 'What is a revocable living trust?',
    answer:
      'It is a legal arrangement in which you place your assets in a trust that you control during your lifetime. ' +
      'When you die, your successor trustee distributes the assets to your beneficiaries without going through ' +
      'probate. Because it is revocable, you can change it or cancel it at any time.',
  },
  {
    question: 'How long does it take to complete?',
    answer:
      'Most sections of the questionnaire take about 15 to 20 minutes, and most people finish the whole ' +
      'questionnaire in about 30-45 minutes. Couples and households with more assets may need a little longer.',
  },
  {
    question: 'Can I save my progress and finish later?',
    answer: 'Yes. Your answers are saved as you go, so you can stop at any point and resume where you left off, ' + 'from any device, after signing in again.',
  },
  {
    question: 'Is an attorney involved?',
    answer:
      'Yes. After you submit, our attorney team reviews your trust and prepares your documents. If you would like ' +
      'to speak with an attorney about your situation, attorney support is available for an additional fee.',
  },
  {
    question: 'How often should I update my estate plan?',
    answer:
      'We recommend reviewing and updating your plan every 3-5 years, and sooner after a major life event such ' +
      'as a marriage, divorce, birth, death in the family, a move to another state, or a large change in your assets.',
  },
];

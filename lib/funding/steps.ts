import type { COMPANY_TYPES, FUNDING_KINDS } from '@/db/schema/enums';

/*
 * What "funding" a trust asks of each kind of asset (issue 30): the step, in plain words, and what to bring.
 * Written once per kind and shown beside every task of that kind. General information only, checked against
 * public guides (state bar and court self-help pages on funding a revocable living trust, IRS Publication
 * 590-B on inherited retirement accounts, issuers' trust-account forms); the page says so (FUNDING_DISCLAIMER).
 * Retirement accounts are the one kind never retitled: moving an IRA or 401(k) into a trust's name is a
 * distribution, taxed at once, so its step is the beneficiary designation.
 */

/** The kinds of funding task: an asset kind of the intake, with companies and gifts as their own kinds. */
export type FundingKind = (typeof FUNDING_KINDS)[number];

export type FundingStep = {
  /** The step as a short instruction: the task's title names the asset, this names what to do. */
  action: string;
  /** Why, in a sentence or two. */
  explanation: string;
  /** What to bring or have at hand. */
  bring: readonly string[];
  /** Who usually does it. */
  who: string;
};

export const FUNDING_DISCLAIMER =
  'This is general information about funding a living trust, not legal advice. Your attorney can tell you what your own plan needs.';

const CERTIFICATION = 'A certification of trust (a short summary of the trust your attorney can provide)';
const ID = 'A government-issued photo ID';

export const FUNDING_STEPS: Record<FundingKind, FundingStep> = {
  'real-estate': {
    action: 'Sign a new deed to the trust and record it with the county',
    explanation:
      'A home or land stays outside the trust until a new deed names the trustee of your trust as the owner and the county records it. Property left in your own name may have to go through probate.',
    bring: ['The current deed (or its recording number)', 'The property’s legal description and parcel number', CERTIFICATION],
    who: 'Usually your attorney prepares the deed; you sign it before a notary and it is recorded with the county recorder.',
  },
  bank: {
    action: 'Retitle the account in the name of the trust',
    explanation:
      'Ask the bank to change the owner of the account to you as trustee of your trust, or to open a trust account and move the money. Some banks instead add the trust as the payable-on-death beneficiary.',
    bring: [CERTIFICATION, ID, 'The account number'],
    who: 'You, with the bank (in a branch or through its trust-account form).',
  },
  brokerage: {
    action: 'Retitle the account in the name of the trust',
    explanation:
      'Ask the brokerage firm to re-register the account to you as trustee of your trust; the investments stay as they are, only the owner’s name changes.',
    bring: [CERTIFICATION, ID, 'The account number', 'The firm’s change-of-registration or trust account form'],
    who: 'You, with the brokerage firm.',
  },
  retirement: {
    action: 'Name the beneficiaries your plan says; do not retitle the account',
    explanation:
      'An IRA or 401(k) cannot be moved into a trust without being cashed out and taxed. It passes by its beneficiary designation instead, so the designation on file with the plan must match your estate plan.',
    bring: ['The account number', 'The plan’s beneficiary designation form', 'Your beneficiaries’ names, dates of birth and shares'],
    who: 'You, with the plan administrator or custodian. Ask your attorney before naming the trust itself.',
  },
  annuity: {
    action: 'Name the trust or your plan’s beneficiaries as beneficiary',
    explanation:
      'An annuity passes by its beneficiary designation. Changing its owner can have tax consequences, so most plans change only the beneficiary; check with the issuer and your attorney before changing the owner.',
    bring: ['The contract number', 'The issuer’s beneficiary change form', CERTIFICATION],
    who: 'You, with the insurance company that issued the annuity.',
  },
  company: {
    action: 'Assign your interest in the company to the trust',
    explanation:
      'Your share of a business is transferred to the trust with a written assignment; the company’s own agreement may require the other owners’ consent and a change to its records.',
    bring: ['The operating, partnership or shareholder agreement', 'Stock certificates, if any', CERTIFICATION],
    who: 'Usually your attorney drafts the assignment; the company updates its records.',
  },
  gift: {
    action: 'Make sure the gifted asset is held by the trust',
    explanation:
      'A specific gift is made from the trust, so the trust has to own what is given: the property, the money or the item. Property and accounts are funded by their own tasks; personal items are usually covered by a general assignment.',
    bring: ['A description of the item or the amount', 'The general assignment of personal property, if your attorney prepared one'],
    who: 'You and your attorney.',
  },
};

/** The company step's detail by the company's type: what the assignment is called and what changes. */
export const COMPANY_STEP_DETAIL: Record<(typeof COMPANY_TYPES)[number], string> = {
  'limited liability company': 'An assignment of membership interest; the operating agreement may require the other members’ consent.',
  corporation: 'A stock assignment, and new certificates issued in the trust’s name by the corporation.',
  partnership: 'An assignment of partnership interest; the partnership agreement usually requires the other partners’ consent.',
  'sole proprietorship': 'A general assignment of the business’s assets (equipment, accounts, names) to the trust.',
};

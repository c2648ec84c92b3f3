import { hasTotalsError, isInOffTier, tierTotals } from '@/lib/intake/beneficiary-totals';
import { completionOf } from '@/lib/intake/completion';
import { requiredQuestions, unansweredIntents, unansweredQuestions } from '@/lib/intake/required';
import { maxServeOrder, nextServeOrder, serveOrderOptions } from '@/lib/intake/serve-order';
import type { BeneficiaryTerms, ClientView } from '@/lib/intake/types';

const terms = (tier: BeneficiaryTerms['tier'], sharePercent: string | null): BeneficiaryTerms => ({
  tier,
  sharePercent,
  relationship: 'Child',
  isPerStirpes: false,
  omissionReason: null,
});
const bene = (t1: BeneficiaryTerms | null, t2: BeneficiaryTerms | null = null) => ({ terms1: t1, terms2: t2 });

describe('beneficiary totals, per client and tier, with big.js', () => {
  it('33.33 + 33.33 + 33.34 is exactly 100 (floats would say 99.99999999999999)', () => {
    const list = [bene(terms('primary', '33.33')), bene(terms('primary', '33.33')), bene(terms('primary', '33.34'))];
    expect(tierTotals(list)).toEqual([{ owner: 1, tier: 'primary', total: '100.00', ok: true }]);
    expect(hasTotalsError(list)).toBe(false);
  });

  it.each([
    ['0 is fine (shares not decided yet)', ['0.00', null], true],
    ['100 is fine', ['60', '40'], true],
    ['99.99 is off', ['60', '39.99'], false],
    ['100.01 is off', ['60', '40.01'], false],
  ] as const)('%s', (_case, shares, ok) => {
    const list = shares.map((s) => bene(terms('contingent', s)));
    expect(tierTotals(list)[0].ok).toBe(ok);
  });

  it('counts each client separately and leaves the omitted out', () => {
    const list = [
      bene(terms('primary', '100'), terms('primary', '50')),
      bene(null, terms('primary', '25')),
      bene(terms('omitted', '0'), terms('omitted', '0')),
    ];
    const totals = tierTotals(list);
    expect(totals).toEqual([
      { owner: 1, tier: 'primary', total: '100.00', ok: true },
      { owner: 2, tier: 'primary', total: '75.00', ok: false },
    ]);
    // Only rows in the off tier of that client turn red.
    expect(isInOffTier(list[0], totals)).toBe(true);
    expect(isInOffTier(list[1], totals)).toBe(true);
    expect(isInOffTier(list[2], totals)).toBe(false);
    expect(isInOffTier(bene(terms('primary', '100')), totals)).toBe(false);
  });
});

describe('serve order', () => {
  it.each([
    [[], 3, ['1', '2', '3', 'Other'], 1],
    [[1], 3, ['1', '2', '3', 'Other'], 2],
    [[1, 2, 3], 4, ['1', '2', '3', '4', 'Other'], 4],
    [[1, 7], 8, ['1', '2', '3', '4', '5', '6', '7', '8', 'Other'], 8],
    [[null, undefined, 0], 3, ['1', '2', '3', 'Other'], 1],
  ])('orders %p: max %i, options %p, next %i', (orders, max, options, next) => {
    expect(maxServeOrder(orders)).toBe(max);
    expect(serveOrderOptions(orders)).toEqual(options);
    expect(nextServeOrder(orders)).toBe(next);
  });

  it('keeps a current order beyond the list, and never goes past 99', () => {
    expect(serveOrderOptions([1], 12)).toHaveLength(13);
    expect(maxServeOrder([99])).toBe(99);
    expect(nextServeOrder([99])).toBe(99);
  });
});

const blank: ClientView = {
  hash: 'c1',
  version: 1,
  ownerNo: 1,
  person: { hash: 'p1', firstName: 'A', middleName: '', lastName: 'B', suffix: '', email: '', phone: '', dob: null, ssnLast4: null },
  loginEmail: null,
  gender: null,
  residenceState: null,
  isUsCitizen: null,
  isReceivingMedicaid: null,
  hasMentalDisorder: null,
  wantsLifeSupport: null,
  wantsCremation: null,
  isOrganDonor: null,
  hasEstatePlan: null,
  estatePlanType: null,
  trustName: null,
  trustDate: null,
  trustTimesAmended: null,
  trustReplacementReason: null,
  isAssetsTrustOwned: null,
  trustGoverningState: null,
  intents: [null, null, null, null, null, null, null],
  trustIntentOther: null,
  isSpouseBeneficiary: null,
  isSpousePoa: { general: null, medical: null, financial: null },
  isTrustSubmitted: false,
};
const answeredAll: ClientView = {
  ...blank,
  residenceState: 'CA',
  isUsCitizen: true,
  isReceivingMedicaid: false,
  hasMentalDisorder: false,
  wantsLifeSupport: true,
  wantsCremation: false,
  isOrganDonor: true,
  hasEstatePlan: 'no',
  intents: [true, false, true, true, false, null, null],
};

describe('required answers before review (intake §5)', () => {
  it('a single client: 7 personal answers, the plan question and intents 1-5', () => {
    expect(requiredQuestions(blank, false)).toHaveLength(13);
    expect(unansweredQuestions(answeredAll, false)).toEqual([]);
    expect(unansweredIntents(answeredAll, false)).toBe(0);
  });

  it('with a spouse, intents 6 and 7 count too', () => {
    expect(unansweredQuestions(answeredAll, true).map((q) => q.field)).toEqual(['intent6', 'intent7']);
    expect(unansweredIntents(answeredAll, true)).toBe(2);
  });

  it('an existing plan asks its type; a Trust asks its five details', () => {
    const withPlan = { ...answeredAll, hasEstatePlan: 'yes' as const };
    expect(unansweredQuestions(withPlan, false).map((q) => q.field)).toEqual(['estatePlanType']);
    const trust = { ...withPlan, estatePlanType: 'Trust' };
    expect(unansweredQuestions(trust, false).map((q) => q.field)).toEqual([
      'trustName',
      'trustDate',
      'trustTimesAmended',
      'trustReplacementReason',
      'isAssetsTrustOwned',
    ]);
    expect(unansweredQuestions({ ...withPlan, estatePlanType: 'Will' }, false)).toEqual([]);
  });

  it('a blank answer is unanswered; false is an answer', () => {
    expect(unansweredQuestions({ ...answeredAll, residenceState: ' ' }, false).map((q) => q.field)).toEqual(['residenceState']);
    expect(unansweredQuestions({ ...answeredAll, isUsCitizen: false }, false)).toEqual([]);
  });
});

describe('completion', () => {
  const noMinorIssue = () => false;
  const empty = { client: blank, spouse: null, children: [], beneficiaries: [], trustees: [], agents: [], showsFinancialPoa: true };

  it('a new household: every section empty, children too (not answered is not complete), and 0 %', () => {
    const c = completionOf(empty, noMinorIssue);
    expect(c.sections.map((s) => [s.key, s.state, s.unanswered])).toEqual([
      ['personal', 'empty', 7],
      ['estatePlan', 'empty', 6],
      ['children', 'empty', 1],
      ['beneficiaries', 'empty', 1],
      ['trustees', 'empty', 1],
      ['poas', 'empty', 3],
      // Sections 7-14 are optional: not started, and not counted in the percentage.
      ['properties', 'empty', 0],
      ['companies', 'empty', 0],
      ['gifts', 'empty', 0],
      ['retirementAccounts', 'empty', 0],
      ['brokerageAccounts', 'empty', 0],
      ['bankAccounts', 'empty', 0],
      ['annuityAccounts', 'empty', 0],
      ['notes', 'empty', 0],
    ]);
    expect(c.percent).toBe(0);
    expect(completionOf({ ...empty, hasChildren: null }, noMinorIssue).percent).toBe(0);
  });

  it("an explicit 'no children' completes the children section; a Yes with nobody listed does not", () => {
    const no = completionOf({ ...empty, hasChildren: false }, noMinorIssue);
    expect(no.sections.find((s) => s.key === 'children')).toMatchObject({ state: 'complete', unanswered: 0, problem: null });
    // One of six equal shares.
    expect(no.percent).toBe(16);
    const yes = completionOf({ ...empty, hasChildren: true }, noMinorIssue);
    expect(yes.sections.find((s) => s.key === 'children')).toMatchObject({ state: 'incomplete', unanswered: 1, problem: 'No child listed yet' });
    expect(yes.percent).toBe(0);
  });

  it('weighs the six required sections equally: answered personal and plan questions carry no household far', () => {
    // Personal and plan answered, no children: 3 of 6 sections, whatever the number of questions in them.
    const half = completionOf({ ...empty, client: answeredAll, hasChildren: false }, noMinorIssue);
    expect(half.percent).toBe(50);
    // The outside test's case (issue 27): everything but trustees and powers of attorney is at most 66 %.
    const beneficiary = {
      hash: 'b',
      version: 1,
      owner: '1' as const,
      type: 'person' as const,
      person: blank.person,
      entity: null,
      terms1: terms('primary', '100'),
      terms2: null,
    };
    expect(completionOf({ ...empty, client: answeredAll, hasChildren: false, beneficiaries: [beneficiary] }, noMinorIssue).percent).toBe(66);
    // Half of one section's questions is half of its share: 7 + 6 questions, 6 of 7 personal answered.
    const some = completionOf(
      { ...empty, client: { ...answeredAll, isOrganDonor: null, hasEstatePlan: null, intents: [null, null, null, null, null, null, null] } },
      noMinorIssue,
    );
    expect(some.percent).toBe(Math.floor((6 / 7 / 6) * 100));
  });

  it('answers move sections to complete and the percentage to 100', () => {
    const person = blank.person;
    const full = {
      ...empty,
      hasChildren: false,
      client: { ...answeredAll },
      beneficiaries: [
        { hash: 'b', version: 1, owner: '1' as const, type: 'person' as const, person, entity: null, terms1: terms('primary', '100'), terms2: null },
      ],
      trustees: [{ hash: 't', version: 1, owner: '1' as const, person, order1: 1, order2: null }],
      agents: (['general', 'medical', 'financial'] as const).map((type) => ({
        hash: type,
        version: 1,
        type,
        owner: '1' as const,
        person,
        order1: 1,
        order2: null,
        service1: { isCollective: false, isIndependent: false },
        service2: null,
      })),
    };
    const c = completionOf(full, noMinorIssue);
    expect(c.sections.filter((s) => s.state !== 'empty').every((s) => s.state === 'complete')).toBe(true);
    expect(c.sections.filter((s) => s.state === 'empty').map((s) => s.key)).toEqual([
      'properties',
      'companies',
      'gifts',
      'retirementAccounts',
      'brokerageAccounts',
      'bankAccounts',
      'annuityAccounts',
      'notes',
    ]);
    expect(c.percent).toBe(100);
    // A gift whose beneficiary is not the gift owner's counts as one unanswered question of its section.
    const gift = {
      hash: 'g',
      version: 1,
      owner: '2' as const,
      giftType: 'cash' as const,
      beneficiaryHash: 'b',
      addressHash: null,
      cashAmount: '1.00',
      specificItem: null,
      predeceaseDistribution: null,
    };
    const broken = completionOf({ ...full, gifts: [gift] }, noMinorIssue);
    expect(broken.sections.find((s) => s.key === 'gifts')).toMatchObject({ state: 'incomplete', unanswered: 1, problem: '1 gift to fix' });
    // A seventh equal share while there is a gift to fix: its fraction is the gifts that are fine (0 of 1).
    expect(broken.percent).toBe(Math.floor((6 / 7) * 100));
    const fixed = completionOf({ ...full, gifts: [{ ...gift, owner: '1' as const }], note: { hash: 'n', version: 1, body: 'Hi' } }, noMinorIssue);
    expect(fixed.sections.filter((s) => ['gifts', 'notes'].includes(s.key)).map((s) => s.state)).toEqual(['complete', 'complete']);
    expect(fixed.percent).toBe(100);
    // A percentage error makes the beneficiaries incomplete again; a hidden financial block is not asked.
    const off = completionOf({ ...full, beneficiaries: [{ ...full.beneficiaries[0], terms1: terms('primary', '90') }] }, noMinorIssue);
    expect(off.sections.find((s) => s.key === 'beneficiaries')).toMatchObject({ state: 'incomplete', unanswered: 1, problem: 'Percentages do not total 100%' });
    // A section held back by questions (or complete, or not started) names no problem.
    expect(off.sections.filter((s) => s.problem !== null).map((s) => s.key)).toEqual(['beneficiaries']);
    const apsi = completionOf({ ...full, showsFinancialPoa: false, agents: full.agents.slice(0, 2) }, noMinorIssue);
    expect(apsi.sections.find((s) => s.key === 'poas')?.state).toBe('complete');
  });

  it('a minor without a guardian leaves the children incomplete', () => {
    const child = {
      hash: 'k',
      version: 1,
      owner: '1' as const,
      gender: null,
      person: blank.person,
      guardian1: null,
      guardian2: null,
      multiGuardianSpecifics: '',
    };
    const c = completionOf({ ...empty, children: [child] }, () => true);
    expect(c.sections.find((s) => s.key === 'children')).toMatchObject({ state: 'incomplete', unanswered: 1, problem: '1 minor without a guardian' });
    // A listed child answers "any children?": the question counts, the child without a guardian does not.
    expect(c.percent).toBe(Math.floor((1 / 2 / 6) * 100));
    expect(completionOf({ ...empty, children: [child] }, noMinorIssue).sections.find((s) => s.key === 'children')?.state).toBe('complete');
    const two = completionOf({ ...empty, children: [child, { ...child, hash: 'l' }] }, () => true);
    expect(two.sections.find((s) => s.key === 'children')?.problem).toBe('2 minors without a guardian');
    expect(two.sections.find((s) => s.key === 'personal')).toMatchObject({ state: 'empty', problem: null });
  });
});

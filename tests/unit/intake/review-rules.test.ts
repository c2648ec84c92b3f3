import { missingItems } from '@/lib/intake/missing-items';
import { agentServiceText, currentPlanText, lifeSupportText, trustTitle } from '@/lib/intake/review-texts';

const none = { beneficiaries: 0, trustees: 0, properties: 0, bankAccounts: 0, retirementOrBrokerageAccounts: 0 };

describe('the missing-items warning', () => {
  it('lists everything missing in order', () => {
    expect(missingItems(none)).toEqual(['Beneficiaries', 'Successor trustees', 'Properties', 'Bank accounts', 'Retirement or brokerage accounts']);
  });
  it.each([
    [{ ...none, beneficiaries: 2, trustees: 1 }, ['Properties', 'Bank accounts', 'Retirement or brokerage accounts']],
    [{ beneficiaries: 1, trustees: 1, properties: 1, bankAccounts: 1, retirementOrBrokerageAccounts: 1 }, []],
    [{ beneficiaries: 1, trustees: 0, properties: 3, bankAccounts: 0, retirementOrBrokerageAccounts: 2 }, ['Successor trustees', 'Bank accounts']],
  ])('%j → %j', (counts, expected) => {
    expect(missingItems(counts)).toEqual(expected);
  });
});

describe('review display texts', () => {
  it.each([
    [true, 'Used to maintain life'],
    [false, 'Terminated'],
    [null, 'Unanswered'],
  ])('life support %s → %s', (value, text) => expect(lifeSupportText(value)).toBe(text));

  it.each([
    ['yes', 'Trust', 'Living Trust'],
    ['yes', 'Will', 'Will Only'],
    ['no', null, 'None'],
    ['yes', 'Pour-over will', 'Pour-over will'],
    [null, null, 'Unanswered'],
  ] as const)('current plan %s/%s → %s', (hasEstatePlan, estatePlanType, text) => expect(currentPlanText({ hasEstatePlan, estatePlanType })).toBe(text));

  it.each([
    [false, false, 'In the order listed'],
    [true, false, 'Together as co-agents'],
    [true, true, 'Together as co-agents, served independently'],
  ])('agents collective %s independent %s → %s', (isCollective, isIndependent, text) => expect(agentServiceText({ isCollective, isIndependent })).toBe(text));

  it('names the trust after the people', () => {
    const p = (firstName: string, lastName: string) => ({ person: { firstName, lastName } }) as never;
    expect(trustTitle({ client: p('Pat', 'Rivera'), spouse: p('Sam', 'Rivera') })).toBe('The Rivera Family Trust');
    expect(trustTitle({ client: p('Pat', 'Rivera'), spouse: p('Grace', 'Kim') })).toBe('The Rivera and Kim Family Trust');
    expect(trustTitle({ client: p('Jordan', 'Blake'), spouse: null })).toBe('The Jordan Blake Living Trust');
  });
});

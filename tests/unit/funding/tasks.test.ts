import { fundingExposure } from '@/lib/funding/exposure';
import { FUNDING_STEPS, COMPANY_STEP_DETAIL } from '@/lib/funding/steps';
import { REMOVED_REASON, fundingProgress, fundingTasksOf, mergeTasks, type FundingMark, type FundingStatus } from '@/lib/funding/tasks';
import { COMPANY_TYPES } from '@/db/schema/enums';
import { account, beneficiary, company, gift, household, person, property } from '../../components/intake/fake-household';

const address = (street: string, city: string, value: string | null = null) => ({
  hash: `a-${street}`,
  street,
  unit: '',
  city,
  state: 'NY',
  zip: '10001',
  value,
});

describe('fundingTasksOf: a task per asset the trust must take in', () => {
  const ana = beneficiary({ hash: 'ben-ana', person: person({ firstName: 'Ana', lastName: 'Rivera' }) });
  const view = household({
    properties: [property({ hash: 'house', owner: 'both', address: address('12 Elm St', 'Springfield', '450000.00') })],
    bankAccounts: [account('bank', { hash: 'chk', company: 'First Bank', type: 'Checking', numberLast4: '1234', value: '12000.50' })],
    brokerageAccounts: [account('brokerage', { hash: 'brk', company: 'Vanguard', type: '', numberLast4: null, value: null })],
    retirementAccounts: [account('retirement', { hash: 'ira', owner: '2', company: 'Fidelity', type: 'Roth IRA', numberLast4: '9876' })],
    annuityAccounts: [account('annuity', { hash: 'ann', company: '', type: '', numberLast4: null })],
    companies: [company({ hash: 'llc', name: 'Rivera Bakery LLC', type: 'limited liability company' })],
    beneficiaries: [ana],
    gifts: [
      gift({ hash: 'g-cash', giftType: 'cash', beneficiaryHash: 'ben-ana', cashAmount: '5000', specificItem: null, addressHash: null }),
      gift({ hash: 'g-item', giftType: 'item', beneficiaryHash: 'ben-ana', cashAmount: null, specificItem: 'the piano', addressHash: null }),
      gift({ hash: 'g-house', giftType: 'property', beneficiaryHash: 'ben-ana', cashAmount: null, specificItem: null, addressHash: 'a-12 Elm St' }),
    ],
  });

  it('lists real estate, then accounts (bank, brokerage, retirement, annuity), companies and gifts, keyed by kind and hash', () => {
    expect(fundingTasksOf(view).map((t) => t.key)).toEqual([
      'real-estate:house',
      'bank:chk',
      'brokerage:brk',
      'retirement:ira',
      'annuity:ann',
      'company:llc',
      'gift:g-cash',
      'gift:g-item',
    ]);
  });

  it('names each asset in a few words, with a masked account number and the stated value', () => {
    const tasks = Object.fromEntries(fundingTasksOf(view).map((t) => [t.key, t]));
    expect(tasks['real-estate:house']).toMatchObject({ title: '12 Elm St, Springfield', owner: 'both', value: '450000.00' });
    expect(tasks['bank:chk']).toMatchObject({ title: 'First Bank Checking ••••1234', value: '12000.50' });
    expect(tasks['brokerage:brk'].title).toBe('Vanguard');
    expect(tasks['retirement:ira']).toMatchObject({ title: 'Fidelity Roth IRA ••••9876', owner: '2' });
    expect(tasks['annuity:ann'].title).toBe('annuity');
    expect(tasks['company:llc']).toMatchObject({ title: 'Rivera Bakery LLC', detail: COMPANY_STEP_DETAIL['limited liability company'] });
    expect(tasks['gift:g-cash']).toMatchObject({ title: 'Cash gift to Ana Rivera', value: '5000' });
    expect(tasks['gift:g-item']).toMatchObject({ title: 'Gift of the piano to Ana Rivera', value: null });
  });

  it('gives a gift of real estate no task of its own: the property’s deed moves it', () => {
    expect(fundingTasksOf(view).some((t) => t.key === 'gift:g-house')).toBe(false);
  });

  it('asks nothing of an intake without assets', () => {
    expect(fundingTasksOf(household())).toEqual([]);
  });
});

describe('the steps: one per kind, retirement accounts never retitled', () => {
  it('has a step, an explanation, what to bring and who for every kind', () => {
    for (const step of Object.values(FUNDING_STEPS)) {
      expect(step.action).not.toBe('');
      expect(step.explanation.length).toBeGreaterThan(40);
      expect(step.bring.length).toBeGreaterThan(0);
      expect(step.who).not.toBe('');
    }
  });

  it('tells a retirement account to name beneficiaries, not to retitle', () => {
    expect(FUNDING_STEPS.retirement.action).toMatch(/do not retitle/i);
    expect(FUNDING_STEPS.bank.action).toMatch(/retitle/i);
  });

  it('details the company step for every company type', () => {
    expect(Object.keys(COMPANY_STEP_DETAIL).sort()).toEqual([...COMPANY_TYPES].sort());
  });
});

describe('mergeTasks: what the intake asks for today, with the marks people made', () => {
  const spec = (key: string, title = key) => ({ key, kind: 'bank' as const, owner: '1' as const, title, value: null, detail: null });
  const at = new Date('2026-11-20T15:00:00Z');
  const mark = (key: string, status: FundingStatus, reason: string | null = null, title = key): FundingMark => ({
    key,
    kind: 'bank',
    owner: '1',
    title,
    value: null,
    status,
    reason,
    changedBy: 'Pat Rivera',
    changedAt: at,
    version: 3,
  });

  it('makes an unmarked task not started, and gives a marked one its status, reason, who and when', () => {
    const [fresh, marked] = mergeTasks([spec('bank:new'), spec('bank:old')], [mark('bank:old', 'in-progress')]);
    expect(fresh).toMatchObject({ key: 'bank:new', status: 'not-started', reason: null, changedBy: null, changedAt: null, version: null, removed: false });
    expect(marked).toMatchObject({ key: 'bank:old', status: 'in-progress', changedBy: 'Pat Rivera', changedAt: at, version: 3, removed: false });
  });

  it('names a task after the asset as the intake describes it now', () => {
    const [task] = mergeTasks([spec('bank:a', 'New Bank ••••1111')], [mark('bank:a', 'done', null, 'Old Bank ••••1111')]);
    expect(task.title).toBe('New Bank ••••1111');
  });

  it('reads an open task not needed once its asset leaves the intake (a sold house), and keeps a finished one as it was', () => {
    const tasks = mergeTasks(
      [],
      [mark('bank:open', 'in-progress'), mark('bank:fresh', 'not-started'), mark('bank:done', 'done'), mark('bank:skip', 'not-needed', 'Closed')],
    );
    expect(tasks.map((t) => [t.key, t.status, t.reason, t.removed])).toEqual([
      ['bank:open', 'not-needed', REMOVED_REASON, true],
      ['bank:fresh', 'not-needed', REMOVED_REASON, true],
      ['bank:done', 'done', null, true],
      ['bank:skip', 'not-needed', 'Closed', true],
    ]);
  });

  it('lists the intake’s tasks first, in its order, then those whose asset is gone', () => {
    expect(mergeTasks([spec('b'), spec('a')], [mark('gone', 'done'), mark('a', 'done')]).map((t) => t.key)).toEqual(['b', 'a', 'gone']);
  });
});

describe('fundingProgress', () => {
  const of = (...statuses: FundingStatus[]) => fundingProgress(statuses.map((status) => ({ status })));

  it('is the share of tasks done or not needed, rounded down', () => {
    expect(of('done', 'not-started', 'in-progress')).toEqual({ total: 3, done: 1, notNeeded: 0, open: 2, percent: 33 });
    expect(of('done', 'not-needed', 'not-started')).toMatchObject({ percent: 66, open: 1 });
  });

  it('reaches 100 % only when nothing is left', () => {
    expect(of(...(Array(199).fill('done') as FundingStatus[]), 'in-progress')?.percent).toBe(99);
    expect(of('done', 'not-needed')?.percent).toBe(100);
  });

  it('is null without tasks: nothing to fund is not "100 % funded"', () => {
    expect(fundingProgress([])).toBeNull();
  });
});

describe('fundingExposure: what would go through probate today, from the tasks', () => {
  const view = household({
    properties: [property({ hash: 'house', owner: 'both', address: address('12 Elm St', 'Springfield', '450000.00') })],
    bankAccounts: [account('bank', { hash: 'chk', owner: '1', value: '12000.50' })],
    retirementAccounts: [account('retirement', { hash: 'ira', owner: '1', value: '900000.00' })],
  });
  const statuses = (house: FundingStatus, chk: FundingStatus) =>
    mergeTasks(fundingTasksOf(view), []).map((t) => ({ ...t, status: t.key === 'real-estate:house' ? house : t.key === 'bank:chk' ? chk : t.status }));

  it('sums the assets whose step is open, never a retirement account', () => {
    expect(fundingExposure(view, statuses('not-started', 'in-progress')).sentence).toBe('$462,000.50 would go through probate today.');
  });

  it('counts an asset as in the trust once its step is done or not needed', () => {
    expect(fundingExposure(view, statuses('done', 'in-progress')).sentence).toBe('$12,000.50 would go through probate today.');
    expect(fundingExposure(view, statuses('done', 'not-needed')).sentence).toBe('Nothing would go through probate today.');
  });
});

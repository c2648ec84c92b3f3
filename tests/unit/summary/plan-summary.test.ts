import fs from 'node:fs';
import path from 'node:path';
import type { FundingMark } from '@/lib/funding/tasks';
import { defaultScenarioId, FUNDING_NOT_BEGUN_NOTE, ownerLabel, planSummaryOf, summaryFileName } from '@/lib/plan-summary/summary';
import {
  account,
  agent,
  beneficiary,
  child,
  company,
  gift,
  guardian,
  household,
  person,
  property,
  terms,
  trustee,
} from '../../components/intake/fake-household';

/* The plan summary's content (lib/plan-summary/summary.ts): what the PDF says, worded, before any drawing. */

const NOW = new Date('2026-11-29T15:00:00Z');
const summaryOf = (view: ReturnType<typeof household>, marks: FundingMark[] | null = null) => planSummaryOf(view, marks, NOW, 'Nov 29, 2026');

const avery = beneficiary({
  owner: 'both',
  person: person({ firstName: 'Avery', lastName: 'Rivera', dob: '2001-06-15', ssnLast4: '9012' }),
  terms1: terms('primary', '50.00', { isPerStirpes: true }),
  terms2: terms('primary', '100.00'),
});
const jamie = beneficiary({
  person: person({ firstName: 'Jamie', lastName: 'Rivera', dob: '2012-03-30' }),
  terms1: terms('primary', '50.00'),
});
const marco = beneficiary({
  owner: 'both',
  person: person({ firstName: 'Marco', lastName: 'Rivera' }),
  terms1: terms('omitted', '0.00', { relationship: 'Sibling', omissionReason: 'Provided for already.' }),
  terms2: terms('omitted', '0.00', { relationship: 'Sibling', omissionReason: 'Provided for already.' }),
});
const charity = beneficiary({
  type: 'entity',
  person: null,
  entity: { name: 'Bay Area Food Bank', identifierKind: 'ein', identifierLast4: '4567', date: null, isTrust: false },
  terms1: terms('contingent', '100.00', { relationship: 'Other' }),
});
const home = property({
  owner: 'both',
  address: { hash: 'addr-home', street: '1200 Alameda Ave', unit: '', city: 'San Jose', state: 'CA', zip: '95126', value: '1450000.00' },
});
const checking = account('bank', { owner: '1', company: 'Wells Fargo', type: 'Checkings', numberLast4: '2223', value: '42000.50' });
const ira = account('retirement', { owner: '2', company: 'Vanguard', type: 'Roth IRA', numberLast4: '4321', value: '188500.50' });

const couple = household({
  client: { trustGoverningState: 'CA' },
  latestPlan: { hash: 'plan-1', status: 'finalizing', statusLabel: 'Being Finalized', history: [] },
  children: [
    child({
      owner: 'both',
      person: person({ firstName: 'Jamie', lastName: 'Rivera', dob: '2012-03-30' }),
      guardian1: guardian({ firstName: 'Morgan', lastName: 'Ellis' }),
    }),
    child({ owner: 'both', person: person({ firstName: 'Avery', lastName: 'Rivera', dob: '2001-06-15' }) }),
  ],
  beneficiaries: [avery, jamie, marco, charity],
  trustees: [
    trustee({ owner: 'both', person: person({ firstName: 'Morgan', lastName: 'Ellis' }), order1: 2, order2: 1 }),
    trustee({ owner: 'both', person: person({ firstName: 'Avery', lastName: 'Rivera' }), order1: 1, order2: 2 }),
  ],
  agents: [
    agent('medical', {
      owner: '1',
      person: person({ firstName: 'Grace', lastName: 'Kim' }),
      order1: 2,
      service1: { isCollective: false, isIndependent: false },
    }),
    agent('medical', {
      owner: '1',
      person: person({ firstName: 'Elena', lastName: 'Rivera' }),
      order1: 1,
      service1: { isCollective: false, isIndependent: false },
    }),
    agent('financial', {
      owner: '2',
      person: person({ firstName: 'Avery', lastName: 'Rivera' }),
      order1: null,
      order2: 1,
      service1: null,
      service2: { isCollective: true, isIndependent: true },
    }),
  ],
  properties: [home],
  companies: [company({ owner: '1', name: 'Rivera Design LLC' })],
  gifts: [
    gift({ owner: 'both', beneficiaryHash: jamie.hash, cashAmount: '25000.00', predeceaseDistribution: 'equally' }),
    gift({ owner: '1', giftType: 'property', beneficiaryHash: avery.hash, addressHash: 'addr-home', cashAmount: null, predeceaseDistribution: 'bloodline' }),
  ],
  bankAccounts: [checking],
  retirementAccounts: [ira],
});

const mark = (key: string, status: FundingMark['status']): FundingMark => ({
  key,
  title: 'x',
  kind: 'real-estate',
  owner: 'both',
  value: null,
  status,
  reason: null,
  changedBy: 'Pat Rivera',
  changedAt: NOW,
  version: 1,
});

describe('the plan summary of a couple', () => {
  it('names the trust, the trustors, the status as the app shows it and the governing state', () => {
    const s = summaryOf(couple, []);
    expect(s).toMatchObject({ title: 'The Rivera Family Trust', names: 'Pat Rivera & Sam Rivera', status: 'Being Finalized', governingState: 'CA' });
    expect(s.trustors).toEqual([
      { name: 'Pat Rivera', role: 'Trustor and initial co-trustee' },
      { name: 'Sam Rivera', role: 'Trustor and initial co-trustee' },
    ]);
    expect(s.disclaimer).toMatch(/not your trust, will or power of attorney/);
  });

  it('lists each client’s successor trustees in their order, and the agents per power of attorney with how they serve', () => {
    const s = summaryOf(couple);
    expect(s.trustees.map((t) => [t.heading, t.names])).toEqual([
      ['For Pat Rivera', ['Avery Rivera', 'Morgan Ellis']],
      ['For Sam Rivera', ['Morgan Ellis', 'Avery Rivera']],
    ]);
    expect(s.agents.map((g) => [g.heading, g.lists.map((l) => [l.heading, l.note, l.names])])).toEqual([
      [
        'Medical durable power of attorney',
        [
          ['For Pat Rivera', 'In the order listed', ['Elena Rivera', 'Grace Kim']],
          ['For Sam Rivera', null, []],
        ],
      ],
      [
        'Financial durable power of attorney',
        [
          ['For Pat Rivera', null, []],
          ['For Sam Rivera', null, ['Avery Rivera']],
        ],
      ],
    ]);
  });

  it('names guardians for the minor children only', () => {
    expect(summaryOf(couple).guardians).toEqual([['Jamie Rivera', 'Morgan Ellis']]);
  });

  it('lists beneficiaries per client and tier with shares and per stirpes, and the omitted ones with their reason', () => {
    const [pat, sam] = summaryOf(couple).beneficiaries;
    expect(pat.tiers).toEqual([
      {
        heading: 'Primary beneficiaries',
        rows: [
          ['Avery Rivera', 'Child', '50.00%', 'Yes'],
          ['Jamie Rivera', 'Child', '50.00%', 'No'],
        ],
      },
      { heading: 'Contingent beneficiaries', rows: [['Bay Area Food Bank', 'Other', '100.00%', 'No']] },
    ]);
    expect(pat.omitted).toEqual([['Marco Rivera', 'Sibling', 'Provided for already.']]);
    expect(sam.tiers).toEqual([{ heading: 'Primary beneficiaries', rows: [['Avery Rivera', 'Child', '100.00%', 'No']] }]);
  });

  it('words the specific gifts: cash by lib/money, real estate by its address, whose and what if the beneficiary dies first', () => {
    expect(summaryOf(couple).gifts).toEqual([
      ['Jamie Rivera', 'Cash: $25,000.00', 'Pat and Sam, jointly', 'Distributed Equally to Remaining Living Beneficiaries'],
      ['Avery Rivera', 'Real estate: 1200 Alameda Ave, San Jose', 'Pat Rivera', "Distributed to That Beneficiary's Living Issue"],
    ]);
  });

  it('follows the default scenario: both have died', () => {
    expect(defaultScenarioId(couple)).toBe('second-death');
    const flow = summaryOf(couple).flow!;
    expect(flow.label).toBe('Both have died');
    expect(flow.heading).toBe('How the estate passes when both have died');
    expect(flow.estates.map((e) => e.heading)).toEqual(["Pat's estate", "Sam's estate"]);
    expect(flow.estates[0].rows).toEqual([
      ['Avery Rivera', '50.00%', 'Primary beneficiary'],
      ['Jamie Rivera', '50.00%', 'Primary beneficiary'],
    ]);
    expect(flow.estates[0].manager).toBe('Avery Rivera, successor trustee no. 1');
  });

  it('before funding: the assets by owner without a status, the note, and the exposure of everything outside the trust', () => {
    const s = summaryOf(couple, null);
    expect(s.funding).toMatchObject({ begun: false, note: FUNDING_NOT_BEGUN_NOTE, columns: ['Asset', 'Kind', 'Value'] });
    expect(s.funding.groups).toEqual([
      {
        owner: 'Pat Rivera',
        rows: [
          ['Wells Fargo Checkings ••••2223', 'Bank account', '$42,000.50'],
          ['Rivera Design LLC', 'Company interest', '—'],
        ],
      },
      { owner: 'Sam Rivera', rows: [['Vanguard Roth IRA ••••4321', 'Retirement account', '$188,500.50']] },
      { owner: 'Pat and Sam, jointly', rows: [['1200 Alameda Ave, San Jose', 'Real estate', '$1,450,000.00']] },
    ]);
    // Retirement accounts pass by designation: never counted (lib/estate-flow/probate.ts).
    expect(s.probate).toEqual({
      sentence: 'Before funding: $1,492,000.50 (and 1 asset without a stated value) would go through probate today.',
      byOwner: [
        ['Pat Rivera', '$42,000.50'],
        ['Sam Rivera', '$0.00'],
        ['Pat and Sam, jointly', '$1,450,000.00'],
      ],
      total: '$1,492,000.50',
    });
  });

  it('once funding has begun: each asset’s status, and the exposure falls as steps are done', () => {
    const s = summaryOf(couple, [mark(`real-estate:${home.hash}`, 'done')]);
    expect(s.funding.columns).toEqual(['Asset', 'Kind', 'Value', 'Funding']);
    expect(s.funding.groups.find((g) => g.owner === 'Pat and Sam, jointly')!.rows).toEqual([
      ['1200 Alameda Ave, San Jose', 'Real estate', '$1,450,000.00', 'Done'],
    ]);
    expect(s.funding.groups[0].rows[0][3]).toBe('Not started');
    expect(s.probate.sentence).toBe('$42,000.50 (and 1 asset without a stated value) would go through probate today.');
    expect(s.probate.total).toBe('$42,000.50');
  });

  it('never holds an SSN’s or an identifier’s digits', () => {
    const text = JSON.stringify(summaryOf(couple, []));
    for (const last4 of ['7890', '9012', '4567']) expect(text).not.toContain(last4);
  });
});

describe('the plan summary of one client', () => {
  const single = household({
    spouse: null,
    client: { person: person({ firstName: 'Jordan', lastName: 'Blake' }) },
    latestPlan: null,
    beneficiaries: [beneficiary({ terms1: terms('primary', '100.00') })],
    bankAccounts: [account('bank', { owner: '1', company: 'Chase', type: 'Savings', numberLast4: '1111', value: '1000.00' })],
  });

  it('is a living trust, follows "Jordan dies", and says when there is no plan yet', () => {
    const s = summaryOf(single);
    expect(s).toMatchObject({ title: 'The Jordan Blake Living Trust', names: 'Jordan Blake', status: 'No estate plan yet' });
    expect(s.trustors).toEqual([{ name: 'Jordan Blake', role: 'Trustor and initial trustee' }]);
    expect(defaultScenarioId(single)).toBe('death');
    expect(s.flow!.label).toBe('Jordan dies');
    expect(s.flow!.heading).toBe('How the estate passes when Jordan dies');
    expect(s.trustees).toEqual([{ heading: '', note: null, names: [] }]);
    expect(s.probate.byOwner).toEqual([['Jordan Blake', '$1,000.00']]);
    expect(ownerLabel(single, '1')).toBe('Jordan Blake');
  });

  it('gives the file the trust’s name', () => {
    expect(summaryFileName(summaryOf(single))).toBe('Jordan Blake Living Trust – summary.pdf');
    expect(summaryFileName({ title: 'The Rivera Family Trust' })).toBe('Rivera Family Trust – summary.pdf');
  });
});

describe('lib/plan-summary/summary.ts', () => {
  it('is pure: no database, no server-only module, no clock (the caller passes the request’s)', () => {
    const text = fs.readFileSync(path.resolve(__dirname, '../../../lib/plan-summary/summary.ts'), 'utf8');
    expect(text).not.toMatch(/new Date\(|Date\.now\(|server-only|@\/db|process\.env/);
  });
});

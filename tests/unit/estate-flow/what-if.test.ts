import { scenarios, whatIfOf, whatIfParam } from '@/lib/estate-flow';
import { child, guardian, heir, household, person, primary } from './fixtures';

describe("the review's what if for one request", () => {
  const view = household({
    beneficiaries: [heir('Avery', primary('100.00'), primary('100.00'))],
    // Noah turns 18 on 2026-12-01.
    children: [
      child({
        owner: 'both',
        person: person({ firstName: 'Noah', lastName: 'Rivera', dob: '2008-12-01' }),
        guardian1: guardian({ firstName: 'Morgan', lastName: 'Ellis' }),
      }),
    ],
  });

  it.each([
    [undefined, null],
    ['', null],
    ['second-death', 'second-death'],
    [['first-death:1', 'second-death'], 'first-death:1'],
    [[], null],
  ])('reads ?whatIf=%j as %j', (value, id) => {
    expect(whatIfParam(value)).toBe(id);
  });

  it('offers every scenario and draws none when none is asked for, or one the household does not offer (the plan as written)', () => {
    for (const id of [null, 'as-written', 'predeceased:nobody', 'death', '\u0000', 'x'.repeat(5000)]) {
      expect(whatIfOf(view, id, new Date('2026-11-29'))).toEqual({ scenarios: scenarios(view), flow: null });
    }
  });

  it('computes the flow of the scenario asked for, and only that one', () => {
    const result = whatIfOf(view, 'second-death', new Date('2026-11-29'));
    expect(result.flow?.scenario).toEqual({ id: 'second-death', kind: 'second-death', label: 'Both have died' });
    expect(result.flow?.estates.map((e) => e.receipts.map((r) => [r.name, r.sharePercent]))).toEqual([
      [['Avery Rivera', '100.00']],
      [['Avery Rivera', '100.00']],
    ]);
  });

  it("counts minors on the request's clock", () => {
    expect(whatIfOf(view, 'second-death', new Date('2026-11-30T12:00:00Z')).flow?.guardians).toEqual([
      { child: { hash: view.children[0]!.hash, name: 'Noah Rivera' }, caredBy: 'guardian', names: ['Morgan Ellis'] },
    ]);
    expect(whatIfOf(view, 'second-death', new Date('2026-12-02T12:00:00Z')).flow?.guardians).toEqual([]);
  });
});

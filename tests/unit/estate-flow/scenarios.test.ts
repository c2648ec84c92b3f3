import { flowOf, scenarios } from '@/lib/estate-flow';
import { charity, contingent, heir, household, NOW, omitted, primary } from './fixtures';

describe('the scenarios a household is offered', () => {
  const avery = heir('Avery', primary('50.00'), primary('100.00'));
  const jamie = heir('Jamie', primary('50.00'), contingent('100.00'));
  const gina = heir('Gina', contingent('100.00'));
  const casey = heir('Casey', omitted('Provided for during life'));
  const redCross = charity('Red Cross', null, primary('0.00'));

  it('a couple: each first death, the second death, then "dies before" for every person on a primary tier', () => {
    const view = household({ beneficiaries: [avery, jamie, gina, casey, redCross] });
    expect(scenarios(view)).toEqual([
      { id: 'first-death:1', kind: 'first-death', label: 'Pat dies first' },
      { id: 'first-death:2', kind: 'first-death', label: 'Sam dies first' },
      { id: 'second-death', kind: 'second-death', label: 'Both have died' },
      { id: `predeceased:${avery.hash}`, kind: 'predeceased', label: 'Avery Rivera dies before Pat and Sam' },
      { id: `predeceased:${jamie.hash}`, kind: 'predeceased', label: 'Jamie Rivera dies before Pat and Sam' },
    ]);
  });

  it('a single client: their death, and "dies before" them', () => {
    const view = household({ spouse: null, beneficiaries: [heir('Avery', primary('100.00'))] });
    expect(scenarios(view).map((s) => [s.id.split(':')[0], s.label])).toEqual([
      ['death', 'Pat dies'],
      ['predeceased', 'Avery Rivera dies before Pat'],
    ]);
  });

  it('an entity never dies: a charity on the primary tier is not offered', () => {
    const view = household({ beneficiaries: [charity('Red Cross', primary('100.00'), primary('100.00'))] });
    expect(scenarios(view).map((s) => s.id)).toEqual(['first-death:1', 'first-death:2', 'second-death']);
  });

  it('the ids are stable: the same household gives the same ids', () => {
    const view = household({ beneficiaries: [avery, jamie] });
    expect(scenarios(view).map((s) => s.id)).toEqual(scenarios({ ...view }).map((s) => s.id));
  });

  it('an id the household does not offer has no flow', () => {
    const couple = household({ beneficiaries: [avery, gina, redCross] });
    const single = household({ spouse: null, beneficiaries: [heir('Avery', primary('100.00'))] });
    expect(flowOf(couple, 'death', NOW)).toBeNull();
    expect(flowOf(couple, `predeceased:${gina.hash}`, NOW)).toBeNull();
    expect(flowOf(couple, `predeceased:${redCross.hash}`, NOW)).toBeNull();
    expect(flowOf(couple, 'predeceased:nobody', NOW)).toBeNull();
    expect(flowOf(single, 'first-death:1', NOW)).toBeNull();
    expect(flowOf(single, 'second-death', NOW)).toBeNull();
    expect(flowOf(couple, 'second-death', NOW)?.scenario.label).toBe('Both have died');
  });
});

import { scenarios } from '@/lib/estate-flow';
import type { EstateFlow } from '@/lib/estate-flow';
import { charity, child, contingent, flow, heir, household, omitted, perStirpes, primary, shares, tertiary, totalOf } from './fixtures';

const estate = (estates: EstateFlow[], ownerNo: 1 | 2) => estates.find((e) => e.ownerNo === ownerNo)!;

describe('the first death of a spouse', () => {
  const avery = heir('Avery', primary('100.00'), primary('100.00'));
  const casey = heir('Casey', omitted('Provided for during life'), null);

  it('when the surviving trustor receives all benefits: everything to the survivor, the other estate is living', () => {
    const view = household({ client: { isSpouseBeneficiary: true }, beneficiaries: [avery, casey] });
    const { estates } = flow(view, 'first-death:1');
    const pat = estate(estates, 1);
    expect(pat.state).toBe('to-survivor');
    expect(pat.receipts).toEqual([{ kind: 'survivor', hash: 'client-sam', name: 'Sam Rivera', tier: null, sharePercent: '100.00', via: null }]);
    expect(pat.summary).toBe("Everything passes to Sam, the surviving trustor; Pat's beneficiaries receive after both deaths.");
    expect(pat.omitted).toEqual([{ hash: casey.hash, name: 'Casey Rivera', relationship: 'Child', reason: 'Provided for during life' }]);
    const sam = estate(estates, 2);
    expect(sam).toMatchObject({ state: 'living', receipts: [], tiers: [], trustee: null });
  });

  it("the choice is each client's: Sam dying first with No goes to Sam's beneficiaries", () => {
    const view = household({ client: { isSpouseBeneficiary: true }, spouse: { isSpouseBeneficiary: false }, beneficiaries: [avery] });
    const sam = estate(flow(view, 'first-death:2').estates, 2);
    expect(sam.state).toBe('to-beneficiaries');
    expect(shares(sam)).toEqual([['Avery Rivera', '100.00']]);
    expect(sam.notes).toEqual([]);
  });

  it('an unanswered choice follows the beneficiaries and says so', () => {
    const view = household({ beneficiaries: [avery] });
    const pat = estate(flow(view, 'first-death:1').estates, 1);
    expect(shares(pat)).toEqual([['Avery Rivera', '100.00']]);
    expect(pat.notes).toEqual(["Whether Sam, as the surviving trustor, receives all benefits is not answered: this follows Pat's beneficiaries."]);
  });

  it('the spouse listed as a beneficiary receives at the first death and has predeceased at the second', () => {
    const samAsBeneficiary = heir('Sam', primary('100.00', { relationship: 'Spouse' }));
    const riley = heir('Riley', contingent('100.00'));
    const view = household({ client: { isSpouseBeneficiary: false }, beneficiaries: [samAsBeneficiary, riley] });
    expect(shares(estate(flow(view, 'first-death:1').estates, 1))).toEqual([['Sam Rivera', '100.00']]);
    const second = estate(flow(view, 'second-death').estates, 1);
    expect(shares(second)).toEqual([['Riley Rivera', '100.00']]);
    expect(second.tiers.map((t) => t.state)).toEqual(['failed', 'takes']);
  });
});

describe('the second death and a single client', () => {
  it('the second death: each estate goes to its own primary tier, with unequal shares per owner', () => {
    const avery = heir('Avery', primary('60.00'), primary('50.00'));
    const jamie = heir('Jamie', primary('40.00'), primary('50.00'));
    const { estates } = flow(
      household({ client: { isSpouseBeneficiary: true }, spouse: { isSpouseBeneficiary: true }, beneficiaries: [avery, jamie] }),
      'second-death',
    );
    expect(shares(estate(estates, 1))).toEqual([
      ['Avery Rivera', '60.00'],
      ['Jamie Rivera', '40.00'],
    ]);
    expect(shares(estate(estates, 2))).toEqual([
      ['Avery Rivera', '50.00'],
      ['Jamie Rivera', '50.00'],
    ]);
    expect(estate(estates, 1).summary).toBe("Pat's estate passes to the primary beneficiaries.");
    expect(estate(estates, 1).tiers[0]!.members.map((m) => [m.name, m.statedPercent, m.state, m.sharePercent])).toEqual([
      ['Avery Rivera', '60.00', 'receives', '60.00'],
      ['Jamie Rivera', '40.00', 'receives', '40.00'],
    ]);
  });

  it('a couple whose beneficiaries differ per spouse: each estate follows its own list', () => {
    const avery = heir('Avery', primary('100.00'), null);
    const morgan = heir('Morgan', null, primary('50.00', { relationship: 'Sibling' }));
    const redCross = charity('Red Cross', null, primary('50.00'));
    const parent = heir('Dana', null, contingent('100.00', { relationship: 'Parent' }));
    const { estates } = flow(household({ beneficiaries: [avery, morgan, redCross, parent] }), 'second-death');
    expect(shares(estate(estates, 1))).toEqual([['Avery Rivera', '100.00']]);
    expect(estate(estates, 1).tiers.map((t) => t.tier)).toEqual(['primary']);
    expect(shares(estate(estates, 2))).toEqual([
      ['Morgan Rivera', '50.00'],
      ['Red Cross', '50.00'],
    ]);
    expect(estate(estates, 2).tiers.map((t) => [t.tier, t.state])).toEqual([
      ['primary', 'takes'],
      ['contingent', 'not-reached'],
    ]);
    // Morgan is offered as "dies before": Morgan is on Sam's primary tier.
    const id = scenarios(household({ beneficiaries: [avery, morgan, redCross, parent] })).find((s) => s.label.startsWith('Morgan'))!.id;
    const { estates: without } = flow(household({ beneficiaries: [avery, morgan, redCross, parent] }), id);
    expect(shares(estate(without, 1))).toEqual([['Avery Rivera', '100.00']]);
    expect(shares(estate(without, 2))).toEqual([['Red Cross', '100.00']]);
  });

  it('a single client: their estate goes to their primary tier, and there is one estate', () => {
    const view = household({ spouse: null, beneficiaries: [heir('Avery', primary('70.00')), heir('Jamie', primary('30.00'))] });
    const result = flow(view, 'death');
    expect(result.estates).toHaveLength(1);
    expect(result.estates[0]!.state).toBe('to-beneficiaries');
    expect(shares(result.estates[0]!)).toEqual([
      ['Avery Rivera', '70.00'],
      ['Jamie Rivera', '30.00'],
    ]);
  });
});

describe('tiers falling through', () => {
  const avery = heir('Avery', primary('100.00'));
  const jamie = heir('Jamie', contingent('50.00'));
  const redCross = charity('Red Cross', contingent('50.00'));
  const dana = heir('Dana', tertiary('100.00', { relationship: 'Parent' }));

  it('a primary tier whose every member predeceased passes to the contingent tier; the tertiary is not reached', () => {
    const view = household({ spouse: null, beneficiaries: [avery, jamie, redCross, dana] });
    const [pat] = flow(view, `predeceased:${avery.hash}`).estates;
    expect(shares(pat!)).toEqual([
      ['Jamie Rivera', '50.00'],
      ['Red Cross', '50.00'],
    ]);
    expect(pat!.tiers.map((t) => [t.tier, t.state])).toEqual([
      ['primary', 'failed'],
      ['contingent', 'takes'],
      ['tertiary', 'not-reached'],
    ]);
    expect(pat!.tiers[0]!.members[0]).toMatchObject({
      state: 'predeceased',
      passesTo: 'Every primary beneficiary predeceased: the estate passes to the next tier',
    });
    expect(pat!.summary).toBe("Pat's estate passes to the contingent beneficiaries (every primary beneficiary predeceased).");
  });

  it('a missing contingent tier falls through to the tertiary one', () => {
    const view = household({ spouse: null, beneficiaries: [avery, dana] });
    const [pat] = flow(view, `predeceased:${avery.hash}`).estates;
    expect(shares(pat!)).toEqual([['Dana Rivera', '100.00']]);
    expect(pat!.tiers.map((t) => t.state)).toEqual(['failed', 'takes']);
  });

  it('with every tier gone, the estate passes as state law provides', () => {
    const view = household({ spouse: null, beneficiaries: [avery] });
    const [pat] = flow(view, `predeceased:${avery.hash}`).estates;
    expect(pat!.receipts).toEqual([
      { kind: 'heirs', hash: null, name: 'Heirs under state law', tier: null, sharePercent: '100.00', via: 'no named beneficiary survives' },
    ]);
    expect(pat!.summary).toBe("No beneficiary Pat named survives: Pat's estate passes as state law provides.");
  });

  it('an entity never predeceases: it keeps the tier when the people on it have died', () => {
    const view = household({ spouse: null, beneficiaries: [heir('Avery', primary('50.00')), charity('Red Cross', primary('50.00')), jamie] });
    const avery = view.beneficiaries[0]!;
    const [pat] = flow(view, `predeceased:${avery.hash}`).estates;
    expect(shares(pat!)).toEqual([['Red Cross', '100.00']]);
  });
});

describe('a predeceased beneficiary without per stirpes', () => {
  it('their share is shared among the surviving members of the tier in proportion to their shares', () => {
    const a = heir('Avery', primary('50.00'));
    const view = household({ spouse: null, beneficiaries: [a, heir('Jamie', primary('30.00')), heir('Noah', primary('20.00'))] });
    const [pat] = flow(view, `predeceased:${a.hash}`).estates;
    expect(shares(pat!)).toEqual([
      ['Jamie Rivera', '60.00'],
      ['Noah Rivera', '40.00'],
    ]);
    expect(pat!.tiers[0]!.members[0]).toMatchObject({
      state: 'predeceased',
      sharePercent: null,
      passesTo: 'Shared among the other primary beneficiaries in proportion to their shares',
    });
  });

  it('rounded to two decimals by the largest remainder, the shares still total exactly 100', () => {
    const a = heir('Avery', primary('25.00'));
    const view = household({
      spouse: null,
      beneficiaries: [a, heir('Jamie', primary('25.00')), heir('Noah', primary('25.00')), heir('Taylor', primary('25.00'))],
    });
    const [pat] = flow(view, `predeceased:${a.hash}`).estates;
    expect(shares(pat!)).toEqual([
      ['Jamie Rivera', '33.34'],
      ['Noah Rivera', '33.33'],
      ['Taylor Rivera', '33.33'],
    ]);
    expect(totalOf(pat!.receipts.map((r) => r.sharePercent))).toBe('100.00');
  });

  it('uneven thirds (33.33 / 33.33 / 33.34) with one gone still total 100', () => {
    const a = heir('Avery', primary('33.33'));
    const view = household({ spouse: null, beneficiaries: [a, heir('Jamie', primary('33.33')), heir('Noah', primary('33.34'))] });
    const [pat] = flow(view, `predeceased:${a.hash}`).estates;
    expect(shares(pat!)).toEqual([
      ['Jamie Rivera', '49.99'],
      ['Noah Rivera', '50.01'],
    ]);
  });

  it('a tier without shares is shared equally; a tier not totalling 100 is read in proportion', () => {
    const equal = household({ spouse: null, beneficiaries: [heir('Avery', primary(null)), heir('Jamie', primary(null)), heir('Noah', primary(null))] });
    expect(shares(flow(equal, 'death').estates[0]!)).toEqual([
      ['Avery Rivera', '33.34'],
      ['Jamie Rivera', '33.33'],
      ['Noah Rivera', '33.33'],
    ]);
    const off = household({ spouse: null, beneficiaries: [heir('Avery', primary('30.00')), heir('Jamie', primary('30.00'))] });
    expect(shares(flow(off, 'death').estates[0]!)).toEqual([
      ['Avery Rivera', '50.00'],
      ['Jamie Rivera', '50.00'],
    ]);
  });
});

describe('a predeceased beneficiary with per stirpes', () => {
  it("their share passes to their descendants named in the intake (an only child's grandchildren)", () => {
    const avery = heir('Avery', primary('50.00', perStirpes));
    const gina = heir('Gina', contingent('100.00', { relationship: 'Grandchild' }));
    const view = household({ spouse: null, beneficiaries: [avery, charity('Red Cross', primary('50.00')), gina] });
    const [pat] = flow(view, `predeceased:${avery.hash}`).estates;
    expect(pat!.receipts).toEqual([
      { kind: 'beneficiary', hash: gina.hash, name: 'Gina Rivera', tier: 'primary', sharePercent: '50.00', via: 'per stirpes, in place of Avery Rivera' },
      expect.objectContaining({ name: 'Red Cross', sharePercent: '50.00', via: null }),
    ]);
    expect(pat!.tiers[0]!.members[0]).toMatchObject({ state: 'predeceased', isPerStirpes: true, passesTo: 'To their descendants: Gina Rivera' });
    // Gina's own place on the contingent tier is not reached: the primary tier took the estate.
    expect(pat!.tiers[1]).toMatchObject({ tier: 'contingent', state: 'not-reached' });
  });

  it('several descendants share it equally, rounded so the estate totals 100', () => {
    const avery = heir('Avery', primary('50.00', perStirpes));
    const grandchildren = ['Gina', 'Hal', 'Ivy'].map((n) => heir(n, contingent('33.33', { relationship: 'Grandchild' })));
    const view = household({ spouse: null, beneficiaries: [avery, charity('Red Cross', primary('50.00')), ...grandchildren] });
    const [pat] = flow(view, `predeceased:${avery.hash}`).estates;
    expect(shares(pat!)).toEqual([
      ['Gina Rivera', '16.67'],
      ['Hal Rivera', '16.67'],
      ['Ivy Rivera', '16.66'],
      ['Red Cross', '50.00'],
    ]);
  });

  it('with no descendant named, the share goes "to their descendants (not named in the intake)"', () => {
    const avery = heir('Avery', primary('50.00', perStirpes));
    const view = household({ spouse: null, beneficiaries: [avery, heir('Jamie', primary('50.00'))] });
    const [pat] = flow(view, `predeceased:${avery.hash}`).estates;
    expect(pat!.receipts).toEqual([
      {
        kind: 'descendants',
        hash: avery.hash,
        name: "Avery Rivera's descendants",
        tier: 'primary',
        sharePercent: '50.00',
        via: 'per stirpes, in place of Avery Rivera (not named in the intake)',
      },
      expect.objectContaining({ name: 'Jamie Rivera', sharePercent: '50.00' }),
    ]);
    expect(pat!.tiers[0]!.members[0]!.passesTo).toBe('To their descendants (not named in the intake)');
  });

  it("with several children, a grandchild is nobody in particular's: the intake does not say whose", () => {
    const avery = heir('Avery', primary('50.00', perStirpes));
    const jamie = heir('Jamie', primary('50.00'));
    const gina = heir('Gina', contingent('100.00', { relationship: 'Grandchild' }));
    const view = household({ spouse: null, beneficiaries: [avery, jamie, gina] });
    const [pat] = flow(view, `predeceased:${avery.hash}`).estates;
    expect(pat!.receipts[0]).toMatchObject({
      kind: 'descendants',
      sharePercent: '50.00',
      via: 'per stirpes, in place of Avery Rivera (the intake does not say who they are)',
    });
    // A child only on the children list counts as a sibling of Avery's too.
    const onlyListed = household({ spouse: null, children: [child({ person: { ...child().person, firstName: 'Noah' } })], beneficiaries: [avery, gina] });
    expect(flow(onlyListed, `predeceased:${avery.hash}`).estates[0]!.receipts[0]!.kind).toBe('descendants');
  });

  it("a beneficiary with no relationship given who is on the children list is a Child; the spouse's grandchild is known too", () => {
    const riley = child({ owner: 'both' });
    const rileyBeneficiary = heir('Riley', primary('100.00', { relationship: null, isPerStirpes: true }), primary('100.00', { relationship: null }), {
      person: riley.person,
    });
    // Gina is listed by Sam only: the household knows her, so Pat's share per stirpes reaches her too.
    const gina = heir('Gina', null, contingent('100.00', { relationship: 'Grandchild' }));
    const view = household({ children: [riley], beneficiaries: [rileyBeneficiary, gina] });
    const [pat, sam] = flow(view, `predeceased:${rileyBeneficiary.hash}`).estates;
    expect(pat!.receipts).toEqual([
      expect.objectContaining({ kind: 'beneficiary', name: 'Gina Rivera', sharePercent: '100.00', via: 'per stirpes, in place of Riley Rivera' }),
    ]);
    // Sam did not choose per stirpes: Riley's tier fails and Gina takes as Sam's contingent beneficiary.
    expect(shares(sam!)).toEqual([['Gina Rivera', '100.00']]);
    expect(sam!.receipts[0]!.via).toBeNull();
    expect(sam!.tiers.map((t) => t.state)).toEqual(['failed', 'takes']);
  });

  it('a descendant the client omitted receives nothing through per stirpes either', () => {
    const avery = heir('Avery', primary('100.00', perStirpes));
    const gina = heir('Gina', omitted('Estranged'), null);
    const view = household({ spouse: null, beneficiaries: [avery, { ...gina, terms1: { ...gina.terms1!, relationship: 'Grandchild' } }] });
    const [pat] = flow(view, `predeceased:${avery.hash}`).estates;
    expect(pat!.receipts.map((r) => r.kind)).toEqual(['descendants']);
    expect(pat!.omitted.map((o) => [o.name, o.relationship, o.reason])).toEqual([['Gina Rivera', 'Grandchild', 'Estranged']]);
  });

  it("a sibling's descendants are their nieces and nephews", () => {
    const morgan = heir('Morgan', primary('100.00', { relationship: 'Sibling', isPerStirpes: true }));
    const nephew = heir('Eli', tertiary('100.00', { relationship: 'Nephew' }));
    const view = household({ spouse: null, beneficiaries: [morgan, nephew] });
    expect(shares(flow(view, `predeceased:${morgan.hash}`).estates[0]!)).toEqual([['Eli Rivera', '100.00']]);
  });

  it('a lapsed share with nobody alive on the tier goes to the per stirpes shares, so the tier does not fail', () => {
    const avery = heir('Avery', primary('50.00', perStirpes));
    // Sam, listed by Pat as a beneficiary, has died too once both clients have.
    const sam = heir('Sam', primary('50.00', { relationship: 'Spouse' }));
    const view = household({ beneficiaries: [avery, sam, heir('Dana', contingent('100.00', { relationship: 'Parent' }))] });
    const pat = estate(flow(view, `predeceased:${avery.hash}`).estates, 1);
    expect(shares(pat)).toEqual([["Avery Rivera's descendants", '100.00']]);
    expect(pat.tiers.map((t) => t.state)).toEqual(['takes', 'not-reached']);
    expect(pat.tiers[0]!.members[1]!.passesTo).toBe('Shared among the per stirpes shares of the primary tier');
  });
});

describe('omitted beneficiaries', () => {
  it('appear as omitted with their reason, per estate, and receive nothing', () => {
    const casey = heir('Casey', omitted('Provided for during life'), primary('50.00'));
    const avery = heir('Avery', primary('100.00'), primary('50.00'));
    const { estates } = flow(household({ beneficiaries: [casey, avery] }), 'second-death');
    expect(estate(estates, 1).omitted).toEqual([{ hash: casey.hash, name: 'Casey Rivera', relationship: 'Child', reason: 'Provided for during life' }]);
    expect(shares(estate(estates, 1))).toEqual([['Avery Rivera', '100.00']]);
    expect(estate(estates, 1).tiers.flatMap((t) => t.members.map((m) => m.name))).not.toContain('Casey Rivera');
    expect(estate(estates, 2).omitted).toEqual([]);
    expect(shares(estate(estates, 2))).toEqual([
      ['Casey Rivera', '50.00'],
      ['Avery Rivera', '50.00'],
    ]);
  });
});

describe('every estate that passes hands out exactly 100.00', () => {
  it('in every scenario of a large household', () => {
    const people = ['Avery', 'Jamie', 'Noah', 'Taylor', 'Gina'].map((n, i) =>
      heir(
        n,
        primary(['14.29', '28.57', '14.28', '42.86', '0.00'][i]!, i % 2 ? perStirpes : {}),
        contingent(['33.33', '33.33', '33.34', null, null][i] ?? null),
      ),
    );
    const view = household({
      client: { isSpouseBeneficiary: false },
      beneficiaries: [...people, charity('Red Cross', tertiary('100.00'), contingent('0.00'))],
    });
    for (const s of scenarios(view)) {
      for (const e of flow(view, s.id).estates) {
        if (e.state !== 'living') expect([s.id, e.ownerNo, totalOf(e.receipts.map((r) => r.sharePercent))]).toEqual([s.id, e.ownerNo, '100.00']);
      }
    }
  });
});

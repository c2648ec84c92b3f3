import { child, flow, guardian, heir, household, person, primary, trustee } from './fixtures';

describe('the trustee who would act', () => {
  const morganPerson = person({ firstName: 'Morgan', lastName: 'Ellis' });
  const avery = heir('Avery', primary('100.00'), primary('100.00'), { person: morganPerson });
  const lee = trustee({ person: person({ firstName: 'Lee', lastName: 'Park' }), owner: 'both', order1: 2, order2: 1 });
  const morgan = trustee({ person: morganPerson, owner: 'both', order1: 1, order2: 2 });
  const view = household({ beneficiaries: [avery], trustees: [lee, morgan] });

  it("the first successor trustee in that client's order once both trustors have died", () => {
    const [pat, sam] = flow(view, 'second-death').estates;
    expect(pat!.trustee).toEqual({
      acting: { hash: morgan.hash, name: 'Morgan Ellis', order: 1, role: 'successor' },
      successor: { hash: morgan.hash, name: 'Morgan Ellis', order: 1 },
      skipped: [],
    });
    expect(sam!.trustee?.acting).toMatchObject({ name: 'Lee Park', order: 1, role: 'successor' });
  });

  it('skips a successor trustee who predeceased (the same person as the predeceased beneficiary)', () => {
    const [pat, sam] = flow(view, `predeceased:${avery.hash}`).estates;
    expect(pat!.trustee).toEqual({
      acting: { hash: lee.hash, name: 'Lee Park', order: 2, role: 'successor' },
      successor: { hash: lee.hash, name: 'Lee Park', order: 2 },
      skipped: [{ hash: morgan.hash, name: 'Morgan Ellis', order: 1 }],
    });
    expect(sam!.trustee?.skipped).toEqual([]);
  });

  it('at a first death the surviving trustor carries on; the successor in line is still given', () => {
    const [pat, sam] = flow(view, 'first-death:1').estates;
    expect(pat!.trustee).toEqual({
      acting: { hash: 'client-sam', name: 'Sam Rivera', order: null, role: 'surviving-trustor' },
      successor: { hash: morgan.hash, name: 'Morgan Ellis', order: 1 },
      skipped: [],
    });
    expect(sam!.trustee).toBeNull();
  });

  it('a single client with no successor trustee named has none acting', () => {
    const [pat] = flow(household({ spouse: null }), 'death').estates;
    expect(pat!.trustee).toEqual({ acting: null, successor: null, skipped: [] });
  });
});

describe('the guardians of minor children', () => {
  const quinn = guardian();
  const blairPerson = person({ firstName: 'Blair', lastName: 'Stone' });
  const riley = child({ owner: 'both', person: person({ firstName: 'Riley', lastName: 'Rivera', dob: '2014-09-02' }), guardian1: quinn });
  const adult = child({ owner: 'both', person: person({ firstName: 'Avery', lastName: 'Rivera', dob: '2001-06-15' }), guardian1: quinn });
  const kit = child({ owner: '1', person: person({ firstName: 'Kit', lastName: 'Rivera', dob: '2016-03-01' }), guardian1: quinn });

  it('only minors are listed; a living parent cares for them', () => {
    const view = household({ children: [riley, adult] });
    expect(flow(view, 'first-death:1').guardians).toEqual([{ child: { hash: riley.hash, name: 'Riley Rivera' }, caredBy: 'parent', names: ['Sam Rivera'] }]);
  });

  it('once no parent lives, the guardians named act', () => {
    const view = household({ children: [riley, adult] });
    expect(flow(view, 'second-death').guardians).toEqual([{ child: { hash: riley.hash, name: 'Riley Rivera' }, caredBy: 'guardian', names: ['Quinn Blake'] }]);
  });

  it("the survivor is not the parent of the other client's child: the guardian acts at that client's death", () => {
    const view = household({ children: [kit] });
    expect(flow(view, 'first-death:1').guardians[0]).toMatchObject({ caredBy: 'guardian', names: ['Quinn Blake'] });
    expect(flow(view, 'first-death:2').guardians[0]).toMatchObject({ caredBy: 'parent', names: ['Pat Rivera'] });
  });

  it('minors are counted on the day passed in', () => {
    const view = household({ spouse: null, children: [riley] });
    expect(flow(view, 'death', '2032-09-01').guardians).toHaveLength(1);
    expect(flow(view, 'death', '2032-09-02').guardians).toEqual([]);
  });

  it('a guardian who predeceased is skipped; with none left, none is named', () => {
    const blair = { ...quinn, ...blairPerson, hash: blairPerson.hash };
    const twoGuardians = { ...riley, guardian1: blair, guardian2: quinn };
    const blairBeneficiary = heir('Blair', primary('100.00'), null, { person: blairPerson });
    const view = household({ spouse: null, children: [twoGuardians, { ...kit, guardian1: blair }], beneficiaries: [blairBeneficiary] });
    expect(flow(view, `predeceased:${blairBeneficiary.hash}`).guardians).toEqual([
      { child: { hash: riley.hash, name: 'Riley Rivera' }, caredBy: 'guardian', names: ['Quinn Blake'] },
      { child: { hash: kit.hash, name: 'Kit Rivera' }, caredBy: 'none-named', names: [] },
    ]);
  });

  it('a minor child who is the predeceased beneficiary is not listed', () => {
    const rileyBeneficiary = heir('Riley', primary('100.00'), null, { person: riley.person });
    const view = household({ spouse: null, children: [riley], beneficiaries: [rileyBeneficiary] });
    expect(flow(view, `predeceased:${rileyBeneficiary.hash}`).guardians).toEqual([]);
  });
});

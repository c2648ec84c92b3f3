import {
  byOwner,
  changeOwner,
  defaultOwner,
  deriveOwner,
  desiredPivots,
  newOwnedValues,
  ownerChoices,
  OwnerError,
  setSameValues,
  syncPivots,
  toOwnedValues,
  type OwnedValues,
  type Owner,
} from '@/lib/intake/owners';

type Share = { tier: string | null; share: string | null };
const EMPTY: Share = { tier: null, share: null };
const couple = { owner1Id: 10, owner2Id: 20 };
const single = { owner1Id: 10, owner2Id: null };
const A: Share = { tier: 'primary', share: '60.00' };
const B: Share = { tier: 'contingent', share: '40.00' };

describe('deriving the owner from the pivot rows', () => {
  it.each([
    [[10], '1'],
    [[20], '2'],
    [[10, 20], 'both'],
    [[20, 10], 'both'],
    [[], null],
    [[99], null],
  ] as const)('pivots for clients %p → %p', (clients, owner) => {
    expect(
      deriveOwner(
        clients.map((clientId) => ({ clientId, values: EMPTY })),
        couple,
      ),
    ).toBe(owner);
  });

  it('a single client owns only what is on their list', () => {
    expect(deriveOwner([{ clientId: 10, values: EMPTY }], single)).toBe('1');
    expect(deriveOwner([{ clientId: 20, values: EMPTY }], single)).toBeNull();
  });

  it('defaults: both with a spouse, otherwise the client; the choices follow', () => {
    expect(defaultOwner(couple)).toBe('both');
    expect(defaultOwner(single)).toBe('1');
    expect(ownerChoices(couple)).toEqual(['1', '2', 'both']);
    expect(ownerChoices(single)).toEqual(['1']);
  });
});

describe('the form view of a stored item', () => {
  it.each([
    ['one owner', [{ clientId: 10, values: A }], { owner: '1', sameValues: true, values1: A, values2: EMPTY }],
    ['the spouse only', [{ clientId: 20, values: B }], { owner: '2', sameValues: true, values1: EMPTY, values2: B }],
    [
      'both, equal values',
      [
        { clientId: 10, values: A },
        { clientId: 20, values: { ...A } },
      ],
      { owner: 'both', sameValues: true, values1: A, values2: A },
    ],
    [
      'both, separate values',
      [
        { clientId: 10, values: A },
        { clientId: 20, values: B },
      ],
      { owner: 'both', sameValues: false, values1: A, values2: B },
    ],
  ])('%s', (_case, pivots, expected) => {
    expect(toOwnedValues(pivots, couple, EMPTY)).toEqual(expected);
  });

  it('treats blank and null alike when comparing values', () => {
    const pivots = [
      { clientId: 10, values: { tier: 'primary', share: '' } },
      { clientId: 20, values: { tier: 'primary', share: null } },
    ];
    expect(toOwnedValues(pivots, couple, EMPTY).sameValues).toBe(true);
  });

  it('a new record starts with the default owner and same values', () => {
    expect(newOwnedValues(couple, EMPTY)).toEqual({ owner: 'both', sameValues: true, values1: EMPTY, values2: EMPTY });
    expect(newOwnedValues(single, EMPTY).owner).toBe('1');
  });
});

describe('changing the owner moves or splits the values', () => {
  const state = (owner: Owner, sameValues: boolean, values1: Share, values2: Share): OwnedValues<Share> => ({ owner, sameValues, values1, values2 });
  it.each([
    ['1 → 2 moves the values to the spouse', state('1', true, A, EMPTY), '2', state('2', true, EMPTY, A)],
    ['2 → 1 moves them to the client', state('2', true, EMPTY, B), '1', state('1', true, B, EMPTY)],
    ['1 → both with same values copies them', state('1', true, A, EMPTY), 'both', state('both', true, A, A)],
    ['2 → both with same values copies them', state('2', true, EMPTY, B), 'both', state('both', true, B, B)],
    ['both (same) → 1 keeps client 1’s values', state('both', true, A, A), '1', state('1', true, A, EMPTY)],
    ['both (separate) → 1 keeps client 1’s values', state('both', false, A, B), '1', state('1', true, A, EMPTY)],
    ['both (separate) → 2 keeps client 2’s values', state('both', false, A, B), '2', state('2', true, EMPTY, B)],
    ['both (same) → 2 gives the spouse the shared values', state('both', true, A, EMPTY), '2', state('2', true, EMPTY, A)],
    ['no change is no change', state('both', false, A, B), 'both', state('both', false, A, B)],
  ] as const)('%s', (_case, from, to, expected) => {
    expect(changeOwner(from, to, EMPTY)).toEqual(expected);
  });

  it('unticking same values starts the spouse from the shared values; ticking copies the client’s', () => {
    const same = { owner: 'both' as const, sameValues: true, values1: A, values2: EMPTY };
    const separate = setSameValues(same, false);
    expect(separate).toEqual({ owner: 'both', sameValues: false, values1: A, values2: A });
    const edited = { ...separate, values2: B };
    expect(setSameValues(edited, true)).toEqual({ owner: 'both', sameValues: true, values1: A, values2: A });
  });

  it('companies fill a missing value of one owner from the other when same values is ticked', () => {
    type Stake = { share: string | null; stock: number | null };
    const fill = (a: Stake, b: Stake): Stake => ({ share: a.share ?? b.share, stock: a.stock ?? b.stock });
    const current = { owner: 'both' as const, sameValues: false, values1: { share: '50.00', stock: null }, values2: { share: '30.00', stock: 1000 } };
    expect(setSameValues(current, true, fill)).toEqual({
      owner: 'both',
      sameValues: true,
      values1: { share: '50.00', stock: 1000 },
      values2: { share: '50.00', stock: 1000 },
    });
  });
});

describe('the pivot rows to write', () => {
  it.each([
    ['owner 1', { owner: '1', sameValues: true, values1: A, values2: B }, [{ clientId: 10, values: A }]],
    ['owner 2', { owner: '2', sameValues: false, values1: EMPTY, values2: B }, [{ clientId: 20, values: B }]],
    [
      'both, same values (the spouse’s are written as the client’s)',
      { owner: 'both', sameValues: true, values1: A, values2: B },
      [
        { clientId: 10, values: A },
        { clientId: 20, values: A },
      ],
    ],
    [
      'both, separate',
      { owner: 'both', sameValues: false, values1: A, values2: B },
      [
        { clientId: 10, values: A },
        { clientId: 20, values: B },
      ],
    ],
  ] as const)('%s', (_case, owned, expected) => {
    expect(desiredPivots(owned as OwnedValues<Share>, couple)).toEqual(expected);
  });

  it('refuses a spouse owner for a single client', () => {
    expect(() => desiredPivots({ owner: 'both', sameValues: true, values1: A, values2: A }, single)).toThrow(OwnerError);
    expect(() => desiredPivots({ owner: '2', sameValues: true, values1: A, values2: A }, single)).toThrow(OwnerError);
  });

  it.each([
    [
      '1 → both adds the spouse’s row',
      [{ clientId: 10, values: A }],
      [
        { clientId: 10, values: A },
        { clientId: 20, values: A },
      ],
      { insert: [{ clientId: 20, values: A }], update: [], remove: [] },
    ],
    [
      'both → 1 unlinks the spouse',
      [
        { clientId: 10, values: A },
        { clientId: 20, values: B },
      ],
      [{ clientId: 10, values: A }],
      { insert: [], update: [], remove: [20] },
    ],
    ['1 → 2 swaps the rows', [{ clientId: 10, values: A }], [{ clientId: 20, values: A }], { insert: [{ clientId: 20, values: A }], update: [], remove: [10] }],
    [
      'same owners, changed values update only what changed',
      [
        { clientId: 10, values: A },
        { clientId: 20, values: A },
      ],
      [
        { clientId: 10, values: A },
        { clientId: 20, values: B },
      ],
      { insert: [], update: [{ clientId: 20, values: B }], remove: [] },
    ],
    ['nothing changed, nothing written', [{ clientId: 10, values: A }], [{ clientId: 10, values: { ...A } }], { insert: [], update: [], remove: [] }],
  ])('%s', (_case, stored, desired, expected) => {
    expect(syncPivots(stored, desired)).toEqual(expected);
  });
});

describe('the spec’s 1/2/Both lists', () => {
  it('puts every item in exactly one list by its owner', () => {
    const items = [
      { name: 'a', owner: '1' as const },
      { name: 'b', owner: 'both' as const },
      { name: 'c', owner: '2' as const },
      { name: 'd', owner: null },
    ];
    const lists = byOwner(items, (i) => i.owner);
    expect({ one: lists['1'].map((i) => i.name), two: lists['2'].map((i) => i.name), both: lists.both.map((i) => i.name) }).toEqual({
      one: ['a'],
      two: ['c'],
      both: ['b'],
    });
  });
});

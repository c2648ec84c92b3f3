import {
  beneficiaryFitsGift,
  fillCompanyTerms,
  giftChoices,
  giftIsValid,
  giftTypeOf,
  noteShouldSave,
  primaryChoiceOf,
  primaryConflicts,
  primaryFlags,
  propertyFitsGift,
  purchaseYears,
  refreshGiftSelection,
  stockSharesFor,
} from '@/lib/intake/asset-rules';
import type { Owner } from '@/lib/intake/owners';
import type { BeneficiaryView, GiftView, PropertyView } from '@/lib/intake/types';

const property = (hash: string, owner: Owner, isPrimary1 = false, isPrimary2 = false): PropertyView => ({
  hash,
  version: 1,
  owner,
  address: { hash: `addr-${hash}`, street: '1 Main', unit: '', city: 'Austin', state: 'TX', zip: '78701', value: '1.00' },
  purchaseMonth: null,
  purchaseYear: null,
  isPrimary1,
  isPrimary2,
});
const beneficiary = (hash: string, owner: Owner) => ({ hash, owner }) as BeneficiaryView;

describe('gift choices follow the owner', () => {
  it.each<[Owner, Owner, boolean]>([
    ['1', '1', true],
    ['2', '1', false],
    ['both', '1', true],
    ['1', 'both', true],
    ['2', '2', true],
  ])('a beneficiary of %s fits a gift of %s: %s', (b, g, fits) => expect(beneficiaryFitsGift(b, g)).toBe(fits));

  it.each<[Owner, Owner, boolean]>([
    ['1', '1', true],
    ['2', '1', false],
    ['both', '1', true],
    ['1', 'both', false],
    ['both', 'both', true],
  ])('a property of %s fits a gift of %s: %s', (p, g, fits) => expect(propertyFitsGift(p, g)).toBe(fits));

  const view = {
    beneficiaries: [beneficiary('b1', '1'), beneficiary('b2', '2'), beneficiary('bb', 'both')],
    properties: [property('p1', '1'), property('pb', 'both')],
  };

  it('offers what the owner may give, and an owner change clears what is no longer offered', () => {
    expect(giftChoices('2', view).beneficiaries.map((b) => b.hash)).toEqual(['b2', 'bb']);
    expect(giftChoices('2', view).properties.map((p) => p.hash)).toEqual(['pb']);
    const selection = { giftType: 'property' as const, beneficiaryHash: 'b1', addressHash: 'addr-p1' };
    expect(refreshGiftSelection(selection, giftChoices('1', view))).toEqual(selection);
    expect(refreshGiftSelection(selection, giftChoices('2', view))).toEqual({ giftType: 'property', beneficiaryHash: '', addressHash: '' });
    // Real Estate with no property left resets the type.
    expect(refreshGiftSelection(selection, giftChoices('2', { ...view, properties: [property('p1', '1')] }))).toEqual({
      giftType: '',
      beneficiaryHash: '',
      addressHash: '',
    });
  });

  it("derives an edited gift's type from what it sets", () => {
    expect(giftTypeOf({ addressHash: 'a', cashAmount: null, specificItem: null })).toBe('property');
    expect(giftTypeOf({ addressHash: null, cashAmount: '0.00', specificItem: null })).toBe('cash');
    expect(giftTypeOf({ addressHash: null, cashAmount: null, specificItem: 'Piano' })).toBe('item');
    expect(giftTypeOf({ addressHash: null, cashAmount: null, specificItem: null })).toBe('');
  });

  it('flags a stored gift whose beneficiary or property no longer fits its owner', () => {
    const gift = {
      hash: 'g',
      version: 1,
      owner: '1',
      giftType: 'property',
      beneficiaryHash: 'b1',
      addressHash: 'addr-p1',
      cashAmount: null,
      specificItem: null,
      predeceaseDistribution: null,
    } as GiftView;
    expect(giftIsValid(gift, view)).toBe(true);
    expect(giftIsValid({ ...gift, owner: '2' }, view)).toBe(false);
    expect(giftIsValid({ ...gift, beneficiaryHash: 'gone' }, view)).toBe(false);
  });
});

describe('one primary residence per owner', () => {
  it.each<[Parameters<typeof primaryFlags>[0], Owner, boolean, boolean]>([
    ['no', 'both', false, false],
    ['1', 'both', true, false],
    ['2', 'both', false, true],
    ['both', 'both', true, true],
    ['both', '1', true, false],
    ['both', '2', false, true],
    ['1', '2', false, false],
  ])('choice %s for owner %s → %s / %s', (choice, owner, p1, p2) => expect(primaryFlags(choice, owner)).toEqual({ isPrimary1: p1, isPrimary2: p2 }));

  it('round-trips the stored flags to the choice', () => {
    expect(primaryChoiceOf({ isPrimary1: true, isPrimary2: true })).toBe('both');
    expect(primaryChoiceOf({ isPrimary1: false, isPrimary2: true })).toBe('2');
    expect(primaryChoiceOf({ isPrimary1: false, isPrimary2: false })).toBe('no');
  });

  it("finds the other property that is already that owner's primary residence (the confirmation)", () => {
    const list = [property('home', 'both', true, false), property('cabin', '2', false, true), property('new', 'both')];
    expect(primaryConflicts(list, 'new', { isPrimary1: true, isPrimary2: false }).map((p) => p.hash)).toEqual(['home']);
    expect(primaryConflicts(list, 'new', { isPrimary1: true, isPrimary2: true }).map((p) => p.hash)).toEqual(['home', 'cabin']);
    expect(primaryConflicts(list, 'home', { isPrimary1: true, isPrimary2: false })).toEqual([]);
    expect(primaryConflicts(list, null, { isPrimary1: false, isPrimary2: false })).toEqual([]);
  });
});

describe('purchase years', () => {
  it('run from the current year down to 1900', () => {
    const years = purchaseYears(new Date('2026-11-23T12:00:00Z'));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1900);
    expect(years).toHaveLength(127);
  });
});

describe('companies', () => {
  it.each([
    ['corporation', 500, 500],
    ['corporation', null, null],
    ['partnership', 500, null],
    ['limited liability company', 10, null],
    ['sole proprietorship', 1, null],
    ['', 7, null],
  ] as const)('%s with %s shares sends %s', (type, shares, expected) => expect(stockSharesFor(type, shares)).toBe(expected));

  it('same values fills a missing share or stock count from the other owner', () => {
    expect(fillCompanyTerms({ sharePercent: null, stockShares: 10 }, { sharePercent: '40.00', stockShares: 20 })).toEqual({
      sharePercent: '40.00',
      stockShares: 10,
    });
  });
});

describe('the note is saved on blur', () => {
  it.each([
    ['', '', false],
    ['hello', '', true],
    ['', 'stored', true],
    ['same', 'same', false],
    ['   ', '', false],
    ['new', 'old', true],
  ])('entered %j, stored %j → %s', (entered, stored, saves) => expect(noteShouldSave(entered, stored)).toBe(saves));
});

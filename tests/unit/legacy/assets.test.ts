import {
  legacyPrimaryFlags,
  legacyUpsertAccountSchema,
  legacyUpsertCompanySchema,
  legacyUpsertGiftSchema,
  legacyUpsertPropertySchema,
} from '@/lib/legacy/asset-payloads';
import { accountNumber, purchaseYear, stockShares } from '@/lib/validation/fields';

describe('legacy is_primary', () => {
  it.each<[string, unknown, boolean, boolean]>([
    ['1', true, true, false],
    ['1', '1', true, false],
    ['1', 0, false, false],
    ['2', 1, false, true],
    ['2', 'yes', false, true],
    ['both', 'both', true, true],
    ['both', true, true, true],
    ['both', 1, true, false],
    ['both', '2', false, true],
    ['both', 'no', false, false],
    ['both', null, false, false],
  ])('owner %s, is_primary %j → %s / %s', (owner, value, p1, p2) => expect(legacyPrimaryFlags(owner, value)).toEqual({ is_primary1: p1, is_primary2: p2 }));
});

describe('legacy asset payloads', () => {
  it('property: the spec fields, numbers as sent', () => {
    const parsed = legacyUpsertPropertySchema.parse({
      hash_id: 'abc',
      hash_id_property: '',
      owner: 'Both',
      is_primary: 2,
      street: '1 Main',
      unit: null,
      city: 'Austin',
      state: 'TX',
      zip: 78701,
      value: '$1,000',
      purchase_month: '',
      purchase_year: 2001,
    });
    expect(parsed).toMatchObject({
      client_hash: 'abc',
      hash: undefined,
      owner: 'both',
      is_primary1: false,
      is_primary2: true,
      zip: '78701',
      value: '1000.00',
      purchase_month: null,
      purchase_year: 2001,
    });
  });

  it('company: same values unless a spouse value is sent; type in any case', () => {
    const same = legacyUpsertCompanySchema.parse({
      hash_id: 'abc',
      owner: 'both',
      name: 'Acme',
      type: 'Corporation',
      share_percent1: '50',
      stock_shares1: '10',
    });
    expect(same).toMatchObject({ same_values: true, type: 'corporation', values1: { share_percent: '50.00', stock_shares: 10 } });
    const separate = legacyUpsertCompanySchema.parse({
      hash_id: 'abc',
      owner: 'both',
      name: 'Acme',
      type: 'corporation',
      share_percent1: '50',
      share_percent2: '25',
    });
    expect(separate).toMatchObject({ same_values: false, values2: { share_percent: '25.00' } });
  });

  it('gift: the type by key or by label', () => {
    expect(
      legacyUpsertGiftSchema.parse({
        hash_id: 'abc',
        owner: '1',
        gift_type: 'Specific Item',
        hash_id_bene: 'b',
        specific_item: 'Piano',
        predecease_distribution: 'Lapse',
      }),
    ).toMatchObject({
      gift_type: 'item',
      beneficiary_hash: 'b',
      predecease_distribution: 'lapse',
    });
  });

  it('account: the path decides the kind; annuities drop the type', () => {
    expect(legacyUpsertAccountSchema('annuity').parse({ hash_id: 'abc', owner: '1', company: 'MetLife', type: 'x', number: ' A-1 ', value: '' })).toMatchObject(
      { kind: 'annuity', type: '', number: 'A-1', value: null },
    );
    expect(legacyUpsertAccountSchema('bank').safeParse({ hash_id: 'abc', owner: '1', company: 'Chase' }).success).toBe(false);
  });
});

describe('asset field rules', () => {
  it('stock shares: digits (separators as typed), no fractions or signs', () => {
    const rule = stockShares({ optional: true });
    expect(rule.parse('1,000')).toBe(1000);
    expect(rule.parse(25)).toBe(25);
    expect(rule.parse('')).toBeNull();
    for (const bad of ['1.5', '-3', 'ten', 1.5, '99999999999999999']) expect(rule.safeParse(bad).success).toBe(false);
  });

  it('purchase year: 1900 to the current year', () => {
    const rule = purchaseYear({ optional: true });
    expect(rule.parse(String(new Date().getFullYear()))).toBe(new Date().getFullYear());
    expect(rule.safeParse('1899').success).toBe(false);
    expect(rule.safeParse(String(new Date().getFullYear() + 1)).success).toBe(false);
  });

  it('account number: every character kept, trimmed, at most 64', () => {
    const rule = accountNumber({ optional: true });
    expect(rule.parse('  AB-12 34/5  ')).toBe('AB-12 34/5');
    expect(rule.safeParse('---').success).toBe(false);
    expect(rule.safeParse('x'.repeat(65)).success).toBe(false);
  });
});

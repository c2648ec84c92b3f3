import { probateAssetsOf, probateExposure, type ProbateAsset } from '@/lib/estate-flow';
import { dollarsText } from '@/lib/estate-flow/probate';
import { roundToHundred, splitInProportion } from '@/lib/estate-flow/shares';
import { toBig } from '@/lib/money';
import { account, company, household, property } from '../../components/intake/fake-household';

const asset = (owner: ProbateAsset['owner'], value: string | null, inTrust = false): ProbateAsset => ({ label: 'an asset', owner, value, inTrust });

describe('probate exposure', () => {
  it('sums the stated values outside the trust per owner, exactly', () => {
    const exposure = probateExposure([
      asset('1', '350000.00'),
      asset('2', '0.10'),
      asset('2', '0.20'),
      asset('both', '61999.70'),
      asset('1', '900000.00', true),
    ]);
    expect(exposure.byOwner).toEqual({ '1': '350000.00', '2': '0.30', both: '61999.70' });
    expect(exposure.total).toBe('412000.00');
    expect(exposure.outside).toHaveLength(4);
    expect(exposure.sentence).toBe('$412,000 would go through probate today.');
  });

  it('says cents when there are some, and counts assets without a stated value', () => {
    expect(probateExposure([asset('1', '1234.50'), asset('1', null), asset('2', '')]).sentence).toBe(
      '$1,234.50 (and 2 assets without a stated value) would go through probate today.',
    );
    expect(probateExposure([asset('1', null)]).sentence).toBe('1 asset without a stated value would go through probate today.');
  });

  it('nothing outside the trust: nothing goes through probate', () => {
    const exposure = probateExposure([asset('1', '500000.00', true)]);
    expect(exposure).toMatchObject({ total: '0.00', byOwner: { '1': '0.00', '2': '0.00', both: '0.00' }, outside: [], unvalued: 0 });
    expect(exposure.sentence).toBe('Nothing would go through probate today.');
    expect(probateExposure([]).sentence).toBe('Nothing would go through probate today.');
  });

  it('whole dollars without cents, as the prices are written', () => {
    expect(dollarsText('412000.00')).toBe('$412,000');
    expect(dollarsText('0.50')).toBe('$0.50');
  });

  it("reads the intake's assets the trust can hold, leaving out retirement accounts and annuities", () => {
    const house = property({ owner: 'both' });
    const shop = company({ owner: '1' });
    const bank = account('bank', { owner: '2', company: 'Chase', numberLast4: '1234', value: '12000.00' });
    const view = household({
      properties: [house],
      companies: [shop],
      bankAccounts: [bank],
      brokerageAccounts: [account('brokerage', { value: '30000.00' })],
      retirementAccounts: [account('retirement', { value: '99999.00' })],
      annuityAccounts: [account('annuity', { value: '88888.00' })],
    });
    const assets = probateAssetsOf(view, (a) => a.kind === 'brokerage');
    expect(assets.map((a) => [a.label, a.owner, a.value, a.inTrust])).toEqual([
      ['12 Oak Lane, San Jose', 'both', '850000.00', false],
      ['Rivera Design Inc', '1', null, false],
      ['Chase ••••1234', '2', '12000.00', false],
      ['Vanguard ••••7788', '1', '30000.00', true],
    ]);
    expect(probateExposure(assets).sentence).toBe('$862,000 (and 1 asset without a stated value) would go through probate today.');
  });
});

describe('share arithmetic', () => {
  const big = (values: string[]) => values.map((v) => toBig(v));

  it.each([
    // The hundredth left over goes to the largest remainder ...
    [
      ['33.333333', '33.333333', '33.333334'],
      ['33.33', '33.33', '33.34'],
    ],
    [
      ['16.666666', '16.666666', '16.666668', '50'],
      ['16.67', '16.66', '16.67', '50.00'],
    ],
    [['100'], ['100.00']],
    // ... and on a tie to the earlier in the list.
    [
      ['99.995', '0.005'],
      ['100.00', '0.00'],
    ],
    [
      ['12.5', '12.5', '75'],
      ['12.50', '12.50', '75.00'],
    ],
  ])('rounds %j to two decimals totalling 100: %j', (exact, rounded) => {
    expect(roundToHundred(big(exact))).toEqual(rounded);
  });

  it('rounds exact thirds (big.js at 20 decimals) to 100', () => {
    const thirds = splitInProportion(toBig(100), big(['1', '1', '1']));
    expect(roundToHundred(thirds)).toEqual(['33.34', '33.33', '33.33']);
  });

  it('splits in proportion, or equally when no weight is given', () => {
    expect(splitInProportion(toBig(50), big(['30', '20'])).map((b) => b.toFixed(2))).toEqual(['30.00', '20.00']);
    expect(splitInProportion(toBig(50), big(['0', '0'])).map((b) => b.toFixed(2))).toEqual(['25.00', '25.00']);
    expect(splitInProportion(toBig(50), [])).toEqual([]);
  });
});

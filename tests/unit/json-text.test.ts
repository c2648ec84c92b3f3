import { fromJsonText, toJsonText } from '@/lib/json-text';

describe('JSON text of a plain-data view', () => {
  it('gives back an equal value: nested objects, arrays, nulls, decimal strings, markup-like text', () => {
    const view = {
      client: { hash: 'z1KU5X0acnVT7eICQEHe3g', version: 3, person: { firstName: 'Pat', dob: '1970-01-01', ssnLast4: '1234' } },
      spouse: null,
      beneficiaries: [{ terms1: { sharePercent: '33.33', isPerStirpes: true }, terms2: null }],
      note: { body: '</script><script>alert(1)</script> & "quoted"\u2028' },
    };
    const text = toJsonText(view);
    expect(typeof text).toBe('string');
    expect(fromJsonText(text)).toEqual(view);
  });

  it('drops undefined properties, as JSON does (plain data only)', () => {
    expect(fromJsonText(toJsonText({ a: 1, b: undefined as number | undefined }))).toEqual({ a: 1 });
  });
});

import {
  deleteAgentSchema,
  deleteChildSchema,
  legacyShapes,
  ownedValueKeys,
  setSpouseChoiceSchema,
  updatePersonalInfoSchema,
  upsertAgentSchema,
  upsertBeneficiarySchema,
  upsertChildSchema,
  upsertTrusteeSchema,
} from '@/lib/validation/intake';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const base = { client_hash: 'HhHhHhHhHhHhHhHhHhHhHh', first_name: 'Ann', last_name: 'Doe' };

describe('record versions', () => {
  it('an update (a hash) needs the version it read; a new record none', () => {
    expect(errorsOf(upsertChildSchema.safeParse({ ...base, hash: 'abc', owner: '1', dob: '01/01/2015' }))).toEqual({
      version: 'The record version is missing. Reload the page and try again.',
    });
    expect(upsertChildSchema.safeParse({ ...base, hash: '', owner: '1', dob: '01/01/2015' }).success).toBe(true);
    expect(upsertChildSchema.parse({ ...base, hash: 'abc', version: '3', owner: '1', dob: '2015-01-01' })).toMatchObject({
      hash: 'abc',
      version: 3,
      dob: '2015-01-01',
    });
    expect(deleteChildSchema.safeParse({ client_hash: 'x', hash: 'abc' }).success).toBe(false);
    expect(updatePersonalInfoSchema.safeParse({ ...base }).success).toBe(false);
    expect(setSpouseChoiceSchema.safeParse({ client_hash: 'x', version: 1 }).success).toBe(false);
  });

  it('the legacy shapes take a save without a version (it applies to the current one)', () => {
    expect(legacyShapes.child.safeParse({ ...base, hash: 'abc', owner: '1', dob: '01/01/2015' }).success).toBe(true);
    expect(legacyShapes.delete.safeParse({ client_hash: 'x', hash: 'abc' }).success).toBe(true);
  });

  it('refuses hashes that are not hashes', () => {
    expect(errorsOf(upsertChildSchema.safeParse({ ...base, client_hash: 'a b', owner: '1', dob: '01/01/2015', existing_person_hash: '../x' }))).toMatchObject({
      client_hash: 'Client is not a valid reference.',
      existing_person_hash: 'Existing person is not a valid reference.',
    });
  });
});

describe('owned values', () => {
  it.each([
    ['1', true, ['values1']],
    ['2', true, ['values2']],
    ['both', true, ['values1']],
    ['both', false, ['values1', 'values2']],
  ] as const)('owner %s, same values %p: %p are required', (owner, same, keys) => {
    expect(ownedValueKeys(owner, same)).toEqual(keys);
  });

  it("beneficiaries: an owning client's tier, percentage and relationship are required; the other's are not", () => {
    const result = upsertBeneficiarySchema.safeParse({ ...base, type: 'person', owner: 'both', same_values: false, values1: { tier: 'primary' }, values2: {} });
    expect(errorsOf(result)).toEqual({
      'values1.share_percent': 'Percentage is required.',
      'values1.relationship': 'Relationship is required.',
      'values2.tier': 'Tier is required.',
      'values2.relationship': 'Relationship is required.',
    });
    expect(
      upsertBeneficiarySchema.safeParse({
        ...base,
        type: 'person',
        owner: '1',
        values1: { tier: 'omitted', relationship: 'Other text' },
        values2: { tier: 'bogus' },
      }).success,
    ).toBe(false);
    expect(upsertBeneficiarySchema.parse({ ...base, type: 'person', owner: '1', values1: { tier: 'omitted', relationship: 'Cousin' } }).values1).toMatchObject({
      tier: 'omitted',
      share_percent: null,
    });
  });

  it('beneficiaries: a person needs a name, an entity a name and an identifier kind; a trust needs no relationship', () => {
    expect(
      errorsOf(
        upsertBeneficiarySchema.safeParse({
          client_hash: 'x',
          type: 'person',
          owner: '1',
          values1: { tier: 'primary', share_percent: '10', relationship: 'Child' },
        }),
      ),
    ).toEqual({
      first_name: 'First name is required.',
      last_name: 'Last name is required.',
    });
    expect(
      errorsOf(
        upsertBeneficiarySchema.safeParse({
          client_hash: 'x',
          type: 'entity',
          identifier: '12-3456789',
          owner: '1',
          values1: { tier: 'primary', share_percent: '10', relationship: 'Friend' },
        }),
      ),
    ).toEqual({
      name: 'Name is required.',
      identifier_kind: 'Please choose what kind of number the identifier is.',
    });
    expect(
      upsertBeneficiarySchema.safeParse({
        client_hash: 'x',
        type: 'entity',
        name: 'T',
        is_trust: true,
        owner: '1',
        values1: { tier: 'primary', share_percent: '100' },
      }).success,
    ).toBe(true);
    expect(
      errorsOf(
        upsertBeneficiarySchema.safeParse({ ...base, type: 'person', owner: '1', values1: { tier: 'primary', share_percent: '100.5', relationship: 'Other' } }),
      ),
    ).toEqual({
      'values1.share_percent': 'Please enter a percentage from 0 to 100 with at most 2 decimals.',
      'values1.relationship': 'Please enter the relationship.',
    });
  });

  it('trustees and agents: a serve order 1-99 for each owning client', () => {
    expect(errorsOf(upsertTrusteeSchema.safeParse({ ...base, owner: 'both', same_values: false, values1: { order: 1 } }))).toEqual({
      'values2.order': 'Serve order is required.',
    });
    expect(errorsOf(upsertTrusteeSchema.safeParse({ ...base, owner: '1', values1: { order: '0' } }))).toEqual({
      'values1.order': 'Serve order must be a number from 1 to 99.',
    });
    expect(upsertAgentSchema.parse({ ...base, type: 'general', owner: '2', values2: { order: '12' } }).values2).toEqual({
      order: 12,
      is_collective: undefined,
      is_independent: undefined,
    });
    expect(deleteAgentSchema.safeParse({ client_hash: 'x', hash: 'y', version: 1, type: 'durable' }).success).toBe(false);
  });
});

describe('children', () => {
  it('requires the name and date of birth; the second guardian needs a first', () => {
    expect(errorsOf(upsertChildSchema.safeParse({ client_hash: 'x', owner: '1', guardian2: { first_name: 'G', last_name: 'H' } }))).toEqual({
      first_name: 'First name is required.',
      last_name: 'Last name is required.',
      dob: 'Date of birth is required.',
      'guardian1.first_name': 'Please enter the first guardian.',
    });
  });
});

describe('personal info', () => {
  it('keeps the SSN with "", takes 9 digits, and ignores an email', () => {
    const parsed = updatePersonalInfoSchema.parse({ ...base, version: 1, ssn: '', email: 'x@y.z', residence_state: 'tx', is_us_citizen: null });
    expect(parsed).toMatchObject({ ssn: '', residence_state: 'TX', is_us_citizen: null, gender: '' });
    expect('email' in parsed).toBe(false);
    expect(updatePersonalInfoSchema.parse({ ...base, version: 1, ssn: '123-45-6789' }).ssn).toBe('123456789');
    expect(updatePersonalInfoSchema.safeParse({ ...base, version: 1, ssn: '123-45' }).success).toBe(false);
  });

  it('parses its own output again (forms send parsed values)', () => {
    const once = updatePersonalInfoSchema.parse({ ...base, version: 1, phone: '(555) 123-4567', dob: '02/03/1970', gender: 'male' });
    expect(updatePersonalInfoSchema.parse(once)).toEqual(once);
    const child = upsertChildSchema.parse({ ...base, owner: 'both', dob: '02/03/2015', guardian1: { first_name: 'G', last_name: 'H', phone: '555 123 4567' } });
    expect(upsertChildSchema.parse(child)).toEqual(child);
    const beneficiary = upsertBeneficiarySchema.parse({
      ...base,
      type: 'person',
      owner: 'both',
      values1: { tier: 'primary', share_percent: '33.3', relationship: 'Child' },
    });
    expect(upsertBeneficiarySchema.parse(beneficiary)).toEqual(beneficiary);
  });
});

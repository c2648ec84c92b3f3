import {
  hashPasswordToken,
  isPasswordTokenShape,
  isPasswordTokenUsable,
  newPasswordToken,
  newTemporaryPassword,
  PASSWORD_TOKEN_TTL_MS,
  passwordTokenExpiry,
  TEMPORARY_PASSWORD_LENGTH,
} from '@/lib/auth/password-rules';
import { brakeDelayMs, FORGOT_ADDRESS_BRAKE, FORGOT_EMAIL_BRAKE, waitLeftMs } from '@/lib/auth/sign-in-brake';
import { createAdvisorSchema, MISSING_ADVISOR, setPasswordSchema, updateUserSchema } from '@/lib/validation/admin';

describe('password links', () => {
  it('a set link lasts 72 hours, a reset link 1 hour', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(passwordTokenExpiry('set', now).toISOString()).toBe('2026-11-29T12:00:00.000Z');
    expect(passwordTokenExpiry('reset', now).toISOString()).toBe('2026-11-26T13:00:00.000Z');
    expect(PASSWORD_TOKEN_TTL_MS).toEqual({ set: 259_200_000, reset: 3_600_000 });
  });

  it.each([
    ['unused, before its end', null, '2026-11-26T13:00:00Z', true],
    ['unused, at its end', null, '2026-11-26T12:00:00Z', false],
    ['unused, past its end', null, '2026-11-26T11:59:59Z', false],
    ['used once already', '2026-11-26T11:00:00Z', '2026-11-26T13:00:00Z', false],
  ])('%s', (_case, usedAt, expiresAt, usable) => {
    const row = { usedAt: usedAt ? new Date(usedAt) : null, expiresAt: new Date(expiresAt) };
    expect(isPasswordTokenUsable(row, new Date('2026-11-26T12:00:00Z'))).toBe(usable);
  });

  it('tokens are random and only their SHA-256 is stored', () => {
    const a = newPasswordToken();
    const b = newPasswordToken();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashPasswordToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashPasswordToken(a)).toBe(hashPasswordToken(a));
    expect(hashPasswordToken(a)).not.toContain(a);
    expect(isPasswordTokenShape(a)).toBe(true);
    expect(isPasswordTokenShape('short')).toBe(false);
    expect(isPasswordTokenShape(`${a}\u0000`)).toBe(false);
    expect(isPasswordTokenShape(42)).toBe(false);
  });

  it('temporary passwords are random, 16 unambiguous characters', () => {
    const seen = new Set(Array.from({ length: 200 }, () => newTemporaryPassword()));
    expect(seen.size).toBe(200);
    for (const password of seen) {
      expect(password).toHaveLength(TEMPORARY_PASSWORD_LENGTH);
      expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]+$/);
    }
  });
});

describe('forgot password brakes', () => {
  it.each([
    [0, 0],
    [2, 0],
    [3, 60_000],
    [4, 120_000],
    [6, 480_000],
    [10, 900_000],
  ])('per address asked about: after %i requests wait %i ms', (requests, wait) => {
    expect(brakeDelayMs(requests, FORGOT_EMAIL_BRAKE)).toBe(wait);
  });

  it('per client address: 10 free in 15 minutes, then from a second up to a minute', () => {
    expect(brakeDelayMs(9, FORGOT_ADDRESS_BRAKE)).toBe(0);
    expect(brakeDelayMs(10, FORGOT_ADDRESS_BRAKE)).toBe(1000);
    expect(brakeDelayMs(30, FORGOT_ADDRESS_BRAKE)).toBe(60_000);
    const last = new Date('2026-11-26T12:00:00Z');
    expect(waitLeftMs(3, last, FORGOT_EMAIL_BRAKE, new Date('2026-11-26T12:00:30Z'))).toBe(30_000);
    expect(waitLeftMs(3, last, FORGOT_EMAIL_BRAKE, new Date('2026-11-26T12:01:00Z'))).toBe(0);
  });
});

describe('admin inputs', () => {
  const advisor = { first_name: 'Nora', last_name: 'Newman', suffix: '', email: ' Nora@Example.COM ', firm_name: 'Newman Wealth' };

  it('reads the legacy payload: 1/0 flags, null blanks, one or many staff advisors', () => {
    const parsed = createAdvisorSchema.parse({ ...advisor, middle_name: null, phone: '(503) 555-0123', is_firm_supervisor: '1', is_waiving_fee: 0 });
    expect(parsed).toMatchObject({ account_type: 'advisor', email: 'nora@example.com', phone: '5035550123', is_firm_supervisor: true, is_waiving_fee: false });
    expect(createAdvisorSchema.parse({ ...advisor, account_type: 'staff', staff_advisors: 'adv1' }).staff_advisors).toEqual(['adv1']);
  });

  it("a staff user needs an advisor ('Missing Advisor'), an advisor a firm", () => {
    const staff = createAdvisorSchema.safeParse({ ...advisor, account_type: 'staff', staff_advisors: [] });
    expect(staff.error?.issues.map((i) => i.message)).toEqual([MISSING_ADVISOR]);
    const noFirm = createAdvisorSchema.safeParse({ ...advisor, firm_name: '' });
    expect(noFirm.error?.issues.map((i) => i.path.join('.'))).toEqual(['firm_name']);
  });

  it('set password needs matching passwords of at least 8 characters', () => {
    const token = 'a'.repeat(43);
    expect(setPasswordSchema.safeParse({ token, password: 'Long-enough-1', password_confirmation: 'Long-enough-1' }).success).toBe(true);
    expect(setPasswordSchema.safeParse({ token, password: 'Long-enough-1', password_confirmation: 'Other' }).error?.issues[0].message).toBe(
      'Passwords do not match',
    );
    expect(setPasswordSchema.safeParse({ token, password: 'short', password_confirmation: 'short' }).success).toBe(false);
  });

  it('user updates read the same flags', () => {
    expect(updateUserSchema.parse({ user_id: 'u1', email: 'a@b.co', is_firm_supervisor: 'true', is_waiving_fee: 'on' })).toMatchObject({
      is_firm_supervisor: true,
      is_waiving_fee: true,
      staff_advisors: [],
      phone: '',
    });
  });
});

import { ACCOUNT_SLOWED, ADDRESS_SLOWED, INVALID_CREDENTIALS } from '@/lib/auth/sign-in-brake';
import { LOGIN_ERRORS, LOGIN_EXPIRED, loginErrorCodeFor, loginErrorMessage } from '@/lib/auth/login-errors';
import { AppError } from '@/lib/kernel/errors';

describe('login page errors', () => {
  it.each([
    [new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS), 'credentials'],
    [new AppError('RATE_LIMITED', ACCOUNT_SLOWED), 'locked'],
    [new AppError('RATE_LIMITED', ADDRESS_SLOWED), 'network-locked'],
    [new AppError('BAD_REQUEST', LOGIN_EXPIRED), 'expired'],
    [new AppError('VALIDATION', 'Email is too long.'), 'credentials'],
    [new Error('database down'), 'unknown'],
  ])('codes %p as %s', (error, code) => {
    expect(loginErrorCodeFor(error)).toBe(code);
  });

  it('shows the fixed text of a known code', () => {
    for (const [code, text] of Object.entries(LOGIN_ERRORS)) expect(loginErrorMessage(code)).toBe(text);
    expect(loginErrorMessage('CredentialsSignin')).toBe(INVALID_CREDENTIALS);
  });

  it.each([['<script>alert(1)</script>'], ['Your account is suspended, call 555-0100'], ['toString'], ['__proto__'], [undefined], [['credentials']]])(
    'never shows text from the address: %p',
    (code) => {
      expect(loginErrorMessage(code)).toBeNull();
    },
  );
});

import { issueLoginToken, verifyLoginToken } from '@/lib/auth/login-token';

beforeAll(() => {
  process.env.NEXTAUTH_SECRET = 'unit-test-secret';
  process.env.APP_ENCRYPTION_KEY = `k1:${Buffer.alloc(32, 1).toString('base64')}`;
});

describe('login form token', () => {
  it('accepts a fresh token it issued', () => {
    expect(verifyLoginToken(issueLoginToken())).toBe(true);
  });

  it('rejects an expired token', () => {
    const twoHoursAgo = Date.now() - 2 * 60 * 60 * 1000 - 1;
    expect(verifyLoginToken(issueLoginToken(twoHoursAgo))).toBe(false);
  });

  it.each([undefined, '', 'a.b', 'a.b.c', 42])('rejects %p', (token) => {
    expect(verifyLoginToken(token)).toBe(false);
  });

  it('rejects a token whose payload was altered', () => {
    const [time, nonce, sig] = issueLoginToken().split('.');
    expect(verifyLoginToken(`${time}.${nonce}x.${sig}`)).toBe(false);
  });
});

import { cookieFromHeader, deviceTokenFor, issueDeviceToken, readDeviceToken, withDeviceToken } from '@/lib/auth/device-cookie';

beforeAll(() => {
  process.env.NEXTAUTH_SECRET = 'unit-test-secret';
  process.env.APP_ENCRYPTION_KEY = `k1:${Buffer.alloc(32, 1).toString('base64')}`;
});

describe('device cookie tokens', () => {
  it('names the user and a random nonce, signed', () => {
    const a = issueDeviceToken('userHashA');
    const b = issueDeviceToken('userHashA');
    expect(readDeviceToken(a)).toEqual({ userHash: 'userHashA', nonce: expect.any(String) });
    expect(readDeviceToken(a)!.nonce).not.toBe(readDeviceToken(b)!.nonce);
  });

  it.each([
    ['another user in a genuine token', (t: string) => `someoneElse.${t.split('.')[1]}.${t.split('.')[2]}`],
    ['a changed nonce', (t: string) => `${t.split('.')[0]}.AAAA.${t.split('.')[2]}`],
    ['a cut signature', (t: string) => t.slice(0, -2)],
    ['two parts', (t: string) => t.split('.').slice(0, 2).join('.')],
    ['nothing', () => ''],
  ])('refuses %s', (_case, tamper) => {
    expect(readDeviceToken(tamper(issueDeviceToken('userHashA')))).toBeNull();
  });

  it('keeps the latest token per account, the most recent first, five accounts at most, dropping invalid ones', () => {
    let value: string | undefined = 'garbage';
    const tokens: Record<string, string> = {};
    for (const user of ['u1', 'u2', 'u3', 'u4', 'u5', 'u6']) {
      tokens[user] = issueDeviceToken(user);
      value = withDeviceToken(value, tokens[user]);
    }
    expect(value!.split('~')).toEqual([tokens.u6, tokens.u5, tokens.u4, tokens.u3, tokens.u2]);
    const again = issueDeviceToken('u3');
    value = withDeviceToken(value, again);
    expect(value.split('~')).toEqual([again, tokens.u6, tokens.u5, tokens.u4, tokens.u2]);
    expect(deviceTokenFor('u3', value)).toEqual({ token: again, nonce: again.split('.')[1] });
    expect(deviceTokenFor('u1', value)).toBeNull();
    expect(deviceTokenFor('u1', undefined)).toBeNull();
  });

  it('reads a cookie from a Cookie header', () => {
    expect(cookieFromHeader('a=1; tw-device=x.y.z~p.q.r; b=2', 'tw-device')).toBe('x.y.z~p.q.r');
    expect(cookieFromHeader('a=1', 'tw-device')).toBeUndefined();
    expect(cookieFromHeader(null, 'tw-device')).toBeUndefined();
  });
});

import { POST } from '@/app/api/login/route';
import { GET as logout } from '@/app/logout/route';
import { loadActor } from '@/lib/auth/actor';
import { issueLoginToken } from '@/lib/auth/login-token';
import { decodeSessionToken } from '@/lib/auth/session';
import { makeAdvisor, makeHousehold, TEST_PASSWORD } from '../helpers/factories';
import { currentSessionCookie, signInAs, signOut } from '../helpers/session';

function loginRequest(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams(fields);
  return new Request('http://localhost:3000/login', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:3000', origin: 'http://localhost:3000', ...headers },
  });
}

beforeEach(() => signOut());

describe('POST /login (classic form post)', () => {
  it('signs an advisor in and redirects to the dashboard', async () => {
    const { user } = await makeAdvisor();
    const res = await POST(loginRequest({ _token: issueLoginToken(), email: user.email, password: TEST_PASSWORD }));
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!, 'http://localhost:3000').pathname).toBe('/dashboard');
    const claims = await decodeSessionToken(currentSessionCookie());
    expect(claims).toEqual(expect.objectContaining({ uid: user.hash, sv: 1 }));
    expect((await loadActor(claims!))?.isAdvisor).toBe(true);
  });

  it('lands clients on client-info, or on a safe `next` path', async () => {
    const { user } = await makeHousehold(null);
    const res = await POST(loginRequest({ _token: issueLoginToken(), email: user.email, password: TEST_PASSWORD }));
    expect(new URL(res.headers.get('location')!, 'http://localhost:3000').pathname).toBe('/client-info');
    signOut();
    const next = await POST(loginRequest({ _token: issueLoginToken(), email: user.email, password: TEST_PASSWORD, next: '//evil.example/x' }));
    expect(new URL(next.headers.get('location')!, 'http://localhost:3000').host).toBe('localhost:3000');
  });

  it.each([
    ['a wrong password', { password: 'nope' }, 'Invalid email or password.'],
    ['a missing token', { _token: '' }, 'Your sign-in form expired. Please try again.'],
    ['a forged token', { _token: 'x.y.z' }, 'Your sign-in form expired. Please try again.'],
  ])('sends %s back to /login with the error and no session', async (_case, override, message) => {
    const { user } = await makeAdvisor();
    const res = await POST(loginRequest({ _token: issueLoginToken(), email: user.email, password: TEST_PASSWORD, ...override }));
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!, 'http://localhost:3000');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe(message);
    expect(currentSessionCookie()).toBeUndefined();
  });

  it('refuses a cross-site form post', async () => {
    const { user } = await makeAdvisor();
    const res = await POST(loginRequest({ _token: issueLoginToken(), email: user.email, password: TEST_PASSWORD }, { origin: 'https://evil.example' }));
    expect(new URL(res.headers.get('location')!, 'http://localhost:3000').pathname).toBe('/login');
    expect(currentSessionCookie()).toBeUndefined();
  });

  it('answers a malformed body with an error, not a crash', async () => {
    const res = await POST(
      new Request('http://localhost:3000/login', { method: 'POST', body: '{not json', headers: { 'content-type': 'application/json', host: 'localhost:3000' } }),
    );
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!, 'http://localhost:3000').searchParams.get('error')).toBeTruthy();
  });
});

describe('session cookies', () => {
  it('ignores a tampered session cookie', async () => {
    const { user } = await makeAdvisor();
    await signInAs(user);
    const token = currentSessionCookie()!;
    expect(await decodeSessionToken(token)).not.toBeNull();
    expect(await decodeSessionToken(`${token.slice(0, -4)}AAAA`)).toBeNull();
    expect(await decodeSessionToken('garbage')).toBeNull();
  });

  it('logout ends the session; logout while impersonating returns to the admin', async () => {
    const { user: admin } = await makeAdvisor();
    const { user: target } = await makeAdvisor();
    await signInAs(target, admin);
    const back = await logout();
    expect(new URL(back.headers.get('location')!, 'http://localhost:3000').pathname).toBe('/dashboard');
    expect((await decodeSessionToken(currentSessionCookie()))?.uid).toBe(admin.hash);
    const out = await logout();
    expect(new URL(out.headers.get('location')!, 'http://localhost:3000').pathname).toBe('/');
    expect(currentSessionCookie()).toBeUndefined();
  });
});

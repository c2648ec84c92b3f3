import { and, desc, eq } from 'drizzle-orm';
import { db } from '@/db';
import { auditLog, loginAttempts } from '@/db/schema';
import { POST as loginPost } from '@/app/api/login/route';
import { PEER_HEADER } from '@/lib/http/request';
import { POST as logoutPost } from '@/app/api/logout/route';
import { getActor, loadActor } from '@/lib/auth/actor';
import { issueLoginToken } from '@/lib/auth/login-token';
import { deviceTokenFor } from '@/lib/auth/device-cookie';
import { decodeSessionToken, deviceCookieName, sessionCookieName } from '@/lib/auth/session';
import { cookieJar } from '../helpers/fake-headers';
import { makeAdvisor, makeHousehold, makeUser, TEST_PASSWORD } from '../helpers/factories';
import { currentSessionCookie, signInAs, signOut } from '../helpers/session';

function loginRequest(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams(fields);
  return new Request('http://localhost:3000/login', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:3000', origin: 'http://localhost:3000', ...headers },
  });
}

const noParams = { params: Promise.resolve({}) };
const POST = (request: Request) => loginPost(request, noParams);
const logout = (headers: Record<string, string> = { host: 'localhost:3000', origin: 'http://localhost:3000' }) =>
  logoutPost(new Request('http://localhost:3000/logout', { method: 'POST', headers }), noParams);

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
    ['a wrong password', { password: 'nope' }, 'credentials'],
    ['a missing token', { _token: '' }, 'expired'],
    ['a forged token', { _token: 'x.y.z' }, 'expired'],
  ])('sends %s back to /login with the error code and no session', async (_case, override, code) => {
    const { user } = await makeAdvisor();
    const res = await POST(loginRequest({ _token: issueLoginToken(), email: user.email, password: TEST_PASSWORD, ...override }));
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!, 'http://localhost:3000');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toBe(code);
    expect(currentSessionCookie()).toBeUndefined();
  });

  it('remembers the browser with a device cookie on success only, signed for that user', async () => {
    const { user } = await makeAdvisor();
    await POST(loginRequest({ _token: issueLoginToken(), email: user.email, password: 'nope' }));
    expect(cookieJar.get(deviceCookieName())).toBeUndefined();
    await POST(loginRequest({ _token: issueLoginToken(), email: user.email, password: TEST_PASSWORD }));
    const device = cookieJar.get(deviceCookieName())!;
    expect(deviceTokenFor(user.hash, device)).not.toBeNull();
    // Signing in again from this browser keeps its token (and so its own failure history).
    await POST(loginRequest({ _token: issueLoginToken(), email: user.email, password: TEST_PASSWORD }));
    expect(cookieJar.get(deviceCookieName())).toBe(device);
    const [attempt] = await db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email)).orderBy(desc(loginAttempts.id)).limit(1);
    expect(attempt).toMatchObject({ succeeded: true, device: deviceTokenFor(user.hash, device)!.nonce });
  });

  it('counts failed sign-ins against the connection address, whatever X-Forwarded-For claims', async () => {
    const { user } = await makeAdvisor();
    for (const forged of ['1.1.1.1', '2.2.2.2, 3.3.3.3']) {
      await POST(loginRequest({ _token: issueLoginToken(), email: user.email, password: 'wrong' }, { [PEER_HEADER]: '192.0.2.44', 'x-forwarded-for': forged }));
    }
    const attempts = await db.select({ ip: loginAttempts.ip }).from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(attempts.map((a) => a.ip)).toEqual(['192.0.2.44', '192.0.2.44']);
  });

  it('keeps a safe `next` across a failed attempt, and never echoes error text from the address', async () => {
    const { user } = await makeAdvisor();
    const res = await POST(loginRequest({ _token: issueLoginToken(), email: user.email, password: 'nope', next: '/settings' }));
    const location = new URL(res.headers.get('location')!, 'http://localhost:3000');
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: 'credentials', next: '/settings' });
  });

  it.each(['/\t/evil.com', '/\n/evil.com', '/%09/evil.com', '//evil.com', '/\\evil.com', 'https://evil.com', 'javascript:alert(1)'])(
    'never redirects off-site after sign-in: next=%p',
    async (next) => {
      const { user } = await makeAdvisor();
      const res = await POST(loginRequest({ _token: issueLoginToken(), email: user.email, password: TEST_PASSWORD, next }));
      expect(res.status).toBe(303);
      // The Location a browser would follow, exactly as sent.
      expect(res.headers.get('location')).toBe('/dashboard');
    },
  );

  it.each([
    ['another site', { origin: 'https://evil.example' }],
    ['another port of the host', { origin: 'http://localhost:8899' }],
  ])('refuses a form post from %s (403, no session)', async (_case, headers) => {
    const { user } = await makeAdvisor();
    const res = await POST(loginRequest({ _token: issueLoginToken(), email: user.email, password: TEST_PASSWORD }, headers));
    expect(res.status).toBe(403);
    expect(currentSessionCookie()).toBeUndefined();
  });

  it('answers a malformed body with an error, not a crash', async () => {
    const res = await POST(
      new Request('http://localhost:3000/login', {
        method: 'POST',
        body: '{not json',
        headers: { 'content-type': 'application/json', host: 'localhost:3000' },
      }),
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
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user: target } = await makeAdvisor();
    await signInAs(target, admin);
    const back = await logout();
    expect(new URL(back.headers.get('location')!, 'http://localhost:3000').pathname).toBe('/dashboard');
    expect((await decodeSessionToken(currentSessionCookie()))?.uid).toBe(admin.hash);
    const out = await logout();
    expect(new URL(out.headers.get('location')!, 'http://localhost:3000').pathname).toBe('/');
    expect(currentSessionCookie()).toBeUndefined();
  });

  it('logout revokes the session on the server: the old cookie, replayed, signs nobody in', async () => {
    const { user } = await makeAdvisor();
    await POST(loginRequest({ _token: issueLoginToken(), email: user.email, password: TEST_PASSWORD }));
    const stolen = currentSessionCookie()!;
    expect((await getActor())?.userId).toBe(user.id);
    await logout();
    expect(currentSessionCookie()).toBeUndefined();
    // Someone kept a copy of the cookie (a shared computer, a proxy log): it is worthless now.
    cookieJar.set(sessionCookieName(), stolen);
    expect(await getActor()).toBeNull();
  });

  it('logout ends only that session: the same user signed in elsewhere stays signed in', async () => {
    const { user } = await makeAdvisor();
    await POST(loginRequest({ _token: issueLoginToken(), email: user.email, password: TEST_PASSWORD }));
    const laptop = currentSessionCookie()!;
    signOut();
    await POST(loginRequest({ _token: issueLoginToken(), email: user.email, password: TEST_PASSWORD }));
    const phone = currentSessionCookie()!;
    await logout();
    cookieJar.set(sessionCookieName(), phone);
    expect(await getActor()).toBeNull();
    cookieJar.set(sessionCookieName(), laptop);
    expect((await getActor())?.userId).toBe(user.id);
  });

  it("ending an impersonation revokes the impersonation's token; the admin's own session goes on", async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user: target } = await makeAdvisor();
    await signInAs(target, admin);
    const acting = currentSessionCookie()!;
    expect((await getActor())?.impersonator?.userId).toBe(admin.id);
    await logout();
    const own = currentSessionCookie()!;
    expect((await getActor())?.userId).toBe(admin.id);
    cookieJar.set(sessionCookieName(), acting);
    expect(await getActor()).toBeNull();
    cookieJar.set(sessionCookieName(), own);
    expect((await getActor())?.userId).toBe(admin.id);
  });

  it('audits the end of an impersonation with both people, and keeps the admin session’s end', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user: target } = await makeAdvisor();
    await signInAs(target, admin);
    const abs = (await decodeSessionToken(currentSessionCookie()))!.abs;
    await logout();
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'impersonation.end'), eq(auditLog.actorUserId, target.id)));
    expect(entry).toMatchObject({ actorUserId: target.id, impersonatorUserId: admin.id });
    expect((await decodeSessionToken(currentSessionCookie()))!.abs).toBe(abs);
  });

  it.each([
    ['another site', { host: 'localhost:3000', origin: 'https://evil.example' }],
    ['another port of the host', { host: 'localhost:3000', origin: 'http://localhost:8899' }],
    ['a cross-site fetch', { host: 'localhost:3000', 'sec-fetch-site': 'cross-site' }],
  ])('refuses a logout posted from %s (403): the session (and an impersonation) stay', async (_case, headers) => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user: target } = await makeAdvisor();
    await signInAs(target, admin);
    const before = currentSessionCookie();
    const res = await logout(headers);
    expect(res.status).toBe(403);
    expect(currentSessionCookie()).toBe(before);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'impersonation.end'), eq(auditLog.actorUserId, target.id))),
    ).toHaveLength(0);
  });
});

import { eq, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { GET as nextAuthGet, POST as nextAuthPost } from '@/app/api/auth/[...nextauth]/route';
import { db } from '@/db';
import { loginAttempts, users } from '@/db/schema';
import { getActor } from '@/lib/auth/actor';
import { deviceTokenFor } from '@/lib/auth/device-cookie';
import { decodeSessionToken, deviceCookieName, encodeSessionToken, SESSION_MAX_AGE_SECONDS, sessionCookieName } from '@/lib/auth/session';
import { claimsOf } from '../helpers/context';
import { cookieJar } from '../helpers/fake-headers';
import { makeAdvisor, makeUser, TEST_PASSWORD } from '../helpers/factories';
import { currentSessionCookie, signInAs, signOut } from '../helpers/session';
import { POST as logoutPost } from '@/app/api/logout/route';

/*
 * One truth about a session: next-auth's own endpoint (GET /api/auth/session) and the app (getActor) accept
 * and refuse the same cookies, and a session ends 8 hours after sign-in however often it is read.
 */

/** GET /api/auth/session with the current cookie, as a browser would send it. */
async function sessionEndpoint() {
  const token = currentSessionCookie();
  const request = new NextRequest('http://localhost:3000/api/auth/session', {
    headers: { host: 'localhost:3000', ...(token ? { cookie: `${sessionCookieName()}=${token}` } : {}) },
  });
  const response = await nextAuthGet(request, { params: Promise.resolve({ nextauth: ['session'] }) });
  const setCookie = response.headers.getSetCookie().join('\n');
  return { status: response.status, body: (await response.json()) as { expires?: string }, setCookie };
}

/** The app's view of the same cookie. */
async function appActor() {
  // getActor is memoised per render with React's cache; outside a render each call reads afresh.
  return getActor();
}

beforeEach(() => signOut());

describe('next-auth and the app agree about a session', () => {
  it('both accept a fresh session; next-auth reports its absolute end', async () => {
    const { user } = await makeAdvisor();
    await signInAs(user);
    const abs = (await decodeSessionToken(currentSessionCookie()))!.abs;
    const { status, body } = await sessionEndpoint();
    expect(status).toBe(200);
    expect(body.expires).toBe(new Date(abs * 1000).toISOString());
    expect((await appActor())?.userId).toBe(user.id);
  });

  it('after a password change (session version bumped) both refuse the old cookie, and next-auth clears it', async () => {
    const { user } = await makeAdvisor();
    await signInAs(user);
    await db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, user.id));
    expect(await appActor()).toBeNull();
    const { status, body, setCookie } = await sessionEndpoint();
    expect(status).toBe(200);
    expect(body).toEqual({});
    expect(setCookie).toMatch(new RegExp(`${sessionCookieName()}=;`));
  });

  it('after the account is disabled both refuse it', async () => {
    const { user } = await makeAdvisor();
    await signInAs(user);
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect(await appActor()).toBeNull();
    expect((await sessionEndpoint()).body).toEqual({});
  });

  it('an impersonation whose admin lost the admin flag ends for both', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user: target } = await makeAdvisor();
    await signInAs(target, admin);
    expect((await appActor())?.impersonator?.userId).toBe(admin.id);
    await db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.id));
    expect(await appActor()).toBeNull();
    expect((await sessionEndpoint()).body).toEqual({});
  });

  it('a session past its absolute end is refused by both, even though its token has not expired', async () => {
    const { user } = await makeAdvisor();
    // Signed in 8 hours and 1 minute ago; the token itself was re-issued a minute ago (still "valid").
    const claims = { ...(await claimsOf(user)), abs: Math.floor(Date.now() / 1000) - 60 };
    cookieJar.set(sessionCookieName(), await encodeSessionToken(claims, Date.now() - SESSION_MAX_AGE_SECONDS * 1000));
    expect(await appActor()).toBeNull();
    expect((await sessionEndpoint()).body).toEqual({});
  });

  it('after logout both refuse the old cookie replayed, and next-auth clears it', async () => {
    const { user } = await makeAdvisor();
    await signInAs(user);
    const kept = currentSessionCookie()!;
    // Read (and so decoded and kept in the cache) before the logout.
    expect((await appActor())?.userId).toBe(user.id);
    expect((await sessionEndpoint()).body).not.toEqual({});
    await logoutPost(new Request('http://localhost:3000/logout', { method: 'POST', headers: { host: 'localhost:3000', origin: 'http://localhost:3000' } }), {
      params: Promise.resolve({}),
    });
    cookieJar.set(sessionCookieName(), kept);
    expect(await appActor()).toBeNull();
    const { body, setCookie } = await sessionEndpoint();
    expect(body).toEqual({});
    expect(setCookie).toMatch(new RegExp(`${sessionCookieName()}=;`));
  });

  it("after next-auth's own sign-out (POST /api/auth/signout) both refuse the old cookie replayed", async () => {
    const { user } = await makeAdvisor();
    await signInAs(user);
    const kept = currentSessionCookie()!;
    expect((await appActor())?.userId).toBe(user.id);
    const headers = { host: 'localhost:3000', origin: 'http://localhost:3000' };
    const csrf = await nextAuthGet(new NextRequest('http://localhost:3000/api/auth/csrf', { headers }), { params: Promise.resolve({ nextauth: ['csrf'] }) });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    for (const cookie of csrf.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      cookieJar.set(pair.slice(0, at), decodeURIComponent(pair.slice(at + 1)));
    }
    const response = await nextAuthPost(
      new NextRequest('http://localhost:3000/api/auth/signout', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken, json: 'true' }),
      }),
      { params: Promise.resolve({ nextauth: ['signout'] }) },
    );
    // next-auth accepted the sign-out (its CSRF check passed) and cleared the browser's cookie ...
    expect(response.headers.getSetCookie().join('\n')).toMatch(new RegExp(`${sessionCookieName()}=;`));
    // ... and a copy of the cookie signs nobody in: the session's row was revoked, as /logout does.
    cookieJar.set(sessionCookieName(), kept);
    expect(await appActor()).toBeNull();
    expect((await sessionEndpoint()).body).toEqual({});
  });

  it('a token from before sessions were recorded (no session id) is refused by both', async () => {
    const { user } = await makeAdvisor();
    const { uid, sv, abs } = { uid: user.hash, sv: user.sessionVersion, abs: Math.floor(Date.now() / 1000) + 3600 };
    cookieJar.set(sessionCookieName(), await encodeSessionToken({ uid, sv, abs } as Parameters<typeof encodeSessionToken>[0]));
    expect(await appActor()).toBeNull();
    expect((await sessionEndpoint()).body).toEqual({});
  });

  it("next-auth's credentials sign-in records a session the app accepts, behind the same brakes", async () => {
    const { user } = await makeAdvisor();
    const headers = { host: 'localhost:3000', origin: 'http://localhost:3000' };
    const csrf = await nextAuthGet(new NextRequest('http://localhost:3000/api/auth/csrf', { headers }), { params: Promise.resolve({ nextauth: ['csrf'] }) });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    // next-auth reads its cookies through next/headers (the test's jar), as the browser would send them back.
    for (const cookie of csrf.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      cookieJar.set(pair.slice(0, at), decodeURIComponent(pair.slice(at + 1)));
    }
    const response = await nextAuthPost(
      new NextRequest('http://localhost:3000/api/auth/callback/credentials', {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrfToken, email: user.email, password: TEST_PASSWORD, json: 'true' }),
      }),
      { params: Promise.resolve({ nextauth: ['callback', 'credentials'] }) },
    );
    const token = response.headers
      .getSetCookie()
      .join('\n')
      .match(new RegExp(`${sessionCookieName()}=([^;]+)`))?.[1];
    expect(token).toBeDefined();
    expect(await decodeSessionToken(token)).toMatchObject({ uid: user.hash, sid: expect.any(String) });
    cookieJar.set(sessionCookieName(), token!);
    expect((await appActor())?.userId).toBe(user.id);
    // The attempt was counted like the login form's, and the browser is remembered as the form would.
    expect(await db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email))).toHaveLength(1);
    expect(deviceTokenFor(user.hash, cookieJar.get(deviceCookieName()))).not.toBeNull();
  });

  it('a token decoded once and kept is still checked against the clock on every later read', async () => {
    const { user } = await makeAdvisor();
    const token = await encodeSessionToken(await claimsOf(user));
    const claims = await decodeSessionToken(token);
    expect(claims?.uid).toBe(user.hash);
    // The same token again: kept, same answer.
    expect(await decodeSessionToken(token)).toEqual(claims);
    // Read after its absolute end (and after the token's own expiry): refused although it was kept.
    expect(await decodeSessionToken(token, (claims!.abs + 1) * 1000)).toBeNull();
    // A tampered copy of a kept token is decoded afresh, and refused.
    expect(await decodeSessionToken(`${token.slice(0, -4)}AAAA`)).toBeNull();
  });

  it('polling the session endpoint never moves the end: no sliding renewal', async () => {
    const { user } = await makeAdvisor();
    await signInAs(user);
    const abs = (await decodeSessionToken(currentSessionCookie()))!.abs;
    for (let i = 0; i < 3; i++) {
      const { setCookie } = await sessionEndpoint();
      // next-auth re-issues its cookie on every read; the claim inside keeps the sign-in's end.
      const reissued = setCookie.match(new RegExp(`${sessionCookieName()}=([^;]+)`))?.[1];
      if (reissued) cookieJar.set(sessionCookieName(), reissued);
      expect((await decodeSessionToken(currentSessionCookie()))!.abs).toBe(abs);
    }
  });
});

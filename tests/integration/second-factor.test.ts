import { and, desc, eq, isNull } from 'drizzle-orm';
import { db } from '@/db';
import { auditLog, notifications, recoveryCodes, sessions, totpFactors } from '@/db/schema';
import { POST as codePost } from '@/app/api/login/code/route';
import { POST as loginPost } from '@/app/api/login/route';
import { beginTotpAction, confirmTotpAction, disableTotpAction, renewRecoveryCodesAction } from '@/lib/actions/settings';
import { authenticate, SECOND_STEP_ELSEWHERE } from '@/lib/auth/authenticate';
import { loadActor } from '@/lib/auth/actor';
import { issueLoginToken } from '@/lib/auth/login-token';
import { secondFactorStatus } from '@/lib/auth/second-factor/factors';
import { totpCodeAt } from '@/lib/auth/second-factor/totp';
import { decodeSessionToken } from '@/lib/auth/session';
import { cookieJar } from '../helpers/fake-headers';
import { makeUser, TEST_PASSWORD } from '../helpers/factories';
import { currentSessionCookie, signInAs, signOut } from '../helpers/session';

/*
 * The second factor (issue 31): an authenticator app set up in Settings → Security, then asked for at
 * sign-in after the password; recovery codes; turning it off. Against the real database and the real
 * form doors (POST /login, POST /api/login/code).
 */

const ORIGIN = { host: 'localhost:3000', origin: 'http://localhost:3000', 'content-type': 'application/x-www-form-urlencoded' };
const noParams = { params: Promise.resolve({}) };
const post = (handler: typeof loginPost, path: string, fields: Record<string, string>) =>
  handler(new Request(`http://localhost:3000${path}`, { method: 'POST', body: new URLSearchParams(fields), headers: ORIGIN }), noParams);
const where = (res: Response) => new URL(res.headers.get('location')!, 'http://localhost:3000');

/** The secret the enrolment showed, as an app would read it from the QR code. */
const secretOf = (enrolment: { secret: string }) => enrolment.secret.replace(/\s/g, '');

/** A user with a confirmed authenticator app: their secret and recovery codes; the jar is left signed out. */
async function enrolled(flags: Parameters<typeof makeUser>[0] = { isLegal: true }) {
  const { user } = await makeUser(flags);
  await signInAs(user);
  const begun = await beginTotpAction({});
  if (!begun.ok) throw new Error(begun.message);
  const secret = secretOf(begun.data);
  const confirmed = await confirmTotpAction({ code: totpCodeAt(secret, new Date()) });
  if (!confirmed.ok) throw new Error(confirmed.message);
  signOut();
  return { user, secret, codes: confirmed.data.recoveryCodes };
}

/** Signs in with the password: answers where the form was sent. */
async function passwordStep(email: string, password = TEST_PASSWORD, next?: string) {
  return post(loginPost, '/login', { _token: issueLoginToken(), email, password, ...(next ? { next } : {}) });
}

beforeEach(() => signOut());

describe('setting up an authenticator app', () => {
  it('shows a QR code and key, confirms with a code, answers ten recovery codes once, audits and tells the user', async () => {
    const { user } = await makeUser({ isAdvisory: true });
    await signInAs(user);
    const begun = await beginTotpAction({});
    expect(begun).toMatchObject({ ok: true });
    if (!begun.ok) return;
    expect(begun.data.qrSvg).toMatch(/^<svg/);
    expect(begun.data.uri).toContain(`otpauth://totp/Trustwell:${encodeURIComponent(user.email)}`);
    const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(row.confirmedAt).toBeNull();
    expect(row.secretCipher).not.toContain(secretOf(begun.data));

    expect(await confirmTotpAction({ code: '000000' })).toMatchObject({ ok: false, status: 422, fieldErrors: { code: expect.stringContaining('not right') } });
    const confirmed = await confirmTotpAction({ code: totpCodeAt(secretOf(begun.data), new Date()) });
    expect(confirmed).toMatchObject({ ok: true });
    if (!confirmed.ok) return;
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    expect(await secondFactorStatus(user.id)).toMatchObject({ enrolled: true, recoveryCodesLeft: 10 });
    const stored = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash)).not.toContain(confirmed.data.recoveryCodes[0]);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, user.id), eq(auditLog.action, 'settings.second-factor.enable'))),
    ).toHaveLength(1);
    const [notice] = await db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(desc(notifications.id));
    expect(notice.title).toBe('An authenticator app was set up for your account');
    // This session proved the factor just now.
    const claims = await decodeSessionToken(currentSessionCookie());
    const [session] = await db.select().from(sessions).where(eq(sessions.id, claims!.sid));
    expect(session.secondFactorAt).not.toBeNull();
    // Set up once: a second set-up is refused.
    expect(await beginTotpAction({})).toMatchObject({ ok: false, status: 409 });
  });

  it('is the real user’s only: refused to an administrator acting as them and to guests', async () => {
    const { user } = await makeUser();
    const { user: admin } = await makeUser({ isAdmin: true });
    await signInAs(user, admin);
    expect(await beginTotpAction({})).toMatchObject({ ok: false, status: 403 });
    signOut();
    expect(await beginTotpAction({})).toMatchObject({ ok: false, status: 401 });
    expect(await db.select().from(totpFactors).where(eq(totpFactors.userId, user.id))).toHaveLength(0);
  });
});

describe('signing in with the second step', () => {
  it('a right password opens no session: the code page follows, then the code signs in and the session records the step', async () => {
    const { user, secret } = await enrolled();
    const res = await passwordStep(user.email, TEST_PASSWORD, '/settings');
    expect(where(res).pathname).toBe('/login/code');
    expect(where(res).searchParams.get('next')).toBe('/settings');
    expect(currentSessionCookie()).toBeUndefined();

    // A wrong code: back to the code page, no session; the attempt counts toward the brakes.
    const wrong = await post(codePost, '/api/login/code', { _token: issueLoginToken(), code: '123456', next: '/settings' });
    expect(where(wrong).pathname).toBe('/login/code');
    expect(where(wrong).searchParams.get('error')).toBe('code');
    expect(currentSessionCookie()).toBeUndefined();

    const later = new Date(Date.now() + 30_000);
    const ok = await post(codePost, '/api/login/code', { _token: issueLoginToken(), code: totpCodeAt(secret, later), next: '/settings' });
    expect(where(ok).pathname).toBe('/settings');
    const claims = await decodeSessionToken(currentSessionCookie());
    expect(await loadActor(claims!)).toMatchObject({ userId: user.id });
    const [session] = await db.select().from(sessions).where(eq(sessions.id, claims!.sid));
    expect(session.secondFactorAt).not.toBeNull();
  });

  it('accepts a code once (replay refused), and a recovery code once', async () => {
    const { user, secret, codes } = await enrolled();
    const code = totpCodeAt(secret, new Date(Date.now() + 30_000));
    await passwordStep(user.email);
    expect(where(await post(codePost, '/api/login/code', { _token: issueLoginToken(), code })).pathname).not.toBe('/login/code');
    cookieJar.clear();
    await passwordStep(user.email);
    expect(where(await post(codePost, '/api/login/code', { _token: issueLoginToken(), code })).searchParams.get('error')).toBe('code');

    const recovery = await post(codePost, '/api/login/code', { _token: issueLoginToken(), code: codes[3].toUpperCase() });
    expect(where(recovery).pathname).toBe('/settings');
    expect(await secondFactorStatus(user.id)).toMatchObject({ recoveryCodesLeft: 9 });
    cookieJar.clear();
    await passwordStep(user.email);
    expect(where(await post(codePost, '/api/login/code', { _token: issueLoginToken(), code: codes[3] })).searchParams.get('error')).toBe('code');
  });

  it('without a password checked in this browser, the code page sends back to sign in', async () => {
    const { secret } = await enrolled();
    const res = await post(codePost, '/api/login/code', { _token: issueLoginToken(), code: totpCodeAt(secret, new Date()) });
    expect(where(res).pathname).toBe('/login');
    expect(where(res).searchParams.get('error')).toBe('code-expired');
    expect(currentSessionCookie()).toBeUndefined();
  });

  it('a password changed meanwhile voids the pending step', async () => {
    const { user, secret } = await enrolled();
    await passwordStep(user.email);
    await db.execute(`update users set session_version = session_version + 1 where id = ${user.id}`);
    const res = await post(codePost, '/api/login/code', { _token: issueLoginToken(), code: totpCodeAt(secret, new Date()) });
    expect(where(res).searchParams.get('error')).toBe('code-expired');
  });

  it('is braked like a password: wrong codes slow the account down', async () => {
    const { user, secret } = await enrolled();
    await passwordStep(user.email);
    for (let i = 0; i < 6; i += 1) await post(codePost, '/api/login/code', { _token: issueLoginToken(), code: '000000' });
    const res = await post(codePost, '/api/login/code', { _token: issueLoginToken(), code: totpCodeAt(secret, new Date()) });
    expect(where(res).searchParams.get('error')).toBe('locked');
    expect(currentSessionCookie()).toBeUndefined();
  });

  it('other doors (next-auth’s credentials) refuse a password alone for such an account', async () => {
    const { user } = await enrolled();
    const open = () =>
      db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), isNull(sessions.impersonatorUserId)));
    const before = (await open()).length;
    await expect(authenticate({ email: user.email, password: TEST_PASSWORD, ip: '203.0.113.9' })).rejects.toThrow(SECOND_STEP_ELSEWHERE);
    expect(await open()).toHaveLength(before);
  });
});

describe('recovery codes and turning it off', () => {
  it('makes new recovery codes for a current code; the old ones stop working', async () => {
    const { user, secret, codes } = await enrolled();
    await signInAs(user);
    expect(await renewRecoveryCodesAction({ code: codes[0] })).toMatchObject({ ok: false, status: 422 });
    const renewed = await renewRecoveryCodesAction({ code: totpCodeAt(secret, new Date(Date.now() + 30_000)) });
    expect(renewed).toMatchObject({ ok: true });
    if (!renewed.ok) return;
    expect(renewed.data.recoveryCodes).not.toContain(codes[0]);
    signOut();
    await passwordStep(user.email);
    expect(where(await post(codePost, '/api/login/code', { _token: issueLoginToken(), code: codes[0] })).searchParams.get('error')).toBe('code');
  });

  it('turns off with the password and a code; a wrong one of either changes nothing', async () => {
    const { user, secret } = await enrolled();
    await signInAs(user);
    expect(await disableTotpAction({ password_check: 'wrong-password', code: totpCodeAt(secret, new Date(Date.now() + 30_000)) })).toMatchObject({
      ok: false,
      status: 422,
    });
    expect(await disableTotpAction({ password_check: TEST_PASSWORD, code: '000000' })).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { code: expect.any(String) },
    });
    expect(await secondFactorStatus(user.id)).toMatchObject({ enrolled: true });
    expect(await disableTotpAction({ password_check: TEST_PASSWORD, code: totpCodeAt(secret, new Date(Date.now() + 30_000)) })).toMatchObject({ ok: true });
    expect(await secondFactorStatus(user.id)).toMatchObject({ enrolled: false, recoveryCodesLeft: 0 });
    // Every other session of the user ended; this one stays.
    const others = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    expect(others.map((r) => r.id)).toEqual([(await decodeSessionToken(currentSessionCookie()))!.sid]);
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(0);
    signOut();
    const res = await passwordStep(user.email);
    expect(where(res).pathname).not.toBe('/login/code');
  });
});

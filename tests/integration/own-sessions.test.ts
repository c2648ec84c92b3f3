import { and, desc, eq, isNull } from 'drizzle-orm';
import { db } from '@/db';
import { auditLog, notifications, sessions } from '@/db/schema';
import { POST as loginPost } from '@/app/api/login/route';
import { issueLoginToken } from '@/lib/auth/login-token';
import { PEER_HEADER } from '@/lib/http/request';
import { endOtherSessionsAction, endSessionAction, updatePasswordAction } from '@/lib/actions/settings';
import { listOwnSessions, sessionHandle } from '@/lib/account-settings/own-sessions';
import { loadActor } from '@/lib/auth/actor';
import { readSessionClaims } from '@/lib/auth/session';
import { openSession, SEEN_EVERY_SECONDS } from '@/lib/auth/session-rows';
import { sessionEndFromNow, type SessionClaims } from '@/lib/auth/session';
import { makeUser, TEST_PASSWORD } from '../helpers/factories';
import { claimsOf } from '../helpers/context';
import { signInAs, signOut } from '../helpers/session';

/*
 * Settings → Security (issue 31): the user's own signed-in sessions, ending one or all the others, and what
 * ends them elsewhere (a password change). An ended session's next request signs nobody in.
 */

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Another browser of the user: its own session row and the claims its cookie would carry. */
async function otherBrowser(userId: number, user: { hash: string; sessionVersion: number }): Promise<SessionClaims> {
  const abs = sessionEndFromNow();
  const sid = await openSession({ userId, abs, ip: '198.51.100.7', userAgent: FIREFOX });
  return { uid: user.hash, sv: user.sessionVersion, sid, abs };
}

const live = async (userId: number) =>
  (
    await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
  ).map((r) => r.id);

beforeEach(() => signOut());

describe('the Security tab’s list', () => {
  it('lists the user’s live sessions, this browser first and marked, by a handle that is not the id', async () => {
    const user = (await makeUser({ isAdvisory: true })).user;
    await signInAs(user);
    const firefox = await otherBrowser(user.id, user);
    const actor = (await loadActor((await readSessionClaims())!))!;
    const list = await listOwnSessions(actor, new Date());
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true });
    expect(list[1]).toMatchObject({ current: false, device: 'Firefox on Windows', address: '198.51.100.7', handle: sessionHandle(firefox.sid) });
    expect(JSON.stringify(list)).not.toContain(firefox.sid);
  });

  it('leaves out ended sessions, other users’ and an administrator’s impersonation of the user', async () => {
    const user = (await makeUser()).user;
    const admin = (await makeUser({ isAdmin: true })).user;
    const someone = (await makeUser()).user;
    await claimsOf(user, admin);
    await otherBrowser(someone.id, someone);
    const ended = await otherBrowser(user.id, user);
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, ended.sid));
    await signInAs(user);
    const actor = (await loadActor((await readSessionClaims())!))!;
    const list = await listOwnSessions(actor, new Date());
    expect(list.map((s) => s.current)).toEqual([true]);
  });

  it('records last seen at sign-in, then writes it on a request at most every few minutes', async () => {
    const user = (await makeUser()).user;
    const claims = await claimsOf(user);
    const [first] = await db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, claims.sid));
    expect(first.at).not.toBeNull();
    await loadActor(claims);
    const [again] = await db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, claims.sid));
    expect(again.at!.getTime()).toBe(first.at!.getTime());
    const old = new Date(Date.now() - (SEEN_EVERY_SECONDS + 60) * 1000);
    await db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.id, claims.sid));
    await loadActor(claims);
    const [later] = await db.select({ at: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, claims.sid));
    expect(later.at!.getTime()).toBeGreaterThan(old.getTime());
  });
});

describe('ending sessions', () => {
  it('signs out another browser: its next request signs nobody in; audited; a second try answers the same', async () => {
    const user = (await makeUser({ isAdvisory: true })).user;
    await signInAs(user);
    const firefox = await otherBrowser(user.id, user);
    expect(await loadActor(firefox)).not.toBeNull();
    const result = await endSessionAction({ session: sessionHandle(firefox.sid) });
    expect(result).toMatchObject({ ok: true, data: { message: 'That session has been signed out.' } });
    expect(await loadActor(firefox)).toBeNull();
    expect(await loadActor((await readSessionClaims())!)).not.toBeNull();
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, user.id), eq(auditLog.action, 'session.end')));
    expect(audits).toHaveLength(1);
    expect(await endSessionAction({ session: sessionHandle(firefox.sid) })).toMatchObject({ ok: true });
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, user.id), eq(auditLog.action, 'session.end'))),
    ).toHaveLength(1);
  });

  it('cannot end another user’s session, nor this browser’s own, by its handle', async () => {
    const user = (await makeUser()).user;
    const someone = (await makeUser()).user;
    const theirs = await otherBrowser(someone.id, someone);
    await signInAs(user);
    const mine = (await readSessionClaims())!;
    await endSessionAction({ session: sessionHandle(theirs.sid) });
    await endSessionAction({ session: sessionHandle(mine.sid) });
    expect(await loadActor(theirs)).not.toBeNull();
    expect(await loadActor(mine)).not.toBeNull();
  });

  it('refuses a malformed handle with a message and writes nothing', async () => {
    const user = (await makeUser()).user;
    await signInAs(user);
    const before = await live(user.id);
    for (const session of ['', 'x'.repeat(23), '../../etc', 12, null]) {
      const result = await endSessionAction({ session } as never);
      expect(result).toMatchObject({ ok: false, status: 422, message: 'That session could not be found. Please reload the page.' });
    }
    expect(await live(user.id)).toEqual(before);
  });

  it('signs out everywhere else, keeping this browser', async () => {
    const user = (await makeUser({ isLegal: true })).user;
    await signInAs(user);
    const a = await otherBrowser(user.id, user);
    const b = await otherBrowser(user.id, user);
    expect(await endOtherSessionsAction({})).toMatchObject({ ok: true, data: { message: 'Your other sessions have been signed out.' } });
    expect(await loadActor(a)).toBeNull();
    expect(await loadActor(b)).toBeNull();
    expect(await loadActor((await readSessionClaims())!)).not.toBeNull();
    expect(await endOtherSessionsAction({})).toMatchObject({ ok: true, data: { message: 'You are not signed in anywhere else.' } });
  });

  it('refuses an administrator acting as the user, and guests', async () => {
    const user = (await makeUser()).user;
    const admin = (await makeUser({ isAdmin: true })).user;
    const firefox = await otherBrowser(user.id, user);
    await signInAs(user, admin);
    expect(await endOtherSessionsAction({})).toMatchObject({ ok: false, status: 403 });
    expect(await endSessionAction({ session: sessionHandle(firefox.sid) })).toMatchObject({ ok: false, status: 403 });
    signOut();
    expect(await endOtherSessionsAction({})).toMatchObject({ ok: false, status: 401 });
    expect(await loadActor(firefox)).not.toBeNull();
  });

  it('a password change ends the other sessions’ rows too, so the list stays true', async () => {
    const user = (await makeUser({ isAdvisory: true })).user;
    await signInAs(user);
    const firefox = await otherBrowser(user.id, user);
    const result = await updatePasswordAction({
      password_check: TEST_PASSWORD,
      new_password: 'Brand-New-Password-9',
      new_password_confirmation: 'Brand-New-Password-9',
    });
    expect(result).toMatchObject({ ok: true });
    const rows = await live(user.id);
    expect(rows).not.toContain(firefox.sid);
    expect(rows).toContain((await readSessionClaims())!.sid);
  });
});

describe('near where a session signed in (a trusted proxy’s location headers)', () => {
  const saved = { hops: process.env.TRUSTED_PROXY_HOPS, place: process.env.PROXY_PLACE_HEADERS };
  afterEach(() => {
    for (const [name, value] of [
      ['TRUSTED_PROXY_HOPS', saved.hops],
      ['PROXY_PLACE_HEADERS', saved.place],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  const signInFrom = (email: string, extra: Record<string, string>) =>
    loginPost(
      new Request('http://localhost:3000/login', {
        method: 'POST',
        body: new URLSearchParams({ _token: issueLoginToken(), email, password: TEST_PASSWORD }),
        headers: {
          host: 'localhost:3000',
          origin: 'http://localhost:3000',
          'content-type': 'application/x-www-form-urlencoded',
          [PEER_HEADER]: '10.0.0.2',
          'x-forwarded-for': '198.51.100.40',
          'user-agent': FIREFOX,
          ...extra,
        },
      }),
      { params: Promise.resolve({}) },
    );
  const placeOfLatest = async (userId: number) =>
    (await db.select({ place: sessions.place }).from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt), desc(sessions.id)))[0]
      ?.place;

  it('is kept with the session, listed in Settings and said in the new sign-in notice, behind the named provider only', async () => {
    process.env.TRUSTED_PROXY_HOPS = '1';
    process.env.PROXY_PLACE_HEADERS = 'cloudflare';
    const { user } = await makeUser({});
    const cloudflare = { 'cf-ipcity': 'Austin', 'cf-region': 'Texas', 'cf-ipcountry': 'US' };
    expect((await signInFrom(user.email, cloudflare)).status).toBe(303);
    expect(await placeOfLatest(user.id)).toBe('Austin, Texas, United States');
    // A second browser (no device cookie): the notice says near where.
    signOut();
    expect((await signInFrom(user.email, { ...cloudflare, 'cf-ipcity': 'Dallas' })).status).toBe(303);
    const [notice] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'security')));
    expect(notice.body).toContain('at the address 198.51.100.40 (near Dallas, Texas, United States)');
    await signInAs(user);
    const listed = (await listOwnSessions((await loadActor((await readSessionClaims())!))!, new Date())).map((s) => s.place);
    expect(listed).toEqual(expect.arrayContaining(['Austin, Texas, United States', 'Dallas, Texas, United States']));

    // Without the setting, the same headers are the client's words: nothing is kept.
    delete process.env.PROXY_PLACE_HEADERS;
    expect((await signInFrom(user.email, cloudflare)).status).toBe(303);
    expect(await placeOfLatest(user.id)).toBeNull();
  });
});

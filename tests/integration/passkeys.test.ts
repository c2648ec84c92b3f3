import { PASSWORD_CHANGE_REQUIRED } from '@/lib/auth/authenticate';
import { and, desc, eq } from 'drizzle-orm';
import { db } from '@/db';
import { auditLog, notifications, passkeys, sessions, totpFactors, users, webauthnChallenges } from '@/db/schema';
import { POST as optionsPost } from '@/app/api/login/passkey/options/route';
import { POST as passkeyPost } from '@/app/api/login/passkey/route';
import { POST as loginPost } from '@/app/api/login/route';
import { resetSecondFactorAction } from '@/lib/actions/admin';
import {
  addPasskeyAction,
  beginPasskeyAction,
  confirmPasskeyOptionsAction,
  disableTotpAction,
  removePasskeyAction,
  renamePasskeyAction,
} from '@/lib/actions/settings';
import { PASSKEY_NOT_CONFIRMED } from '@/lib/account-settings/second-proof';
import { sealTotpSecret, secondFactorStatus } from '@/lib/auth/second-factor/factors';
import { newTotpSecret, totpCodeAt } from '@/lib/auth/second-factor/totp';
import { SECOND_PROOF_REQUIRED } from '@/lib/validation/settings';
import { loadActor } from '@/lib/auth/actor';
import { ACCOUNT_SLOWED } from '@/lib/auth/authenticate';
import { PEER_HEADER } from '@/lib/http/request';
import { issueLoginToken } from '@/lib/auth/login-token';
import { PASSKEY_REFUSED } from '@/lib/auth/passkey-sign-in';
import { hasSecondFactor } from '@/lib/auth/second-factor/factors';
import { PROMPTS_PER_ADDRESS, relyingParty, TOO_MANY_PROMPTS } from '@/lib/auth/second-factor/passkeys';
import { decodeSessionToken } from '@/lib/auth/session';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { makeUser, TEST_PASSWORD } from '../helpers/factories';
import { currentSessionCookie, signInAs, signOut } from '../helpers/session';
import { softAuthenticator } from '../helpers/soft-authenticator';

/*
 * Passkeys (issue 31) against the real database and doors: added in Settings → Security with a software
 * authenticator's real answers (tests/helpers/soft-authenticator.ts), then signing in alone through
 * POST /api/login/passkey/options and POST /api/login/passkey; replays, stale challenges, counters, removal
 * with the password, and no changes while acting as someone.
 */

const BASE = 'http://localhost:3000';
const noParams = { params: Promise.resolve({}) };
const json = (handler: typeof passkeyPost, path: string, body: unknown, headers: Record<string, string> = {}) =>
  handler(
    new Request(`${BASE}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { host: 'localhost:3000', origin: BASE, 'content-type': 'application/json', ...headers },
    }),
    noParams,
  );
/** A challenge for the signed-in user to confirm a step with one of their passkeys (Settings). */
const confirmOptions = async () => {
  const begun = await confirmPasskeyOptionsAction({});
  if (!begun.ok) throw new Error(begun.message);
  return begun.data;
};
const signInOptions = async (body: Record<string, unknown> = {}) => {
  const res = await json(optionsPost, '/api/login/passkey/options', body);
  expect(res.status).toBe(200);
  return (await res.json()) as PublicKeyCredentialRequestOptionsJSON;
};

/** A user with one passkey from a fresh software authenticator; the jar is left signed out. */
async function withPasskey(flags: Parameters<typeof makeUser>[0] = {}, name = 'My laptop') {
  const { user } = await makeUser(flags);
  const device = softAuthenticator(relyingParty().origin);
  await signInAs(user);
  const begun = await beginPasskeyAction({});
  if (!begun.ok) throw new Error(begun.message);
  const added = await addPasskeyAction({ name, response: device.register(begun.data) });
  if (!added.ok) throw new Error(added.message);
  signOut();
  return { user, device, passkey: added.data.passkey };
}

beforeEach(() => signOut());

describe('adding a passkey in Settings', () => {
  it('asks for a discoverable, user-verified credential for this site and keeps it under its name; audited and told', async () => {
    const { user } = await makeUser({});
    await signInAs(user);
    const begun = await beginPasskeyAction({});
    expect(begun).toMatchObject({ ok: true });
    if (!begun.ok) return;
    expect(begun.data.rp).toEqual({ id: new URL(BASE).hostname, name: 'Trustwell' });
    expect(begun.data.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(begun.data.user.name).toBe(user.email);
    expect(Buffer.from(begun.data.user.id, 'base64url').toString()).toBe(user.hash);

    const device = softAuthenticator(BASE);
    const response = device.register(begun.data);
    const added = await addPasskeyAction({ name: '  Work   laptop ', response });
    expect(added).toMatchObject({ ok: true, data: { passkey: { name: 'Work laptop', lastUsedOn: null } } });
    const [row] = await db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row).toMatchObject({ name: 'Work laptop', credentialId: response.id, counter: 0, transports: ['internal'] });
    if (added.ok) expect(added.data.passkey.hash).toBe(row.hash);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, user.id), eq(auditLog.action, 'settings.passkey.add'))),
    ).toHaveLength(1);
    const [notice] = await db.select().from(notifications).where(eq(notifications.userId, user.id)).orderBy(desc(notifications.id));
    expect(notice.title).toBe('A passkey was added to your account');
    expect(notice.body).toContain('“Work laptop”');

    // The same answer again: its challenge is spent.
    expect(await addPasskeyAction({ name: 'Again', response })).toMatchObject({ ok: false, status: 422 });
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(1);
  });

  it('refuses an answer to a challenge it did not issue, one for another site, and one without user verification', async () => {
    const { user } = await makeUser({});
    await signInAs(user);
    const device = softAuthenticator(BASE);
    const begun = await beginPasskeyAction({});
    if (!begun.ok) throw new Error(begun.message);
    const forged = device.register({ ...begun.data, challenge: Buffer.alloc(32, 7).toString('base64url') });
    expect(await addPasskeyAction({ name: 'Forged', response: forged })).toMatchObject({ ok: false, status: 422 });
    const second = await beginPasskeyAction({});
    if (!second.ok) throw new Error(second.message);
    const elsewhere = device.register(second.data, { origin: 'https://evil.example' });
    expect(await addPasskeyAction({ name: 'Elsewhere', response: elsewhere })).toMatchObject({ ok: false, status: 422 });
    const again = await beginPasskeyAction({});
    if (!again.ok) throw new Error(again.message);
    expect(await addPasskeyAction({ name: 'No UV', response: device.register(again.data, { userVerified: false }) })).toMatchObject({ ok: false, status: 422 });
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(0);
  });

  it("refuses another user's challenge", async () => {
    const { user: other } = await makeUser({});
    await signInAs(other);
    const theirs = await beginPasskeyAction({});
    if (!theirs.ok) throw new Error(theirs.message);
    const { user } = await makeUser({});
    await signInAs(user);
    expect(await addPasskeyAction({ name: 'Theirs', response: softAuthenticator(BASE).register(theirs.data) })).toMatchObject({ ok: false, status: 422 });
  });

  it('counts as the second factor for the rules and the actor', async () => {
    const { user } = await withPasskey({ isLegal: true });
    expect(await hasSecondFactor(user.id)).toBe(true);
    await signInAs(user);
    const claims = await decodeSessionToken(currentSessionCookie());
    expect((await loadActor(claims!))?.secondFactor?.enrolled).toBe(true);
  });
});

describe('signing in with a passkey alone', () => {
  it('opens a session whose second step is passed, records the counter and the use', async () => {
    const { user, device } = await withPasskey();
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: new URL(BASE).hostname, userVerification: 'required' });
    expect(options.allowCredentials ?? []).toHaveLength(0);
    const res = await json(passkeyPost, '/api/login/passkey', { response: device.assert(options), next: '/settings' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ redirectTo: '/settings' });
    const claims = await decodeSessionToken(currentSessionCookie());
    expect(claims?.uid).toBe(user.hash);
    const [session] = await db.select().from(sessions).where(eq(sessions.id, claims!.sid));
    expect(session.secondFactorAt).not.toBeNull();
    const [row] = await db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row.counter).toBe(1);
    expect(row.lastUsedAt).not.toBeNull();
  });

  it('refuses a replayed answer, a made-up challenge, a counter gone backwards, an unknown credential and a disabled account alike', async () => {
    const { user, device } = await withPasskey();
    const first = device.assert(await signInOptions());
    expect((await json(passkeyPost, '/api/login/passkey', { response: first })).status).toBe(200);
    signOut();
    const refused = async (response: unknown) => {
      const res = await json(passkeyPost, '/api/login/passkey', { response });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: PASSKEY_REFUSED });
      expect(currentSessionCookie()).toBeUndefined();
    };
    await refused(first);
    const options = await signInOptions();
    await refused(device.assert({ ...options, challenge: Buffer.alloc(32, 9).toString('base64url') }));
    // A copy of the key that signs with an older count.
    device.credentials[0].counter = 0;
    await refused(device.assert(await signInOptions()));
    await refused(softAuthenticator(BASE).assert(await signInOptions(), { ...device.credentials[0], id: Buffer.alloc(16, 3) }));
    device.credentials[0].counter = 10;
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    await refused(device.assert(await signInOptions()));
  });

  it('goes through the account brake: after five failures even the right passkey waits', async () => {
    const { device } = await withPasskey();
    const from = { [PEER_HEADER]: '198.51.100.77' };
    for (let i = 0; i < 5; i++) {
      const options = await signInOptions();
      const res = await json(
        passkeyPost,
        '/api/login/passkey',
        { response: device.assert({ ...options, challenge: Buffer.alloc(32, i).toString('base64url') }) },
        from,
      );
      expect(res.status).toBe(401);
    }
    const res = await json(passkeyPost, '/api/login/passkey', { response: device.assert(await signInOptions()) }, from);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: ACCOUNT_SLOWED });
    expect(currentSessionCookie()).toBeUndefined();
  });

  it('refuses while an administrator’s password reset waits: the temporary password chooses a new one first', async () => {
    const { user, device } = await withPasskey();
    await db.update(users).set({ mustChangePassword: true }).where(eq(users.id, user.id));
    const res = await json(passkeyPost, '/api/login/passkey', { response: device.assert(await signInOptions()) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: PASSWORD_CHANGE_REQUIRED });
    expect(currentSessionCookie()).toBeUndefined();
  });

  it('an expired challenge is refused', async () => {
    const { device } = await withPasskey();
    const options = await signInOptions();
    await db.update(webauthnChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await json(passkeyPost, '/api/login/passkey', { response: device.assert(options) })).status).toBe(401);
  });

  it('bad input is a 422 with a message', async () => {
    const res = await json(passkeyPost, '/api/login/passkey', { response: { id: 'x' } });
    expect(res.status).toBe(422);
    expect(await res.json()).toHaveProperty('message');
  });
});

describe('the password step of an account with only a passkey', () => {
  it('goes to the code page, which offers that user’s passkeys only', async () => {
    const { device: otherDevice } = await withPasskey();
    const { user, device } = await withPasskey({ isLegal: true });
    const res = await loginPost(
      new Request(`${BASE}/login`, {
        method: 'POST',
        body: new URLSearchParams({ _token: issueLoginToken(), email: user.email, password: TEST_PASSWORD }),
        headers: { host: 'localhost:3000', origin: BASE, 'content-type': 'application/x-www-form-urlencoded' },
      }),
      noParams,
    );
    expect(new URL(res.headers.get('location')!, BASE).pathname).toBe('/login/code');
    expect(currentSessionCookie()).toBeUndefined();
    const options = await signInOptions({ second_step: true });
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([device.credentials[0].id.toString('base64url')]);
    // Another user's passkey cannot answer a challenge issued for this user.
    expect((await json(passkeyPost, '/api/login/passkey', { response: otherDevice.assert(options) })).status).toBe(401);
    const again = await signInOptions({ second_step: true });
    const done = await json(passkeyPost, '/api/login/passkey', { response: device.assert(again) });
    expect(done.status).toBe(200);
    expect((await decodeSessionToken(currentSessionCookie()))?.uid).toBe(user.hash);
  });

  it('without a password step, second-step options are refused', async () => {
    expect((await json(optionsPost, '/api/login/passkey/options', { second_step: true })).status).toBe(401);
  });
});

describe('renaming and removing', () => {
  it("renames, then removes with the current password and the passkey's confirmation; each audited and told", async () => {
    const { user, passkey, device } = await withPasskey();
    await signInAs(user);
    expect(await renamePasskeyAction({ passkey: passkey.hash, name: 'Phone' })).toMatchObject({ ok: true, data: { passkey: { name: 'Phone' } } });
    expect(await renamePasskeyAction({ passkey: passkey.hash, name: '   ' })).toMatchObject({ ok: false, status: 422 });
    expect(await removePasskeyAction({ passkey: passkey.hash, password_check: 'wrong password', code: '000000' })).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { password_check: expect.any(String) },
    });
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(1);
    expect(
      await removePasskeyAction({ passkey: passkey.hash, password_check: TEST_PASSWORD, passkey_assertion: device.assert(await confirmOptions()) }),
    ).toMatchObject({
      ok: true,
    });
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(0);
    const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorUserId, user.id))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['settings.passkey.add', 'settings.passkey.rename', 'settings.passkey.remove']));
    const titles = (await db.select({ title: notifications.title }).from(notifications).where(eq(notifications.userId, user.id))).map((r) => r.title);
    expect(titles).toEqual(expect.arrayContaining(['A passkey was renamed', 'A passkey was removed from your account']));
    expect(await hasSecondFactor(user.id)).toBe(false);
  });

  it("cannot touch another user's passkey", async () => {
    const { passkey } = await withPasskey();
    const { user } = await makeUser({});
    await signInAs(user);
    expect(await renamePasskeyAction({ passkey: passkey.hash, name: 'Mine now' })).toMatchObject({ ok: false, status: 404 });
    expect(await removePasskeyAction({ passkey: passkey.hash, password_check: TEST_PASSWORD, code: '000000' })).toMatchObject({ ok: false, status: 404 });
  });

  it('refuses every change while an admin acts as the user', async () => {
    const { user, passkey, device } = await withPasskey();
    const { user: admin } = await makeUser({ isAdmin: true });
    await signInAs(user, admin);
    expect(await beginPasskeyAction({})).toMatchObject({ ok: false, status: 403 });
    expect(
      await addPasskeyAction({
        name: 'X',
        response: device.register({ ...(await signInOptionsAsCreation()), user: { id: 'eA', name: 'x', displayName: 'x' } }),
      }),
    ).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await renamePasskeyAction({ passkey: passkey.hash, name: 'X' })).toMatchObject({ ok: false, status: 403 });
    expect(await removePasskeyAction({ passkey: passkey.hash, password_check: TEST_PASSWORD, code: '000000' })).toMatchObject({ ok: false, status: 403 });
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(1);
  });
});

describe('turning a factor off asks the password and a second proof (a code, or a passkey)', () => {
  /** The user's authenticator app, set up; answers its secret. */
  const withApp = async (userId: number) => {
    const secret = newTotpSecret();
    const hash = `app${userId}${Date.now()}`;
    await db.insert(totpFactors).values({ hash, userId, secretCipher: sealTotpSecret(secret, hash), confirmedAt: new Date() });
    return secret;
  };

  it('a passkey is not removed with the password alone, nor with a made-up code, nor a sign-in answer', async () => {
    const { user, passkey, device } = await withPasskey();
    await signInAs(user);
    expect(await removePasskeyAction({ passkey: passkey.hash, password_check: TEST_PASSWORD })).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { code: SECOND_PROOF_REQUIRED },
    });
    expect(await removePasskeyAction({ passkey: passkey.hash, password_check: TEST_PASSWORD, code: '000000' })).toMatchObject({ ok: false, status: 422 });
    // An answer to a sign-in challenge is not a confirmation (the purposes differ), and it stays unspent.
    const signIn = device.assert(await signInOptions());
    expect(await removePasskeyAction({ passkey: passkey.hash, password_check: TEST_PASSWORD, passkey_assertion: signIn })).toMatchObject({
      ok: false,
      status: 422,
      message: PASSKEY_NOT_CONFIRMED,
    });
    // Both proofs at once is not one proof.
    const confirmation = device.assert(await confirmOptions());
    expect(await removePasskeyAction({ passkey: passkey.hash, password_check: TEST_PASSWORD, code: '123456', passkey_assertion: confirmation })).toMatchObject({
      ok: false,
      status: 422,
    });
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(1);
    // The right password and the confirmation remove it; the same answer again confirms nothing.
    expect(await removePasskeyAction({ passkey: passkey.hash, password_check: TEST_PASSWORD, passkey_assertion: confirmation })).toMatchObject({ ok: true });
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(0);
  });

  it("another user's passkey cannot confirm, even answering this user's challenge", async () => {
    const { user, passkey } = await withPasskey();
    const other = await withPasskey({}, 'Theirs');
    await signInAs(user);
    const answer = other.device.assert(await confirmOptions());
    expect(await removePasskeyAction({ passkey: passkey.hash, password_check: TEST_PASSWORD, passkey_assertion: answer })).toMatchObject({
      ok: false,
      status: 422,
      message: PASSKEY_NOT_CONFIRMED,
    });
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(1);
  });

  it('with the app set up, a code removes a passkey, and a passkey turns the app off', async () => {
    const { user, device } = await withPasskey();
    const second = await (async () => {
      await signInAs(user);
      const begun = await beginPasskeyAction({});
      if (!begun.ok) throw new Error(begun.message);
      const added = await addPasskeyAction({ name: 'Phone', response: device.register(begun.data) });
      if (!added.ok) throw new Error(added.message);
      return added.data.passkey;
    })();
    const secret = await withApp(user.id);
    expect(await removePasskeyAction({ passkey: second.hash, password_check: TEST_PASSWORD, code: totpCodeAt(secret, new Date()) })).toMatchObject({
      ok: true,
    });
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(1);

    expect(await disableTotpAction({ password_check: TEST_PASSWORD })).toMatchObject({ ok: false, status: 422, fieldErrors: { code: SECOND_PROOF_REQUIRED } });
    expect(await disableTotpAction({ password_check: TEST_PASSWORD, passkey_assertion: device.assert(await confirmOptions()) })).toMatchObject({ ok: true });
    expect(await secondFactorStatus(user.id)).toMatchObject({ enrolled: false });
    expect(await hasSecondFactor(user.id)).toBe(true);
  });

  it('a user without a passkey gets no confirmation challenge', async () => {
    const { user } = await makeUser({});
    await signInAs(user);
    expect(await confirmPasskeyOptionsAction({})).toMatchObject({ ok: false, status: 409 });
    expect(await db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, user.id))).toHaveLength(0);
  });
});

describe('the sign-in prompt is braked per address', () => {
  it(`an address holding ${PROMPTS_PER_ADDRESS} live prompts gets no more until they expire; other addresses are not slowed`, async () => {
    const from = { [PEER_HEADER]: '198.51.100.90' };
    for (let i = 0; i < PROMPTS_PER_ADDRESS; i++) expect((await json(optionsPost, '/api/login/passkey/options', {}, from)).status).toBe(200);
    const before = await db.select().from(webauthnChallenges).where(eq(webauthnChallenges.ip, '198.51.100.90'));
    const res = await json(optionsPost, '/api/login/passkey/options', {}, from);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: TOO_MANY_PROMPTS });
    expect(await db.select().from(webauthnChallenges).where(eq(webauthnChallenges.ip, '198.51.100.90'))).toHaveLength(before.length);
    expect((await json(optionsPost, '/api/login/passkey/options', {}, { [PEER_HEADER]: '198.51.100.91' })).status).toBe(200);
    // Expired prompts no longer count.
    await db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.ip, '198.51.100.90'));
    expect((await json(optionsPost, '/api/login/passkey/options', {}, from)).status).toBe(200);
  });
});

/** Creation options the software authenticator can answer (the answer is refused before it is read). */
async function signInOptionsAsCreation() {
  return {
    rp: { id: new URL(BASE).hostname, name: 'Trustwell' },
    challenge: Buffer.alloc(32, 1).toString('base64url'),
    pubKeyCredParams: [{ type: 'public-key' as const, alg: -7 }],
    user: { id: 'eA', name: 'x', displayName: 'x' },
  };
}

describe('an admin’s reset of the second factor', () => {
  it('removes a passkey-only user’s passkeys too, and the user can no longer sign in with them', async () => {
    const { user: attorney, device } = await withPasskey({ isLegal: true });
    const { user: admin } = await makeUser({ isAdmin: true });
    await signInAs(admin);
    // Resetting someone's second factor asks the admin for a recent second step.
    const claims = await decodeSessionToken(currentSessionCookie());
    await db.update(sessions).set({ secondFactorAt: new Date() }).where(eq(sessions.id, claims!.sid));
    expect(await resetSecondFactorAction({ user_id: attorney.hash })).toMatchObject({ ok: true });
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, attorney.id))).toHaveLength(0);
    expect(await hasSecondFactor(attorney.id)).toBe(false);
    signOut();
    expect((await json(passkeyPost, '/api/login/passkey', { response: device.assert(await signInOptions()) })).status).toBe(401);
  });
});

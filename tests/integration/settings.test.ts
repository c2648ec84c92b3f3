import { claimsOf, guestCtx } from '../helpers/context';
import { count, desc, eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { db } from '@/db';
import { auditLog, emailChanges, persons, users } from '@/db/schema';
import type { User } from '@/db/schema';
import { POST as postEmail } from '@/app/api/user/update/email/route';
import { POST as postName } from '@/app/api/user/update/name/route';
import { POST as postPassword } from '@/app/api/user/update/password/route';
import { POST as postPhone } from '@/app/api/user/update/phone/route';
import { updateEmailAction, updateNameAction, updatePasswordAction } from '@/lib/actions/settings';
import SettingsPage from '@/app/(workspace)/settings/page';
import { CallProvider } from '@/components/ui/call-provider';
import { loadActor } from '@/lib/auth/actor';
import { verifyPassword } from '@/lib/auth/password';
import { findPasswordLink, issuePasswordToken, setPasswordWithToken } from '@/lib/auth/password-tokens';
import { decodeSessionToken } from '@/lib/auth/session';
import type { RouteHandler } from '@/lib/http/route';
import { makeAdvisor, makeHousehold, makeStaff, makeUser, TEST_PASSWORD } from '../helpers/factories';
import { redirectOf } from '../helpers/pages';
import { currentSessionCookie, signInAs, signOut } from '../helpers/session';

const REQUIRED = 'Your current password is required.';
const INCORRECT = 'Your current password is incorrect.';
const UNCHANGED = "Your email hasn't been changed.";
const MISMATCH = 'Passwords do not match';

/** Calls a route handler as the legacy front end does: a JSON POST (or a form post when `form` is set). */
async function call(handler: RouteHandler, body: Record<string, unknown>, options: { form?: boolean; path?: string } = {}) {
  const url = `http://localhost${options.path ?? '/api/user/update/x/'}`;
  const request = options.form
    ? new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
      })
    : new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const response = await handler(request, { params: Promise.resolve({}) });
  return { status: response.status, body: (await response.json()) as { message?: string; errors?: Record<string, string> } };
}

/** Everything a settings save could write for these users: their user and person rows, and the audit log. */
async function snapshot(...userIds: number[]) {
  const rows = [];
  for (const id of userIds) {
    const [row] = await db.select({ user: users, person: persons }).from(users).innerJoin(persons, eq(persons.id, users.personId)).where(eq(users.id, id));
    rows.push(row);
  }
  const [audits] = await db.select({ n: count() }).from(auditLog);
  return { rows, audits: audits.n };
}

/** The new address a user's email change is waiting to confirm, if any. */
async function pendingEmail(userId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: emailChanges.newEmail })
    .from(emailChanges)
    .where(eq(emailChanges.userId, userId))
    .orderBy(desc(emailChanges.id))
    .limit(1);
  return row?.email ?? null;
}

async function account(userId: number) {
  const [row] = await db.select({ user: users, person: persons }).from(users).innerJoin(persons, eq(persons.id, users.personId)).where(eq(users.id, userId));
  return row;
}

const nameBody = {
  nickname: 'Annie',
  first_name: 'Ann',
  middle_name: 'Marie',
  last_name: "O'Neil-Smith",
  suffix: 'Jr.',
  password_check: TEST_PASSWORD,
};

beforeEach(() => signOut());

describe('POST /api/user/update/name/', () => {
  it("updates the signed-in user's name parts and answers the spec message", async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const res = await call(postName, nameBody);
    expect(res).toEqual({ status: 200, body: { message: 'Your name has been successfully updated.' } });
    const { person } = await account(user.id);
    expect(person).toMatchObject({ nickname: 'Annie', firstName: 'Ann', middleName: 'Marie', lastName: "O'Neil-Smith", suffix: 'Jr.' });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.actorUserId, user.id));
    expect(entry).toMatchObject({ action: 'settings.name.update', targetType: 'user', targetId: user.id, impersonatorUserId: null });
  });

  it('clears optional parts sent empty or null', async () => {
    const { user } = await makeUser({}, { middleName: 'Q', nickname: 'Nick', suffix: 'Sr.' });
    await signInAs(user);
    const res = await call(postName, { ...nameBody, nickname: '', middle_name: null, suffix: '' });
    expect(res.status).toBe(200);
    expect((await account(user.id)).person).toMatchObject({ nickname: null, middleName: null, suffix: null });
  });

  it.each([
    ['a missing', { password_check: undefined }, REQUIRED],
    ['an empty', { password_check: '' }, REQUIRED],
    ['a wrong', { password_check: 'not-my-password' }, INCORRECT],
  ])('refuses %s current password and writes nothing', async (_case, change, message) => {
    const { user } = await makeUser();
    await signInAs(user);
    const before = await snapshot(user.id);
    const res = await call(postName, { ...nameBody, ...change });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(message);
    expect(await snapshot(user.id)).toEqual(before);
  });

  it('validates the name parts and the suffix list', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    expect((await call(postName, { ...nameBody, first_name: '  ' })).body.message).toBe('First name is required.');
    expect((await call(postName, { ...nameBody, last_name: 'R2D2' })).status).toBe(422);
    expect((await call(postName, { ...nameBody, suffix: 'Esq.' })).body.message).toBe('Please choose a suffix from the list.');
  });

  it('ignores a user_id or hash of someone else in the payload', async () => {
    const { user } = await makeUser();
    const { user: other, person: otherPerson } = await makeUser();
    await signInAs(user);
    const before = await snapshot(other.id);
    const res = await call(postName, { ...nameBody, user_id: other.id, hash: other.hash, hash_id: otherPerson.hash });
    expect(res.status).toBe(200);
    expect((await account(user.id)).person.firstName).toBe('Ann');
    expect((await snapshot(other.id)).rows).toEqual(before.rows);
  });

  it('answers 401 to a guest and writes nothing', async () => {
    const { user } = await makeUser();
    const before = await snapshot(user.id);
    const res = await call(postName, nameBody);
    expect(res.status).toBe(401);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await snapshot(user.id)).toEqual(before);
  });

  it('answers 403 while impersonating and writes nothing, even with the right password', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user: advisor } = await makeAdvisor();
    await signInAs(advisor, admin);
    const before = await snapshot(admin.id, advisor.id);
    const res = await call(postName, nameBody);
    expect(res.status).toBe(403);
    expect(await snapshot(admin.id, advisor.id)).toEqual(before);
  });
});

describe('POST /api/user/update/email/', () => {
  it('asks for the change, normalised: answers where the link went, and nothing changes until it is confirmed', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const res = await call(postEmail, { contact_info: { email: '  New.Address@Example.COM ', phone: '(555) 123-4567' }, password_check: TEST_PASSWORD });
    expect(res).toEqual({
      status: 200,
      body: { message: 'We sent a confirmation link to new.address@example.com. Your email will change when you open that link and confirm.' },
    });
    const after = await account(user.id);
    expect(after.user.email).toBe(user.email);
    expect(after.person.email).toBe(user.email);
    // The phone sent along is ignored by the email call.
    expect(after.person.phone).toBeNull();
    expect(await pendingEmail(user.id)).toBe('new.address@example.com');
    expect(await loadActor(await claimsOf(user))).toMatchObject({ email: user.email });
  });

  it("refuses the same email (in any case) with the spec's text", async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const before = await snapshot(user.id);
    const res = await call(postEmail, { contact_info: { email: ` ${user.email.toUpperCase()}`, phone: '' }, password_check: TEST_PASSWORD });
    expect(res).toMatchObject({ status: 422, body: { message: UNCHANGED } });
    expect(await snapshot(user.id)).toEqual(before);
  });

  it("refuses another user's email with a conflict and writes nothing", async () => {
    const { user } = await makeUser();
    const { user: other } = await makeUser();
    await signInAs(user);
    const before = await snapshot(user.id, other.id);
    const res = await call(postEmail, { contact_info: { email: other.email }, password_check: TEST_PASSWORD });
    expect(res).toMatchObject({ status: 409, body: { message: 'That email is already in use.' } });
    expect(await snapshot(user.id, other.id)).toEqual(before);
  });

  it.each([
    ['a missing', undefined, REQUIRED],
    ['an empty', '', REQUIRED],
    ['a wrong', 'not-my-password', INCORRECT],
  ])('refuses %s current password and writes nothing', async (_case, passwordCheck, message) => {
    const { user } = await makeUser();
    await signInAs(user);
    const before = await snapshot(user.id);
    const res = await call(postEmail, { contact_info: { email: 'fresh@example.com' }, password_check: passwordCheck });
    expect(res).toMatchObject({ status: 422, body: { message } });
    expect(await snapshot(user.id)).toEqual(before);
  });

  it('refuses a malformed email', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const res = await call(postEmail, { contact_info: { email: 'not-an-email' }, password_check: TEST_PASSWORD });
    expect(res).toMatchObject({ status: 422, body: { message: 'Please enter a valid email address.' } });
  });

  it('accepts the legacy form encoding contact_info[email]', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const res = await call(postEmail, { 'contact_info[email]': 'form@example.com', 'contact_info[phone]': '', password_check: TEST_PASSWORD }, { form: true });
    expect(res.status).toBe(200);
    expect(await pendingEmail(user.id)).toBe('form@example.com');
  });

  it('ignores a user_id of someone else', async () => {
    const { user } = await makeUser();
    const { user: other } = await makeUser();
    await signInAs(user);
    const before = await snapshot(other.id);
    const res = await call(postEmail, { user_id: other.id, hash: other.hash, contact_info: { email: 'mine@example.com' }, password_check: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(await pendingEmail(user.id)).toBe('mine@example.com');
    expect(await pendingEmail(other.id)).toBeNull();
    expect((await snapshot(other.id)).rows).toEqual(before.rows);
  });

  it('answers 401 to a guest and 403 while impersonating, writing nothing', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const household = await makeHousehold(null);
    const before = await snapshot(admin.id, household.user.id);
    expect((await call(postEmail, { contact_info: { email: 'x@example.com' }, password_check: TEST_PASSWORD })).status).toBe(401);
    await signInAs(household.user, admin);
    expect((await call(postEmail, { contact_info: { email: 'x@example.com' }, password_check: TEST_PASSWORD })).status).toBe(403);
    expect(await snapshot(admin.id, household.user.id)).toEqual(before);
  });
});

describe('POST /api/user/update/phone', () => {
  it('stores the digits of the phone and ignores the email sent along', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const res = await call(
      postPhone,
      { contact_info: { email: 'ignored@example.com', phone: '(555) 123-4567' }, password_check: TEST_PASSWORD },
      { path: '/api/user/update/phone' },
    );
    expect(res).toEqual({ status: 200, body: { message: 'Your phone number has been successfully updated.' } });
    const after = await account(user.id);
    expect(after.person.phone).toBe('5551234567');
    expect(after.user.email).toBe(user.email);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'settings.phone.update'));
    expect(entry).toMatchObject({ actorUserId: user.id, targetId: user.id });
  });

  it.each([
    ['a missing current password', { password_check: undefined }, REQUIRED],
    ['a wrong current password', { password_check: 'nope-nope' }, INCORRECT],
    ['a short phone', { contact_info: { phone: '555-1234' } }, 'Please enter a 10-digit phone number.'],
  ])('refuses %s and writes nothing', async (_case, change, message) => {
    const { user } = await makeUser({}, { phone: '5550000000' });
    await signInAs(user);
    const before = await snapshot(user.id);
    const res = await call(postPhone, { contact_info: { email: user.email, phone: '5551112222' }, password_check: TEST_PASSWORD, ...change });
    expect(res).toMatchObject({ status: 422, body: { message } });
    expect(await snapshot(user.id)).toEqual(before);
  });

  it('answers 401 to a guest and 403 while impersonating, writing nothing', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user: advisor } = await makeAdvisor();
    const before = await snapshot(admin.id, advisor.id);
    const body = { contact_info: { phone: '5551112222' }, password_check: TEST_PASSWORD };
    expect((await call(postPhone, body)).status).toBe(401);
    await signInAs(advisor, admin);
    expect((await call(postPhone, body)).status).toBe(403);
    expect(await snapshot(admin.id, advisor.id)).toEqual(before);
  });

  it('is open to every signed-in role, each for their own account only', async () => {
    const { advisor } = await makeAdvisor();
    const users: Array<Pick<User, 'id' | 'hash' | 'sessionVersion'>> = [
      (await makeUser({ isAdmin: true })).user,
      (await makeUser({ isLegal: true })).user,
      (await makeAdvisor()).user,
      (await makeStaff([advisor.id])).user,
      (await makeAdvisor({ supervisor: true })).user,
      (await makeHousehold(advisor.id)).user,
    ];
    for (const [i, user] of users.entries()) {
      await signInAs(user);
      const phone = `555000000${i}`;
      const res = await call(postPhone, { contact_info: { phone }, password_check: TEST_PASSWORD });
      expect(res.status).toBe(200);
      expect((await account(user.id)).person.phone).toBe(phone);
    }
  });
});

describe('POST /api/user/update/password/', () => {
  const body = { password_check: TEST_PASSWORD, new_password: 'A-new-passw0rd', new_password_confirmation: 'A-new-passw0rd' };

  it('changes the password, ends other sessions and keeps this one signed in', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const oldCookie = currentSessionCookie();
    const res = await call(postPassword, body);
    expect(res).toEqual({ status: 200, body: { message: 'Your password has been successfully updated.' } });

    const after = await account(user.id);
    expect(after.user.sessionVersion).toBe(user.sessionVersion + 1);
    expect(await verifyPassword(after.user.passwordHash, 'A-new-passw0rd')).toBe(true);
    expect(await verifyPassword(after.user.passwordHash, TEST_PASSWORD)).toBe(false);

    // Every session issued before (another browser, or this cookie if it had been copied) is over.
    expect(await loadActor(await claimsOf(user))).toBeNull();
    const oldClaims = await decodeSessionToken(oldCookie);
    expect(oldClaims && (await loadActor(oldClaims))).toBeNull();

    // This browser got a fresh cookie naming the new version.
    const newCookie = currentSessionCookie();
    expect(newCookie).toBeDefined();
    expect(newCookie).not.toBe(oldCookie);
    const claims = await decodeSessionToken(newCookie);
    expect(claims).toMatchObject({ uid: user.hash, sv: user.sessionVersion + 1 });
    expect((await loadActor(claims!))?.userId).toBe(user.id);

    // ...and keeps working for the next call: the new password is now the current one.
    const again = await call(postPassword, {
      ...body,
      password_check: 'A-new-passw0rd',
      new_password: 'Third-passw0rd',
      new_password_confirmation: 'Third-passw0rd',
    });
    expect(again.status).toBe(200);
    const [entries] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'settings.password.update'));
    expect(entries.n).toBe(2);
  });

  it('retires a password link mailed before: it no longer sets the password (issue 26)', async () => {
    const { user } = await makeUser();
    const token = await issuePasswordToken(db, user.id, 'reset', new Date());
    await signInAs(user);
    expect((await call(postPassword, body)).status).toBe(200);
    expect(await findPasswordLink(token, new Date())).toBeNull();
    await expect(
      setPasswordWithToken(guestCtx(), { token, password: 'Attacker-passw0rd', password_confirmation: 'Attacker-passw0rd' } as never),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await verifyPassword((await account(user.id)).user.passwordHash, 'A-new-passw0rd')).toBe(true);
  });

  it.each([
    ['a missing current password', { password_check: undefined }, REQUIRED],
    ['an empty current password', { password_check: '' }, REQUIRED],
    ['a wrong current password', { password_check: 'not-my-password' }, INCORRECT],
    ['a confirmation that differs', { new_password_confirmation: 'A-new-passw0rD' }, MISMATCH],
    ['a missing confirmation', { new_password_confirmation: undefined }, MISMATCH],
    ['a short new password', { new_password: 'short', new_password_confirmation: 'short' }, 'Your new password must be at least 8 characters.'],
  ])('refuses %s and writes nothing (the session stays valid)', async (_case, change, message) => {
    const { user } = await makeUser();
    await signInAs(user);
    const cookie = currentSessionCookie();
    const before = await snapshot(user.id);
    const res = await call(postPassword, { ...body, ...change });
    expect(res).toMatchObject({ status: 422, body: { message } });
    expect(await snapshot(user.id)).toEqual(before);
    expect(currentSessionCookie()).toBe(cookie);
    expect(await loadActor(await claimsOf(user))).not.toBeNull();
  });

  it('ignores a user_id of someone else', async () => {
    const { user } = await makeUser();
    const { user: other } = await makeUser();
    await signInAs(user);
    const before = await snapshot(other.id);
    expect((await call(postPassword, { ...body, user_id: other.id, hash: other.hash })).status).toBe(200);
    expect((await snapshot(other.id)).rows).toEqual(before.rows);
  });

  it('answers 401 to a guest and 403 while impersonating, writing nothing', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user: advisor } = await makeAdvisor();
    const before = await snapshot(admin.id, advisor.id);
    expect((await call(postPassword, body)).status).toBe(401);
    await signInAs(advisor, admin);
    const cookie = currentSessionCookie();
    expect((await call(postPassword, body)).status).toBe(403);
    expect(await snapshot(admin.id, advisor.id)).toEqual(before);
    expect(currentSessionCookie()).toBe(cookie);
  });
});

describe('settings server actions', () => {
  it('answer the data the screen shows, or the message for the Error dialog', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const ok = await updateNameAction({ ...nameBody, nickname: null });
    expect(ok).toEqual({
      ok: true,
      data: {
        message: 'Your name has been successfully updated.',
        name: { nickname: '', first_name: 'Ann', middle_name: 'Marie', last_name: "O'Neil-Smith", suffix: 'Jr.' },
      },
    });
    expect(await updateEmailAction({ contact_info: { email: user.email }, password_check: '' })).toMatchObject({ ok: false, message: REQUIRED });
    expect(await updateEmailAction({ contact_info: { email: user.email }, password_check: TEST_PASSWORD })).toMatchObject({
      ok: false,
      message: UNCHANGED,
      fieldErrors: { 'contact_info.email': UNCHANGED },
    });
    expect(await updateEmailAction({ contact_info: { email: 'new@example.com' }, password_check: 'wrong-one' })).toMatchObject({
      ok: false,
      message: INCORRECT,
      fieldErrors: { password_check: INCORRECT },
    });
    expect(await updatePasswordAction({ password_check: TEST_PASSWORD, new_password: 'abcdefgh', new_password_confirmation: 'abcdefgX' })).toMatchObject({
      ok: false,
      message: MISMATCH,
    });
  });

  it('refuse guests and impersonators', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user: advisor } = await makeAdvisor();
    expect(await updateNameAction(nameBody)).toMatchObject({ ok: false, message: 'Please sign in to continue.' });
    await signInAs(advisor, admin);
    expect(await updateNameAction(nameBody)).toMatchObject({ ok: false, message: 'My Information is not available while acting as another user.' });
  });
});

describe('the /settings page', () => {
  const NO_QUERY = { searchParams: Promise.resolve({}) };

  it('sends guests to login and impersonators to the dashboard', async () => {
    expect(await redirectOf(() => SettingsPage(NO_QUERY))).toBe('/login?next=%2Fsettings');
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user: advisor } = await makeAdvisor();
    await signInAs(advisor, admin);
    expect(await redirectOf(() => SettingsPage(NO_QUERY))).toBe('/dashboard');
  });

  it("shows the signed-in user's own values under 'My Information'", async () => {
    const { user } = await makeUser({}, { firstName: 'Robin', lastName: 'Hale', nickname: 'Rob', phone: '2125550100' });
    await signInAs(user);
    const page = await SettingsPage(NO_QUERY);
    const html = renderToStaticMarkup(createElement(CallProvider, null, page));
    expect(html).toContain('<h1>My Information</h1>');
    expect(html).toContain('id="main-content"');
    expect(html).toContain('Robin');
    expect(html).toContain('Rob');
    expect(html).toContain(user.email);
    expect(html).toContain('(212) 555-0100');
    expect(html).not.toContain(user.passwordHash);
    // Every signed-in user has the Notifications tab (issue 29).
    expect(html).toContain('>Notifications</button>');
  });
});

describe('current password guesses count toward the sign-in brakes', () => {
  it('records wrong current passwords as failed sign-ins, and slows the account for settings and sign-in alike', async () => {
    const { loginAttempts } = await import('@/db/schema');
    const { POST: updateName } = await import('@/app/api/user/update/name/route');
    const { authenticate, ACCOUNT_SLOWED } = await import('@/lib/auth/authenticate');
    const { user } = await makeUser();
    await signInAs(user);
    const body = (password_check: string) =>
      new Request('http://localhost/api/user/update/name/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ first_name: 'Guess', last_name: 'Er', password_check }),
      });
    for (let i = 0; i < 5; i++) expect((await updateName(body('wrong'), { params: Promise.resolve({}) })).status).toBe(422);
    const recorded = await db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(recorded.map((r) => r.succeeded)).toEqual([false, false, false, false, false]);
    // Five more failures just now (from elsewhere): the account now waits 32 seconds.
    await db.insert(loginAttempts).values(Array.from({ length: 5 }, (_, i) => ({ email: user.email, ip: `192.0.2.${i + 10}`, succeeded: false })));
    const slowed = await updateName(body(TEST_PASSWORD), { params: Promise.resolve({}) });
    expect(slowed.status).toBe(429);
    expect((await slowed.json()).message).toBe(ACCOUNT_SLOWED);
    await expect(authenticate({ email: user.email, password: TEST_PASSWORD, ip: '192.0.2.1' })).rejects.toThrow(ACCOUNT_SLOWED);
  });
});

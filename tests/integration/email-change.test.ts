import { and, eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { db } from '@/db';
import { auditLog, clients, emailChanges, loginAttempts, persons, users } from '@/db/schema';
import ConfirmEmailPage from '@/app/(workspace)/confirm-email/page';
import { POST as postEmail } from '@/app/api/user/update/email/route';
import { POST as postPassword } from '@/app/api/user/update/password/route';
import { CallProvider } from '@/components/ui/call-provider';
import { confirmEmailChange } from '@/lib/account-settings/confirm-email-change';
import { EMAIL_CHANGE_HOURLY_LIMIT, updateEmail } from '@/lib/account-settings/update-email';
import { confirmEmailChangeAction, updateEmailAction } from '@/lib/actions/settings';
import { createClientAccount } from '@/lib/accounts/create-client-account';
import { authenticate } from '@/lib/auth/authenticate';
import type { RouteHandler } from '@/lib/http/route';
import { EMAIL_CHANGE_LINK_INVALID, EMAIL_CHANGE_TOO_MANY } from '@/lib/validation/settings';
import { actorOf, ctxOf, guestCtx } from '../helpers/context';
import { makeAdvisor, makeUser, TEST_PASSWORD } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';
import { mailboxOf } from '../helpers/mailbox';

/*
 * A new sign-in email is confirmed from a link sent to it before it replaces the old one, the old address
 * is told of the request, the change and a password change, and an address a waiting client record needs
 * cannot be taken (issue 18, item 11).
 */

const IN_USE = 'That email is already in use.';
const DONE = 'Your email has been successfully updated.';

async function call(handler: RouteHandler, body: Record<string, unknown>) {
  const request = new Request('http://localhost/api/user/update/x/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const response = await handler(request, { params: Promise.resolve({}) });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

/** The mails to an address, newest first, as its mailbox holds them (secrets put back). */
const mailsTo = mailboxOf;

/** The confirmation link's token, read from the mail sent to the new address. */
async function tokenSentTo(to: string): Promise<string> {
  const [mail] = await mailsTo(to);
  const link = mail.text.match(/https?:\/\/\S+\/confirm-email\?token=([A-Za-z0-9_-]+)/);
  if (!link) throw new Error(`No confirmation link in the mail to ${to}: ${mail.text}`);
  return link[1];
}

async function userRow(id: number) {
  const [row] = await db
    .select({ email: users.email, contact: persons.email })
    .from(users)
    .innerJoin(persons, eq(persons.id, users.personId))
    .where(eq(users.id, id));
  return row;
}

const ask = async (user: Awaited<ReturnType<typeof makeUser>>['user'], email: string) =>
  updateEmail(ctxOf(await actorOf(user)), { contact_info: { email, phone: undefined }, password_check: TEST_PASSWORD });

beforeEach(() => signOut());

describe('changing the sign-in email', () => {
  it('sends a link to the new address and a notice to the old; the link confirms it, and the old address is told', async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const res = await call(postEmail, { contact_info: { email: 'Moved@Example.com' }, password_check: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('moved@example.com');
    // Nothing changed yet.
    expect(await userRow(user.id)).toEqual({ email: user.email, contact: user.email });

    const [requested] = await mailsTo(user.email);
    expect(requested.subject).toBe('Your Trustwell sign-in email is about to change');
    expect(requested.text).toContain('moved@example.com');
    const token = await tokenSentTo('moved@example.com');
    expect((await mailsTo('moved@example.com'))[0].subject).toBe('Confirm your new Trustwell sign-in email');
    // Only the token's hash is stored.
    const [row] = await db.select().from(emailChanges).where(eq(emailChanges.userId, user.id));
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);

    // The link's button, from any browser (the mailbox may be on a phone).
    signOut();
    await expect(confirmEmailChangeAction({ token })).resolves.toEqual({ ok: true, data: { message: DONE, email: 'moved@example.com' } });
    expect(await userRow(user.id)).toEqual({ email: 'moved@example.com', contact: 'moved@example.com' });
    const [done] = await mailsTo(user.email);
    expect(done.subject).toBe('Your Trustwell sign-in email was changed');
    expect(done.text).toContain('moved@example.com');
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.email.update'), eq(auditLog.targetId, user.id)));
    // Confirmed by a guest with the link: recorded as the account's own, with the request's address.
    expect(entry).toMatchObject({ actorUserId: user.id, meta: { from: user.email, to: 'moved@example.com', signedIn: false } });
    expect(entry.ip).toEqual(expect.any(String));

    // The new address signs in; the old one does not.
    await expect(authenticate({ email: 'moved@example.com', password: TEST_PASSWORD, ip: '203.0.113.1' })).resolves.toBeDefined();
    await expect(authenticate({ email: user.email, password: TEST_PASSWORD, ip: '203.0.113.1' })).rejects.toThrow('Invalid email or password.');
  });

  it('a link works once, within 24 hours, and only the newest request’s link works', async () => {
    const { user } = await makeUser();
    await ask(user, 'first@example.com');
    const first = await tokenSentTo('first@example.com');
    await ask(user, 'second@example.com');
    const second = await tokenSentTo('second@example.com');
    await expect(confirmEmailChange(guestCtx(), { token: first })).rejects.toMatchObject({ code: 'NOT_FOUND', message: EMAIL_CHANGE_LINK_INVALID });

    await db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.newEmail, 'second@example.com'));
    await expect(confirmEmailChange(guestCtx(), { token: second })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(emailChanges.newEmail, 'second@example.com'));

    await expect(confirmEmailChange(guestCtx(), { token: second })).resolves.toMatchObject({ email: 'second@example.com' });
    await expect(confirmEmailChange(guestCtx(), { token: second })).rejects.toMatchObject({ code: 'NOT_FOUND', message: EMAIL_CHANGE_LINK_INVALID });
    expect(await confirmEmailChangeAction({ token: 'not a token!' })).toMatchObject({ ok: false, status: 422, message: EMAIL_CHANGE_LINK_INVALID });
  });

  it('opening the link shows a Confirm button and changes nothing (mail scanners follow links)', async () => {
    const { user } = await makeUser();
    await ask(user, 'scanned@example.com');
    const token = await tokenSentTo('scanned@example.com');
    const html = renderToStaticMarkup(createElement(CallProvider, null, await ConfirmEmailPage({ searchParams: Promise.resolve({ token }) })));
    expect(html).toContain('Sign in with scanned@example.com from now on?');
    expect(html).toContain('>Confirm<');
    expect(await userRow(user.id)).toEqual({ email: user.email, contact: user.email });
    const [row] = await db.select().from(emailChanges).where(eq(emailChanges.userId, user.id));
    expect(row.confirmedAt).toBeNull();

    const stale = renderToStaticMarkup(createElement(CallProvider, null, await ConfirmEmailPage({ searchParams: Promise.resolve({ token: 'unknown' }) })));
    expect(stale).toContain(EMAIL_CHANGE_LINK_INVALID);
    expect(stale).not.toContain('>Confirm<');
  });

  it('the address must still be free when the link is confirmed', async () => {
    const { user } = await makeUser();
    await ask(user, 'contested@example.com');
    const token = await tokenSentTo('contested@example.com');
    // Someone signed up with it meanwhile.
    await makeUser({}, { email: 'contested@example.com' });
    await expect(confirmEmailChange(guestCtx(), { token })).rejects.toMatchObject({ code: 'CONFLICT', message: IN_USE });
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it('cannot take the address of an advisor-created client waiting for their invitation, nor block their sign-up', async () => {
    const { advisor } = await makeAdvisor();
    const { user } = await makeUser();
    await ask(user, 'invitee@example.com');
    const token = await tokenSentTo('invitee@example.com');
    // The advisor creates the client record for that address before the link is used.
    const [person] = await db.insert(persons).values({ firstName: 'In', lastName: 'Vitee', email: 'invitee@example.com' }).returning();
    await db.insert(clients).values({ personId: person.id, advisorId: advisor.id });
    await expect(confirmEmailChange(guestCtx(), { token })).rejects.toMatchObject({ code: 'CONFLICT', message: IN_USE });
    // And asking again is refused at once.
    await signInAs(user);
    expect(await updateEmailAction({ contact_info: { email: 'Invitee@Example.com' }, password_check: TEST_PASSWORD })).toMatchObject({
      ok: false,
      status: 409,
      message: IN_USE,
    });
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it(`allows ${EMAIL_CHANGE_HOURLY_LIMIT} requests an hour (each sends two mails)`, async () => {
    const { user } = await makeUser();
    for (let i = 0; i < EMAIL_CHANGE_HOURLY_LIMIT; i++) await ask(user, `try${i}@example.com`);
    const attemptsBefore = await db.$count(loginAttempts);
    await expect(ask(user, 'one-more@example.com')).rejects.toMatchObject({ code: 'RATE_LIMITED', message: EMAIL_CHANGE_TOO_MANY });
    expect(await mailsTo('one-more@example.com')).toEqual([]);
    // Refused before the password check: the refusal writes nothing, not even a counted sign-in attempt.
    expect(await db.$count(loginAttempts)).toBe(attemptsBefore);
  });

  it('a pending change holds nothing: a sign-up may take the address meanwhile, and the link then fails', async () => {
    const { user } = await makeUser();
    await ask(user, 'race@example.com');
    const token = await tokenSentTo('race@example.com');
    const signUp = {
      first_name: 'Race',
      middle_name: '',
      last_name: 'Winner',
      suffix: '' as const,
      email: 'race@example.com',
      phone: '5551234567',
      password: 'Sturdy-Pass-42',
      advisor_hash: '',
    };
    await createClientAccount(guestCtx('198.51.100.99'), signUp);
    await expect(confirmEmailChange(guestCtx(), { token })).rejects.toMatchObject({ code: 'CONFLICT', message: IN_USE });
  });

  it('a disabled account’s link confirms nothing', async () => {
    const { user } = await makeUser();
    await ask(user, 'gone@example.com');
    const token = await tokenSentTo('gone@example.com');
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    await expect(confirmEmailChange(guestCtx(), { token })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('a password change', () => {
  it("is told to the account's address", async () => {
    const { user } = await makeUser();
    await signInAs(user);
    const res = await call(postPassword, { password_check: TEST_PASSWORD, new_password: 'Another-passw0rd', new_password_confirmation: 'Another-passw0rd' });
    expect(res.status).toBe(200);
    const [notice] = await mailsTo(user.email);
    expect(notice.subject).toBe('Your Trustwell password was changed');
    expect(notice.text).not.toContain('Another-passw0rd');
  });
});

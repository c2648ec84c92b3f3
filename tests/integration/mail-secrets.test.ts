import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { db } from '@/db';
import * as t from '@/db/schema';
import OutboxPage from '@/app/(workspace)/outbox/page';
import { confirmEmailChange } from '@/lib/account-settings/confirm-email-change';
import { updateEmail } from '@/lib/account-settings/update-email';
import { createClientAccount } from '@/lib/accounts/create-client-account';
import { createAdvisor } from '@/lib/admin/create-advisor';
import { resetPassword } from '@/lib/admin/reset-password';
import { requestPasswordReset } from '@/lib/auth/forgot-password';
import { sendPasswordResetJob } from '@/lib/auth/jobs/send-password-reset';
import { issueLoginToken } from '@/lib/auth/login-token';
import { setPasswordWithToken } from '@/lib/auth/password-tokens';
import { signInWithForm } from '@/lib/auth/sign-in';
import { resendInvite, sendInvite } from '@/lib/invites/invites';
import { deliverQueuedMail, resetMailTransportForTests } from '@/lib/mail/deliver-mail';
import { dropExpiredMailSecrets, SECRET_PLACEHOLDER } from '@/lib/mail/mail-secrets';
import { listOutbox } from '@/lib/mail/outbox';
import { createAdvisorSchema } from '@/lib/validation/admin';
import { actorOf, ctxOf, guestCtx } from '../helpers/context';
import { makeAdvisor, makeUser, TEST_PASSWORD } from '../helpers/factories';
import { setRequestHeaders } from '../helpers/fake-headers';
import { runQueuedJobs } from '../helpers/jobs';
import { mailboxOf } from '../helpers/mailbox';
import { signInAs, signOut } from '../helpers/session';
import { TestSmtp } from '../helpers/smtp';

/*
 * Issue 26, item 5: a mailed secret (a set-password, e-mail confirmation or invitation link, a temporary
 * password) is readable by its addressee alone. The stored mail keeps it apart, encrypted, and drops it once
 * sent, used, replaced or expired; the outbox never shows an admin a secret for another admin's or an
 * attorney's account, and with SMTP shows it to nobody; every password set says who set it and from where.
 */

const SET_LINK = /https?:\/\/\S+\/set-password\?token=([A-Za-z0-9_-]+)/;
const tokenIn = (text: string) => SET_LINK.exec(text)?.[1] ?? null;

/** A raw message's quoted-printable text decoded (soft line breaks joined, `=3D` read as `=`). */
const quotedPrintable = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function useSmtp(url: string | undefined) {
  if (url) process.env.SMTP_URL = url;
  else delete process.env.SMTP_URL;
  resetMailTransportForTests();
}

/** What an admin's /outbox?to= shows for an address: the mails' texts, newest first. */
async function outboxTexts(admin: t.User, to: string, now = new Date()): Promise<string[]> {
  return (await listOutbox(await actorOf(admin), { to }, now)).map((mail) => mail.text);
}

/** The stored rows of the mails to an address, newest first, exactly as a database dump holds them. */
async function storedRows(to: string) {
  return db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, to)).orderBy(desc(t.mailOutbox.id));
}

/** A forgot-password request for an address, and its job: the link is mailed. */
async function forgot(email: string, ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`, ctx = guestCtx(ip)) {
  await requestPasswordReset(ctx, { email });
  await runQueuedJobs(sendPasswordResetJob);
}

const setPassword = (token: string, password = 'Chosen-Pass-77', ctx = guestCtx('203.0.113.99')) =>
  setPasswordWithToken(ctx, { token, password, password_confirmation: password });

beforeEach(() => {
  signOut();
  setRequestHeaders({ host: 'localhost:3000', origin: 'http://localhost:3000' });
});
afterEach(() => {
  useSmtp(undefined);
  jest.restoreAllMocks();
});

describe('the stored copy', () => {
  it('keeps the body with a placeholder and the secret encrypted apart: a dump of the row holds no live token or password', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const created = createAdvisorSchema.parse({
      first_name: 'Nia',
      last_name: 'Stored',
      suffix: '',
      email: 'nia.stored@example.com',
      phone: '(555) 222-3333',
      firm_name: 'Stored Co',
    });
    await createAdvisor(ctxOf(await actorOf(admin)), created);
    const { user: client } = await makeUser({}, { firstName: 'Tess', lastName: 'Temp' });
    await resetPassword(ctxOf(await actorOf(admin)), { user_id: client.hash });

    const [link] = await mailboxOf('nia.stored@example.com');
    const token = tokenIn(link.text)!;
    const temporary = /^ {4}(\S+)$/m.exec((await mailboxOf(client.email))[0].text)![1];
    for (const [to, secret, kind] of [
      ['nia.stored@example.com', token, 'link'],
      [client.email, temporary, 'password'],
    ] as const) {
      const [row] = await storedRows(to);
      expect(JSON.stringify(row)).not.toContain(secret);
      expect(row.text).toContain(SECRET_PLACEHOLDER);
      expect(row).toMatchObject({ secretKind: kind, secretCipher: expect.stringMatching(/^v2:/), secretRemoved: null });
    }
  });
});

describe('the outbox without SMTP (the demo)', () => {
  it('shows an admin the links and passwords mailed to advisors, staff and clients, as the demo reads its mail', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user: advisor } = await makeAdvisor();
    await forgot(advisor.email);
    const [text] = await outboxTexts(admin, advisor.email);
    expect(tokenIn(text)).not.toBeNull();
    const { user: client } = await makeUser();
    await resetPassword(ctxOf(await actorOf(admin)), { user_id: client.hash });
    expect((await outboxTexts(admin, client.email))[0]).toMatch(/Your temporary password is:\n\n {4}[A-Za-z0-9]{16}\n/);
  });

  it('never shows an admin a secret for another admin or an attorney: the takeover through /outbox?to= is closed', async () => {
    const { user: mallory } = await makeUser({ isAdmin: true });
    const { user: otherAdmin } = await makeUser({ isAdmin: true });
    const { user: attorney } = await makeUser({ isLegal: true });
    // The audit's attack: forgot-password for them, then the outbox, signed in as another admin.
    for (const victim of [otherAdmin, attorney]) {
      await forgot(victim.email, '198.51.100.7', ctxOf(await actorOf(mallory), '198.51.100.7'));
      const [text] = await outboxTexts(mallory, victim.email);
      expect(tokenIn(text)).toBeNull();
      expect(text).toContain('[Link hidden: only its addressee may read it.]');
      await signInAs(mallory);
      const page = renderToStaticMarkup(await OutboxPage({ searchParams: Promise.resolve({ to: victim.email }) }));
      expect(page).toContain('Reset your Trustwell password');
      expect(page).not.toMatch(/set-password\?token=/);
      // Their mailbox has the link; its owner reads it in the outbox too.
      expect(tokenIn((await mailboxOf(victim.email))[0].text)).not.toBeNull();
    }
    expect(tokenIn((await outboxTexts(otherAdmin, otherAdmin.email))[0])).not.toBeNull();
    // A temporary password for another admin, likewise.
    await resetPassword(ctxOf(await actorOf(mallory)), { user_id: otherAdmin.hash });
    expect((await outboxTexts(mallory, otherAdmin.email))[0]).toContain('[Password hidden: only its addressee may read it.]');
    // Whoever asked, the request's row names them and where they were.
    const asked = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'password.forgot'), eq(t.auditLog.actorUserId, mallory.id)));
    expect(asked.map((row) => row.ip)).toEqual(['198.51.100.7', '198.51.100.7']);
  });
});

describe('a secret leaves the stored mail', () => {
  it('when its link is used, or a newer link or password replaces it', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user } = await makeAdvisor();
    await forgot(user.email);
    await forgot(user.email);
    const [newest, older] = await mailboxOf(user.email);
    expect(tokenIn(older.text)).toBeNull();
    expect(older.text).toContain('[Link removed: it no longer works, a newer one replaced it.]');
    await setPassword(tokenIn(newest.text)!);
    const [row] = await storedRows(user.email);
    expect(row).toMatchObject({ secretCipher: null, secretRemoved: 'used' });
    expect((await outboxTexts(admin, user.email))[0]).toContain('[Link removed: it has been used.]');

    // A temporary password: used by its one sign-in; a link set meanwhile replaces it.
    await resetPassword(ctxOf(await actorOf(admin)), { user_id: user.hash });
    const temporary = /^ {4}(\S+)$/m.exec((await mailboxOf(user.email))[0].text)![1];
    await signInWithForm(guestCtx(), { _token: issueLoginToken(), email: user.email, password: temporary });
    expect((await storedRows(user.email))[0]).toMatchObject({ secretCipher: null, secretRemoved: 'used' });
    expect((await outboxTexts(admin, user.email))[0]).toContain('[Password removed: it has been used.]');
    await resetPassword(ctxOf(await actorOf(admin)), { user_id: user.hash });
    await forgot(user.email);
    await setPassword(tokenIn((await mailboxOf(user.email))[0].text)!);
    expect((await storedRows(user.email))[1]).toMatchObject({ secretKind: 'password', secretCipher: null, secretRemoved: 'replaced' });
  });

  it('when an e-mail confirmation link is used or replaced', async () => {
    const { user } = await makeAdvisor();
    const ctx = ctxOf(await actorOf(user));
    await updateEmail(ctx, { contact_info: { email: 'first.new@example.com', phone: '' }, password_check: TEST_PASSWORD });
    await updateEmail(ctx, { contact_info: { email: 'second.new@example.com', phone: '' }, password_check: TEST_PASSWORD });
    expect((await storedRows('first.new@example.com'))[0]).toMatchObject({ secretCipher: null, secretRemoved: 'replaced' });
    const token = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec((await mailboxOf('second.new@example.com'))[0].text)![1];
    await confirmEmailChange(guestCtx(), { token });
    expect((await storedRows('second.new@example.com'))[0]).toMatchObject({ secretCipher: null, secretRemoved: 'used' });
  });

  it('when an invitation is resent (the older link) or joined', async () => {
    const { user, advisor } = await makeAdvisor();
    const ctx = ctxOf(await actorOf(user));
    const {
      invites: [invite],
    } = await sendInvite(ctx, { advisor_id: advisor.hash, client_name: 'Ivy Invited', client_email: 'ivy@invited.example' });
    await db
      .update(t.invites)
      .set({ sentAt: sql`now() - interval '10 minutes'` })
      .where(eq(t.invites.hash, invite.id));
    await resendInvite(ctx, { id: invite.id });
    const [newest] = await mailboxOf('ivy@invited.example');
    expect((await storedRows('ivy@invited.example'))[1]).toMatchObject({ secretCipher: null, secretRemoved: 'replaced' });
    const token = decodeURIComponent(/invite=(\S+)/.exec(newest.text)![1]);
    await createClientAccount(guestCtx('198.51.100.77'), {
      first_name: 'Ivy',
      middle_name: '',
      last_name: 'Invited',
      suffix: '',
      email: 'ivy@invited.example',
      phone: '5551112222',
      password: 'Sturdy-Pass-42',
      advisor_hash: advisor.hash,
      invite: token,
    });
    expect((await storedRows('ivy@invited.example'))[0]).toMatchObject({ secretCipher: null, secretRemoved: 'used' });
  });

  it('when it expires: hidden from the moment it ends, and dropped by the hourly job', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user } = await makeAdvisor();
    await forgot(user.email);
    const [row] = await storedRows(user.email);
    const after = new Date(row.secretExpiresAt!.getTime() + 1000);
    expect(tokenIn((await outboxTexts(admin, user.email))[0])).not.toBeNull();
    expect((await outboxTexts(admin, user.email, after))[0]).toContain('[Link removed: it has expired.]');
    await dropExpiredMailSecrets(new Date(row.secretExpiresAt!.getTime() - 1000));
    expect((await storedRows(user.email))[0].secretCipher).not.toBeNull();
    expect(await dropExpiredMailSecrets(after)).toBeGreaterThanOrEqual(1);
    expect((await storedRows(user.email))[0]).toMatchObject({ secretCipher: null, secretRemoved: 'expired' });
  });
});

describe('the outbox with SMTP', () => {
  it('shows the secret to nobody: waiting, it goes by e-mail only; sent, the row keeps what was sent without it', async () => {
    const smtp = await new TestSmtp().start();
    try {
      useSmtp(smtp.url);
      const { user: admin } = await makeUser({ isAdmin: true });
      const { user } = await makeAdvisor();
      await forgot(user.email);
      expect((await outboxTexts(admin, user.email))[0]).toContain('[Link hidden: it goes out by e-mail only.]');
      const [row] = await storedRows(user.email);
      expect(await deliverQueuedMail(row.id, { now: new Date() })).toBe('sent');
      // The mailbox got the link; the stored row no longer has it.
      const token = tokenIn(quotedPrintable(smtp.received.at(-1)!.raw))!;
      expect(token).not.toBeNull();
      const [sent] = await storedRows(user.email);
      expect(sent).toMatchObject({ status: 'sent', secretCipher: null, secretRemoved: 'sent' });
      expect(JSON.stringify(sent)).not.toContain(token);
      expect((await outboxTexts(admin, user.email))[0]).toContain('[Link removed: it was delivered by e-mail.]');
      // The link itself still works for its addressee.
      await setPassword(token);
      expect((await storedRows(user.email))[0].secretRemoved).toBe('sent');
    } finally {
      await smtp.stop();
    }
  });

  it('drops the secret of a mail that could not be delivered for good', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    useSmtp('smtp://127.0.0.1:1'); // nothing listens there
    const { user } = await makeAdvisor();
    await forgot(user.email);
    const [row] = await storedRows(user.email);
    expect(await deliverQueuedMail(row.id, { now: new Date(), lastAttempt: false })).toBe('retry');
    expect((await storedRows(user.email))[0].secretCipher).not.toBeNull();
    expect(await deliverQueuedMail(row.id, { now: new Date(), lastAttempt: true })).toBe('failed');
    expect((await storedRows(user.email))[0]).toMatchObject({ status: 'failed', secretCipher: null, secretRemoved: 'failed' });
  });
});

describe('every set-password says who set it and from where', () => {
  const entries = (userId: number, action: string) =>
    db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.targetId, userId), eq(t.auditLog.action, action)))
      .orderBy(desc(t.auditLog.id));

  it("a link used by a guest is the addressee's, with the address and browser; used by someone signed in, theirs", async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user } = await makeAdvisor();
    await forgot(user.email);
    await setPassword(tokenIn((await mailboxOf(user.email))[0].text)!, 'Guest-Set-Pass-1', {
      actor: null,
      ip: '203.0.113.50',
      userAgent: 'Guest browser',
      now: new Date(),
    });
    expect((await entries(user.id, 'password.reset'))[0]).toMatchObject({
      actorUserId: user.id,
      impersonatorUserId: null,
      ip: '203.0.113.50',
      userAgent: 'Guest browser',
      meta: { signedIn: false },
    });
    await forgot(user.email);
    await setPassword(tokenIn((await mailboxOf(user.email))[0].text)!, 'Admin-Set-Pass-1', {
      actor: await actorOf(admin),
      ip: '203.0.113.51',
      userAgent: 'Admin browser',
      now: new Date(),
    });
    expect((await entries(user.id, 'password.reset'))[0]).toMatchObject({
      actorUserId: admin.id,
      ip: '203.0.113.51',
      userAgent: 'Admin browser',
      meta: { signedIn: true },
    });
  });

  it("an admin's reset and a temporary password's use name the admin and the account, with their addresses", async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user } = await makeAdvisor();
    await resetPassword(ctxOf(await actorOf(admin), '203.0.113.60'), { user_id: user.hash });
    expect((await entries(user.id, 'user.resetPassword'))[0]).toMatchObject({ actorUserId: admin.id, ip: '203.0.113.60', userAgent: 'jest' });
    const temporary = /^ {4}(\S+)$/m.exec((await mailboxOf(user.email))[0].text)![1];
    await signInWithForm(guestCtx('203.0.113.61'), { _token: issueLoginToken(), email: user.email, password: temporary });
    expect((await entries(user.id, 'password.temporary.used'))[0]).toMatchObject({ actorUserId: user.id, ip: '203.0.113.61', userAgent: 'jest' });
  });
});

describe('migration 0014 on mail stored before', () => {
  it('takes the links and temporary passwords out of older bodies and marks them cleared', async () => {
    const old = {
      link: 'Hello,\n\nopen this link within 60 minutes:\n\nhttp://localhost:3000/set-password?token=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd\n\nThe link works once.',
      confirm: 'Open this link:\n\nhttp://localhost:3000/confirm-email?token=ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210_-zyxw\n',
      invite:
        'Create your account with this link:\n\nhttp://localhost:3000/join/advHash123?invite=InviteToken0123456789abcdefXYZ\n\nIf you did not expect this',
      temporary: 'Your temporary password is:\n\n    Abcdefghjk234567\n\nIt works for one sign-in.',
      plain: 'Sign in here:\n\nhttp://localhost:3000/login\n',
    };
    const rows = await db
      .insert(t.mailOutbox)
      .values(Object.entries(old).map(([subject, text]) => ({ to: 'legacy@example.com', subject, text })))
      .returning({ id: t.mailOutbox.id });
    const migration = fs.readFileSync(path.join(process.cwd(), 'db/migrations/0014_production_mark_and_mail_secrets.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint').filter((s) => /UPDATE "mail_outbox"/.test(s))) {
      await db.execute(sql.raw(statement));
    }
    const after = Object.fromEntries(
      (await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, 'legacy@example.com')))
        .filter((r) => rows.some((x) => x.id === r.id))
        .map((r) => [r.subject, r]),
    );
    expect(after.link.text).toBe('Hello,\n\nopen this link within 60 minutes:\n\n{{secret}}\n\nThe link works once.');
    expect(after.confirm.text).toBe('Open this link:\n\n{{secret}}\n');
    expect(after.invite.text).toBe('Create your account with this link:\n\n{{secret}}\n\nIf you did not expect this');
    expect(after.temporary.text).toBe('Your temporary password is:\n\n    {{secret}}\n\nIt works for one sign-in.');
    for (const subject of ['link', 'confirm', 'invite', 'temporary']) {
      expect(after[subject]).toMatchObject({ secretKind: subject === 'temporary' ? 'password' : 'link', secretRemoved: 'cleared', secretCipher: null });
    }
    expect(after.plain).toMatchObject({ text: old.plain, secretKind: null, secretRemoved: null });
    const { user: admin } = await makeUser({ isAdmin: true });
    expect(await outboxTexts(admin, 'legacy@example.com')).toContain(
      'Your temporary password is:\n\n    [Password removed: stored mail no longer keeps links and passwords.]\n\nIt works for one sign-in.',
    );
  });
});

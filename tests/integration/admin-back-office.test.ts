import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db, recordQueries } from '@/db';
import * as t from '@/db/schema';
import { POST as postCreateAdvisor } from '@/app/api/createAdvisor/route';
import { POST as postImpersonate } from '@/app/api/impersonate/[userId]/route';
import { POST as postResetPassword } from '@/app/api/admin/resetPassword/route';
import { POST as postUpdateUser } from '@/app/api/admin/updateUser/route';
import { POST as postDeleteClient } from '@/app/api/admin/delete/client/route';
import { createAdvisor } from '@/lib/admin/create-advisor';
import { CLIENT_DELETED } from '@/lib/admin/delete-client';
import { storeFor } from '@/lib/files/store';
import { listAdvisorChoices, listUsers, loadAdminSections } from '@/lib/admin/queries';
import { resetPassword } from '@/lib/admin/reset-password';
import { STAFF_EMAIL_BY_OWNER, updateUser } from '@/lib/admin/update-user';
import { getActor, loadActor } from '@/lib/auth/actor';
import { authenticate, PASSWORD_CHANGE_REQUIRED } from '@/lib/auth/authenticate';
import { requestPasswordReset } from '@/lib/auth/forgot-password';
import { sendPasswordResetJob } from '@/lib/auth/jobs/send-password-reset';
import { CANNOT_ACT_AS_ADMIN, ONLY_ADVISORS_ACTED_AS, RETURN_FIRST, startImpersonation } from '@/lib/auth/impersonate';
import { issueLoginToken } from '@/lib/auth/login-token';
import { hashPasswordToken } from '@/lib/auth/password-rules';
import { setPasswordWithToken } from '@/lib/auth/password-tokens';
import { readSessionClaims } from '@/lib/auth/session';
import { signInWithForm } from '@/lib/auth/sign-in';
import { signOut as endSessionOrImpersonation } from '@/lib/auth/sign-out';
import type { RouteHandler } from '@/lib/http/route';
import { upsertChild } from '@/lib/intake/records';
import { upsertChildSchema } from '@/lib/validation/intake';
import {
  ACCOUNT_UPDATED,
  ADVISOR_CREATED,
  createAdvisorSchema,
  FORGOT_PASSWORD_SENT,
  MISSING_ADVISOR,
  NOTHING_CHANGED,
  PASSWORD_LINK_INVALID,
} from '@/lib/validation/admin';
import { claimsOf, ctxOf, guestCtx } from '../helpers/context';
import { makeAdvisor, makeFirm, makeHousehold, makeStaff, makeUser, TEST_PASSWORD } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';
import { databaseFingerprint } from '../helpers/world';
import { seedIntakeRecords } from './helpers/intake';
import { setRequestHeaders } from '../helpers/fake-headers';
import { runQueuedJobs } from '../helpers/jobs';
import { mailboxOf } from '../helpers/mailbox';

/*
 * The admin back office (issue 21): Create Advisor with its set-password link, User Management's update and
 * password reset, forgot password, and impersonation (admin → advisor → client and back), against a real
 * database and through the real session cookie.
 */

async function call(handler: RouteHandler, body: Record<string, unknown>, params: Record<string, string> = {}) {
  const request = new Request('http://localhost:3000/api/x/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', host: 'localhost:3000', origin: 'http://localhost:3000' },
    body: JSON.stringify(body),
  });
  const response = await handler(request, { params: Promise.resolve(params) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { message?: string } };
}

/** The mails to an address, newest first, as its mailbox holds them (secrets put back). */
const mailsTo = mailboxOf;

/** The token of the newest set-password link mailed to an address. */
async function linkTokenSentTo(to: string): Promise<string> {
  const [mail] = await mailsTo(to);
  const link = mail?.text.match(/\/set-password\?token=([A-Za-z0-9_-]+)/);
  if (!link) throw new Error(`No password link in the mail to ${to}: ${mail?.text}`);
  return link[1];
}

const advisorInput = (email: string, extra: Record<string, unknown> = {}) =>
  createAdvisorSchema.parse({ first_name: 'Nora', last_name: 'Newman', suffix: '', email, phone: '(555) 222-3333', firm_name: 'Newman Wealth', ...extra });

const signIn = (email: string, password: string) => authenticate({ email, password, ip: '203.0.113.7' });

beforeEach(() => {
  signOut();
  setRequestHeaders({ host: 'localhost:3000', origin: 'http://localhost:3000' });
});

describe('Create Advisor', () => {
  it('creates the advisor in a new firm and mails a single-use link (only its hash stored) to choose a password', async () => {
    const admin = await makeUser({ isAdmin: true });
    await signInAs(admin.user);
    const res = await call(postCreateAdvisor, { ...advisorInput('Nora.Newman@Example.com'), is_waiving_fee: 1 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ADVISOR_CREATED);
    expect((res.body.advisors as { name: string }[]).map((a) => a.name)).toContain('Nora Newman');
    expect((res.body.firms as { name: string }[]).map((f) => f.name)).toContain('Newman Wealth');

    const [user] = await db.select().from(t.users).where(eq(t.users.email, 'nora.newman@example.com'));
    expect(user.isAdvisory).toBe(true);
    const [advisor] = await db.select().from(t.advisors).where(eq(t.advisors.userId, user.id));
    expect(advisor.isWaivingFee).toBe(true);
    // Nobody knows a password for it yet.
    await expect(signIn('nora.newman@example.com', TEST_PASSWORD)).rejects.toThrow();

    const token = await linkTokenSentTo('nora.newman@example.com');
    const [stored] = await db.select().from(t.passwordTokens).where(eq(t.passwordTokens.userId, user.id));
    expect(stored.tokenHash).toBe(hashPasswordToken(token));
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.purpose).toBe('set');
    const hours = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(72, 1);

    await setPasswordWithToken(guestCtx(), { token, password: 'Nora-Chosen-1', password_confirmation: 'Nora-Chosen-1' });
    await expect(signIn('nora.newman@example.com', 'Nora-Chosen-1')).resolves.toMatchObject({ claims: { uid: user.hash } });
    // The link works once.
    await expect(setPasswordWithToken(guestCtx(), { token, password: 'Other-Pass-22', password_confirmation: 'Other-Pass-22' })).rejects.toThrow(
      PASSWORD_LINK_INVALID,
    );
    const [audited] = await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'advisor.create'));
    expect(audited).toMatchObject({ actorUserId: admin.user.id, targetId: user.id });
  });

  it('staff of existing advisors need at least one advisor (Missing Advisor); with one, the staff user works for it', async () => {
    const parsed = createAdvisorSchema.safeParse({ ...advisorInput('staff1@example.com'), account_type: 'staff', staff_advisors: [] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.message)).toContain(MISSING_ADVISOR);

    const admin = await makeUser({ isAdmin: true });
    const boss = await makeAdvisor();
    await signInAs(admin.user);
    const refused = await call(postCreateAdvisor, { ...advisorInput('staff1@example.com'), account_type: 'staff', staff_advisors: [] });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(MISSING_ADVISOR);
    expect(await db.select().from(t.users).where(eq(t.users.email, 'staff1@example.com'))).toEqual([]);

    const res = await call(postCreateAdvisor, { ...advisorInput('staff1@example.com'), account_type: 'staff', staff_advisors: [boss.advisor.hash] });
    expect(res.status).toBe(200);
    const [staff] = await db.select().from(t.users).where(eq(t.users.email, 'staff1@example.com'));
    expect(await db.select().from(t.staffAdvisors).where(eq(t.staffAdvisors.staffUserId, staff.id))).toEqual([
      { staffUserId: staff.id, advisorId: boss.advisor.id },
    ]);
    expect(await db.select().from(t.advisors).where(eq(t.advisors.userId, staff.id))).toEqual([]);
  });

  it('joins an existing firm; a taken address is refused (409) and nothing is written', async () => {
    const admin = await makeUser({ isAdmin: true });
    const firm = await makeFirm('Existing Firm');
    const ctx = ctxOf(await loadActorOf(admin.user));
    await createAdvisor(ctx, advisorInput('joins@example.com', { firm_id: firm.hash, firm_name: '' }));
    const [user] = await db.select().from(t.users).where(eq(t.users.email, 'joins@example.com'));
    const [advisor] = await db.select().from(t.advisors).where(eq(t.advisors.userId, user.id));
    expect(await db.select().from(t.advisorFirms).where(eq(t.advisorFirms.advisorId, advisor.id))).toMatchObject([{ firmId: firm.id }]);

    const firmsBefore = await db.select().from(t.firms);
    await expect(createAdvisor(ctx, advisorInput('JOINS@example.com', { firm_name: 'Another' }))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await db.select().from(t.firms)).toEqual(firmsBefore);
  });
});

async function loadActorOf(user: t.User, impersonator?: t.User) {
  const actor = await loadActor(await claimsOf(user, impersonator));
  if (!actor) throw new Error('no actor');
  return actor;
}

describe("Create Advisor's staff choices", () => {
  it('are not on the admin page (only whether any advisor exists); the checklist asks for them, sorted by name', async () => {
    const admin = await makeUser({ isAdmin: true });
    const zed = await makeAdvisor();
    await db.update(t.persons).set({ firstName: 'Zed', lastName: 'Aardvark' }).where(eq(t.persons.id, zed.person.id));
    const actor = await loadActorOf(admin.user);
    const sections = await loadAdminSections(actor, { q: '', page: 1 });
    expect(sections.hasAdvisors).toBe(true);
    expect(sections).not.toHaveProperty('advisors');
    const choices = await listAdvisorChoices(actor);
    expect(choices[0]).toEqual({ hash: zed.advisor.hash, name: 'Zed Aardvark' });
    expect(choices.map((c) => c.hash)).toContain(zed.advisor.hash);
    // Not an admin's: the policy refuses before any statement.
    await expect(listAdvisorChoices(await loadActorOf(zed.user))).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('User Management', () => {
  it('lists users searchable and paged, with their roles', async () => {
    const admin = await makeUser({ isAdmin: true }, { firstName: 'Ada', lastName: 'Zulu' });
    const advisor = await makeAdvisor();
    await makeStaff([advisor.advisor.id]);
    const actor = await loadActorOf(admin.user);
    const page = await listUsers(actor, { q: 'zulu', page: 1 });
    expect(page.rows.map((r) => [r.name, r.roles])).toEqual([['Ada Zulu', ['Admin']]]);
    const all = await listUsers(actor, { q: '', page: 1 });
    const row = all.rows.find((r) => r.hash === advisor.user.hash)!;
    expect(row).toMatchObject({ roles: ['Advisor'], isAdvisor: true, canActAs: true });
  });

  it('saves only a change; a new email ends the sessions and tells the old address', async () => {
    const admin = await makeUser({ isAdmin: true });
    const advisor = await makeAdvisor();
    const ctx = ctxOf(await loadActorOf(admin.user));
    const same = { user_id: advisor.user.hash, email: advisor.user.email, phone: '', is_firm_supervisor: false, is_waiving_fee: false, staff_advisors: [] };
    await expect(updateUser(ctx, same)).rejects.toThrow(NOTHING_CHANGED);

    const advisorClaims = await claimsOf(advisor.user);
    expect(await loadActor(advisorClaims)).not.toBeNull();
    await signInAs(admin.user);
    const res = await call(postUpdateUser, { ...same, email: 'moved@example.com', is_waiving_fee: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ACCOUNT_UPDATED);
    const [user] = await db.select().from(t.users).where(eq(t.users.id, advisor.user.id));
    expect(user.email).toBe('moved@example.com');
    expect(await loadActor(advisorClaims)).toBeNull();
    const [notice] = await mailsTo(advisor.user.email);
    expect(notice.text).toContain('moved@example.com');
    const [audited] = await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'user.update'));
    expect(audited.meta).toEqual({ fields: ['email', 'is_waiving_fee'] });
  });

  it("another admin's or an attorney's sign-in email is theirs to change (403, nothing written): moving it would let an admin take the account over", async () => {
    const admin = await makeUser({ isAdmin: true });
    const ctx = ctxOf(await loadActorOf(admin.user));
    for (const flags of [{ isAdmin: true }, { isLegal: true }]) {
      const other = await makeUser(flags);
      const before = await databaseFingerprint();
      const move = {
        user_id: other.user.hash,
        email: 'mine@attacker.example',
        phone: '',
        is_firm_supervisor: false,
        is_waiving_fee: false,
        staff_advisors: [],
      };
      await expect(updateUser(ctx, move)).rejects.toMatchObject({ code: 'FORBIDDEN', message: STAFF_EMAIL_BY_OWNER });
      expect(await databaseFingerprint()).toEqual(before);
    }
  });

  it('reset password: the temporary password is mailed, works once, forces a new password; sessions end', async () => {
    const admin = await makeUser({ isAdmin: true });
    const client = await makeUser({}, { firstName: 'Rita', lastName: 'Reset' });
    const oldClaims = await claimsOf(client.user);
    await signInAs(admin.user);
    const res = await call(postResetPassword, { user_id: client.user.hash });
    expect(res).toEqual({ status: 200, body: { message: 'Rita Reset has been emailed their new password' } });
    expect(await loadActor(oldClaims)).toBeNull();
    await expect(signIn(client.user.email, TEST_PASSWORD)).rejects.toThrow();

    const [mail] = await mailsTo(client.user.email);
    const temporary = mail.text.match(/^ {4}(\S+)$/m)![1];
    // The temporary password opens no session anywhere but the login form, which trades it for a link.
    await expect(signIn(client.user.email, temporary)).rejects.toThrow(PASSWORD_CHANGE_REQUIRED);
    const signedIn = await signInWithForm(guestCtx(), { _token: issueLoginToken(), email: client.user.email, password: temporary });
    expect(signedIn.redirectTo).toMatch(/^\/set-password\?token=[A-Za-z0-9_-]+&reason=temporary$/);
    // Used once.
    await expect(signInWithForm(guestCtx(), { _token: issueLoginToken(), email: client.user.email, password: temporary })).rejects.toThrow();
    const token = new URLSearchParams(signedIn.redirectTo.split('?')[1]).get('token')!;
    await setPasswordWithToken(guestCtx(), { token, password: 'Rita-New-Pass-1', password_confirmation: 'Rita-New-Pass-1' });
    await expect(signIn(client.user.email, 'Rita-New-Pass-1')).resolves.toBeDefined();
    const [row] = await db.select().from(t.users).where(eq(t.users.id, client.user.id));
    expect(row.mustChangePassword).toBe(false);
  });

  it('is refused while an admin acts as an advisor (the advisor holds no admin role), and nothing is written', async () => {
    const admin = await makeUser({ isAdmin: true });
    const advisor = await makeAdvisor();
    const ctx = ctxOf(await loadActorOf(advisor.user, admin.user));
    await expect(resetPassword(ctx, { user_id: advisor.user.hash })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(createAdvisor(ctx, advisorInput('x@example.com'))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await mailsTo(advisor.user.email)).toEqual([]);
  });
});

describe('Forgot password', () => {
  it('answers the same for an unknown address; only a known one gets a one-hour link; slowed per address asked', async () => {
    const { user } = await makeUser();
    const known = await requestPasswordReset(guestCtx('203.0.113.20'), { email: user.email });
    const unknown = await requestPasswordReset(guestCtx('203.0.113.21'), { email: 'nobody@example.com' });
    expect(known).toEqual({ message: FORGOT_PASSWORD_SENT });
    expect(unknown).toEqual(known);
    // The link is issued and mailed by the request's job, after the answer.
    expect(await mailsTo(user.email)).toEqual([]);
    expect(await runQueuedJobs(sendPasswordResetJob)).toBe(2);
    expect(await mailsTo('nobody@example.com')).toEqual([]);
    const token = await linkTokenSentTo(user.email);
    const [stored] = await db.select().from(t.passwordTokens).where(eq(t.passwordTokens.userId, user.id));
    expect((stored.expiresAt.getTime() - stored.createdAt.getTime()) / 60_000).toBeCloseTo(60, 1);

    // Three requests an hour per address asked about, then a wait: alike for known and unknown addresses.
    for (const email of [user.email, 'nobody@example.com']) {
      for (let i = 0; i < 2; i++) await requestPasswordReset(guestCtx(`198.51.100.${i + 1}`), { email });
      await expect(requestPasswordReset(guestCtx('198.51.100.9'), { email })).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    }
    expect(await runQueuedJobs(sendPasswordResetJob)).toBe(4);
    // A newer link replaced the first one; the newest sets the password and ends every session.
    const claims = await claimsOf(user);
    await expect(setPasswordWithToken(guestCtx(), { token, password: 'Forgot-Pass-1', password_confirmation: 'Forgot-Pass-1' })).rejects.toThrow(
      PASSWORD_LINK_INVALID,
    );
    const newest = await linkTokenSentTo(user.email);
    await setPasswordWithToken(guestCtx(), { token: newest, password: 'Forgot-Pass-1', password_confirmation: 'Forgot-Pass-1' });
    expect(await loadActor(claims)).toBeNull();
    await expect(signIn(user.email, 'Forgot-Pass-1')).resolves.toBeDefined();
  });

  it('does the same work for a known, an unknown and a disabled address: the same statements, in the same order', async () => {
    const { user } = await makeUser();
    const { user: disabled } = await makeUser();
    await db.update(t.users).set({ disabledAt: new Date() }).where(eq(t.users.id, disabled.id));
    // pg-boss looks its queue up on a process's first send to it: once, before anything is measured.
    await requestPasswordReset(guestCtx('198.51.100.40'), { email: 'warm-up@example.com' });
    const run = (email: string, ip: string) => recordQueries(() => requestPasswordReset(guestCtx(ip), { email }));
    const known = await run(user.email, '198.51.100.41');
    const unknown = await run('nobody-here@example.com', '198.51.100.42');
    const off = await run(disabled.email, '198.51.100.43');
    expect(known.result).toEqual({ message: FORGOT_PASSWORD_SENT });
    expect(unknown.statements).toEqual(known.statements);
    expect(off.statements).toEqual(known.statements);
    // The answer came before anything about the account was written; the job sends the one link.
    expect(await db.select().from(t.passwordTokens).where(eq(t.passwordTokens.userId, user.id))).toEqual([]);
    await runQueuedJobs(sendPasswordResetJob);
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await mailsTo(disabled.email)).toEqual([]);
    // A job run again (after a crash) sends nothing more.
    await db.execute(sql`update pgboss.job set state = 'created' where name = ${sendPasswordResetJob.name}`);
    await runQueuedJobs(sendPasswordResetJob);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('records who asked: the signed-in requester, the address and the browser; the link mailed names the request', async () => {
    const admin = await makeUser({ isAdmin: true });
    const { user: other } = await makeUser({ isAdmin: true });
    await requestPasswordReset(ctxOf(await loadActor(await claimsOf(admin.user)).then((a) => a!), '198.51.100.60'), { email: other.email });
    const [asked] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'password.forgot'), eq(t.auditLog.ip, '198.51.100.60')));
    expect(asked).toMatchObject({ actorUserId: admin.user.id, ip: '198.51.100.60', userAgent: 'jest', targetId: null });
    await runQueuedJobs(sendPasswordResetJob);
    const [mailed] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'password.reset.mailed'), eq(t.auditLog.targetId, other.id)));
    expect(mailed).toMatchObject({ actorUserId: null, targetType: 'user', targetId: other.id, meta: { request: asked.id } });
  });
});

describe('Impersonation', () => {
  async function setUp() {
    const admin = await makeUser({ isAdmin: true }, { firstName: 'Ada', lastName: 'Admin' });
    const advisor = await makeAdvisor();
    await db.update(t.persons).set({ firstName: 'Avery', lastName: 'Advisor' }).where(eq(t.persons.id, advisor.person.id));
    const household = await makeHousehold(advisor.advisor.id);
    await db.update(t.persons).set({ firstName: 'Carla', lastName: 'Client' }).where(eq(t.persons.id, household.person.id));
    const otherAdvisor = await makeAdvisor();
    const stranger = await makeHousehold(otherAdvisor.advisor.id);
    return { admin, advisor, household, stranger };
  }
  const ctxNow = async () => ctxOf((await getActor())!);

  it('admin → advisor → client, the audit names the admin, and returning goes back step by step', async () => {
    const { admin, advisor, household } = await setUp();
    await signInAs(admin.user);
    const res = await call(postImpersonate, {}, { userId: advisor.user.hash });
    expect(res).toEqual({ status: 200, body: { message: 'Acting as Avery Advisor', redirect: '/dashboard' } });
    let actor = (await loadActor((await readSessionClaims())!))!;
    expect(actor).toMatchObject({ userId: advisor.user.id, impersonator: { userId: admin.user.id, name: 'Ada Admin' } });
    expect(actor.impersonator!.returnToName).toBeUndefined();

    const asClient = await startImpersonation(ctxOf(actor), household.user.hash);
    expect(asClient.redirectTo).toBe('/client-info');
    actor = (await loadActor((await readSessionClaims())!))!;
    expect(actor).toMatchObject({ userId: household.user.id, roles: ['client'], impersonator: { userId: admin.user.id, returnToName: 'Avery Advisor' } });
    await expect(startImpersonation(ctxOf(actor), household.user.hash)).rejects.toThrow(RETURN_FIRST);

    // An intake edit while acting as the client: the audit row names the client and the admin behind it.
    await upsertChild(
      ctxOf(actor),
      upsertChildSchema.parse({
        client_hash: household.client.hash,
        owner: '1',
        first_name: 'Kid',
        last_name: 'Client',
        suffix: '',
        dob: '01/02/2015',
        gender: 'male',
      }),
    );
    const [edit] = await db.select().from(t.auditLog).where(eq(t.auditLog.actorUserId, household.user.id)).orderBy(desc(t.auditLog.id)).limit(1);
    expect(edit.impersonatorUserId).toBe(admin.user.id);

    // Return: to the advisor (still acting), then to the admin.
    expect(await endSessionOrImpersonation(await ctxNow())).toEqual({ redirectTo: '/dashboard' });
    expect(await getActorFresh()).toMatchObject({ userId: advisor.user.id, impersonator: { userId: admin.user.id } });
    expect(await endSessionOrImpersonation(await ctxNow())).toEqual({ redirectTo: '/dashboard' });
    expect(await getActorFresh()).toMatchObject({ userId: admin.user.id, impersonator: null });

    const trail = await db
      .select({ action: t.auditLog.action, actor: t.auditLog.actorUserId, by: t.auditLog.impersonatorUserId, target: t.auditLog.targetId })
      .from(t.auditLog)
      .where(and(eq(t.auditLog.targetType, 'user'), inArray(t.auditLog.actorUserId, [admin.user.id, advisor.user.id, household.user.id])))
      .orderBy(t.auditLog.id);
    expect(trail.filter((r) => r.action.startsWith('impersonation.'))).toEqual([
      { action: 'impersonation.start', actor: admin.user.id, by: null, target: advisor.user.id },
      { action: 'impersonation.start', actor: advisor.user.id, by: admin.user.id, target: household.user.id },
      { action: 'impersonation.end', actor: household.user.id, by: admin.user.id, target: household.user.id },
      { action: 'impersonation.end', actor: advisor.user.id, by: admin.user.id, target: advisor.user.id },
    ]);
    // Every impersonation session ended; the admin's own goes on.
    const live = await db
      .select()
      .from(t.sessions)
      .where(and(isNull(t.sessions.revokedAt), inArray(t.sessions.userId, [admin.user.id, advisor.user.id, household.user.id])));
    expect(live.map((s) => s.userId)).toEqual([admin.user.id]);
  });

  it('never as an admin or attorney, only advisors from the admin, only the advisor’s clients, and never for others', async () => {
    const { admin, advisor, household, stranger } = await setUp();
    const legal = await makeUser({ isLegal: true });
    const otherAdmin = await makeUser({ isAdmin: true });
    await signInAs(admin.user);
    const adminCtx = await ctxNow();
    await expect(startImpersonation(adminCtx, legal.user.hash)).rejects.toThrow(CANNOT_ACT_AS_ADMIN);
    await expect(startImpersonation(adminCtx, otherAdmin.user.hash)).rejects.toThrow(CANNOT_ACT_AS_ADMIN);
    await expect(startImpersonation(adminCtx, household.user.hash)).rejects.toThrow(ONLY_ADVISORS_ACTED_AS);
    await expect(startImpersonation(adminCtx, 'no-such-user')).rejects.toMatchObject({ code: 'NOT_FOUND' });

    await startImpersonation(adminCtx, advisor.user.hash);
    const advisorCtx = await ctxNow();
    await expect(startImpersonation(advisorCtx, stranger.user.hash)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(startImpersonation(advisorCtx, legal.user.hash)).rejects.toThrow(CANNOT_ACT_AS_ADMIN);

    // An advisor signed in as themself acts as nobody.
    await signInAs(advisor.user);
    await expect(startImpersonation(await ctxNow(), household.user.hash)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const starts = await db
      .select({ actor: t.auditLog.actorUserId, target: t.auditLog.targetId })
      .from(t.auditLog)
      .where(and(eq(t.auditLog.action, 'impersonation.start'), inArray(t.auditLog.actorUserId, [admin.user.id, advisor.user.id])));
    expect(starts).toEqual([{ actor: admin.user.id, target: advisor.user.id }]);
  });

  it('an impersonation ends after an hour', async () => {
    const { admin, advisor } = await setUp();
    await signInAs(admin.user);
    const before = Date.now();
    await startImpersonation(await ctxNow(), advisor.user.hash);
    const claims = (await readSessionClaims())!;
    expect(claims.abs * 1000 - before).toBeLessThanOrEqual(3_600_000 + 1000);
    expect(claims.imp!.abs! - claims.abs).toBeGreaterThan(60 * 60);
  });
});

describe('Delete Client (hidden tool)', () => {
  afterEach(() => {
    delete process.env.CLIENT_DELETE_ALLOWED_EMAILS;
  });

  async function householdWithEverything() {
    const advisor = await makeAdvisor();
    const household = await makeHousehold(advisor.advisor.id, { spouse: true });
    const owners = [household.client.id, household.spouse!.client.id];
    const records = await seedIntakeRecords(owners);
    const [plan] = await db.insert(t.estatePlans).values({ clientId: household.client.id }).returning();
    const stored = await storeFor('local').put(new TextEncoder().encode('signed trust'), { name: 'trust.pdf', contentType: 'application/pdf' });
    await db
      .insert(t.files)
      .values({ estatePlanId: plan.id, name: 'trust.pdf', contentType: 'application/pdf', size: 12, storage: 'local', storageKey: stored.key });
    const [invoice] = await db
      .insert(t.invoices)
      .values({ advisorId: advisor.advisor.id, clientId: household.client.id, description: 'Trust fee', amount: '100.00' })
      .returning();
    return { advisor, household, owners, records, plan, storedKey: stored.key, invoice };
  }

  it('is refused (404, nothing written) for an admin not on CLIENT_DELETE_ALLOWED_EMAILS, and for an admin acting as an advisor', async () => {
    const admin = await makeUser({ isAdmin: true });
    const { household, advisor } = await householdWithEverything();
    process.env.CLIENT_DELETE_ALLOWED_EMAILS = 'someone.else@example.com';
    await signInAs(admin.user);
    let before = await databaseFingerprint();
    expect((await call(postDeleteClient, { hash: household.client.hash })).status).toBe(404);
    expect(await databaseFingerprint()).toEqual(before);
    process.env.CLIENT_DELETE_ALLOWED_EMAILS = admin.user.email;
    await signInAs(advisor.user, admin.user);
    before = await databaseFingerprint();
    expect((await call(postDeleteClient, { hash: household.client.hash })).status).toBe(403);
    expect(await databaseFingerprint()).toEqual(before);
  });

  it('deletes the household, its intake, plans and documents in one go; logins are emptied; the audit row has no personal data', async () => {
    const admin = await makeUser({ isAdmin: true });
    const { household, owners, records, plan, storedKey, invoice } = await householdWithEverything();
    process.env.CLIENT_DELETE_ALLOWED_EMAILS = ` Other@Example.com, ${admin.user.email.toUpperCase()} `;
    await signInAs(admin.user);
    const res = await call(postDeleteClient, { hash: household.spouse!.client.hash });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CLIENT_DELETED);

    expect(await db.select().from(t.clients).where(inArray(t.clients.id, owners))).toEqual([]);
    expect(await db.select().from(t.estatePlans).where(eq(t.estatePlans.id, plan.id))).toEqual([]);
    expect(await db.select().from(t.children).where(eq(t.children.hash, records.child))).toEqual([]);
    expect(await db.select().from(t.beneficiaries).where(eq(t.beneficiaries.hash, records.beneficiary))).toEqual([]);
    expect(await db.select().from(t.households).where(eq(t.households.id, household.household.id))).toEqual([]);
    await expect(storeFor('local').get(storedKey)).rejects.toThrow();
    // The invoice stays (money), unlinked.
    const [kept] = await db.select().from(t.invoices).where(eq(t.invoices.id, invoice.id));
    expect(kept.clientId).toBeNull();
    // The logins: disabled, no personal data left.
    for (const userId of [household.user.id, household.spouse!.user.id]) {
      const [row] = await db.select().from(t.users).innerJoin(t.persons, eq(t.persons.id, t.users.personId)).where(eq(t.users.id, userId));
      expect(row.users.disabledAt).not.toBeNull();
      expect(row.users.email).toMatch(/^deleted-.+@deleted\.invalid$/);
      expect(row.persons).toMatchObject({ firstName: '', lastName: '', email: null, phone: null, dob: null, ssnCipher: null });
    }
    const [audited] = await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'client.delete'));
    expect(audited).toMatchObject({ actorUserId: admin.user.id, targetType: 'household', meta: { clients: 2, files: 1, logins: 2 } });
    expect(JSON.stringify(audited)).not.toContain(household.user.email);
  });
});

/** The actor of the current cookie, without React's per-render cache. */
async function getActorFresh() {
  const claims = await readSessionClaims();
  return claims ? loadActor(claims) : null;
}

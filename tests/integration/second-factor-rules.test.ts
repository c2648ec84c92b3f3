import { and, eq } from 'drizzle-orm';
import { db } from '@/db';
import { auditLog, notifications, sessions, totpFactors, users } from '@/db/schema';
import { actAsAction, listUsersAction, resetSecondFactorAction } from '@/lib/actions/admin';
import { beginTotpAction } from '@/lib/actions/settings';
import { loadActor } from '@/lib/auth/actor';
import { authenticate } from '@/lib/auth/authenticate';
import { sealTotpSecret } from '@/lib/auth/second-factor/factors';
import { RECENT_SECOND_STEP_REQUIRED, SECOND_FACTOR_REQUIRED } from '@/lib/auth/second-factor/rules';
import { newTotpSecret } from '@/lib/auth/second-factor/totp';
import { readSessionClaims } from '@/lib/auth/session';
import { makeAdvisor, makeUser, TEST_PASSWORD } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';

/*
 * Who must sign in with a second factor and what waits for it (issue 31): the grace period started at
 * sign-in, everything but Settings refused after it, the recent second step asked by acting as someone,
 * and an admin's reset of a user's authenticator app.
 */

const DAY = 24 * 3600_000;
const giveTotp = async (userId: number) => {
  const hash = `rules${userId}${Date.now()}`;
  await db.insert(totpFactors).values({ hash, userId, secretCipher: sealTotpSecret(newTotpSecret(), hash), confirmedAt: new Date() });
};
const markThisSessionPassed = async () => {
  const claims = await readSessionClaims();
  await db.update(sessions).set({ secondFactorAt: new Date() }).where(eq(sessions.id, claims!.sid));
};

beforeEach(() => signOut());

describe('the grace period', () => {
  it('starts at an attorney’s or admin’s sign-in, not an advisor’s', async () => {
    const { user: attorney } = await makeUser({ isLegal: true });
    const { user: advisor } = await makeAdvisor();
    const before = Date.now();
    await authenticate({ email: attorney.email, password: TEST_PASSWORD, ip: '203.0.113.1' });
    await authenticate({ email: advisor.email, password: TEST_PASSWORD, ip: '203.0.113.1' });
    const [a] = await db.select({ due: users.secondFactorDueAt }).from(users).where(eq(users.id, attorney.id));
    expect(a.due!.getTime()).toBeGreaterThanOrEqual(before + 14 * DAY - 5000);
    expect(a.due!.getTime()).toBeLessThanOrEqual(Date.now() + 14 * DAY + 5000);
    const [b] = await db.select({ due: users.secondFactorDueAt }).from(users).where(eq(users.id, advisor.id));
    expect(b.due).toBeNull();
    // A later sign-in keeps the first date.
    await authenticate({ email: attorney.email, password: TEST_PASSWORD, ip: '203.0.113.1' });
    const [again] = await db.select({ due: users.secondFactorDueAt }).from(users).where(eq(users.id, attorney.id));
    expect(again.due!.getTime()).toBe(a.due!.getTime());
  });

  it('past it, an admin without an app is refused everything but their own account’s doors', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    await db
      .update(users)
      .set({ secondFactorDueAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, admin.id));
    await signInAs(admin);
    expect(await listUsersAction({ q: '', page: 1 })).toMatchObject({ ok: false, status: 403, message: SECOND_FACTOR_REQUIRED });
    expect(await beginTotpAction({})).toMatchObject({ ok: true });
    // With the app set up (the begun enrolment confirmed), the doors open again.
    await db.update(totpFactors).set({ confirmedAt: new Date() }).where(eq(totpFactors.userId, admin.id));
    expect(await listUsersAction({ q: '', page: 1 })).toMatchObject({ ok: true });
  });
});

describe('a recent second step', () => {
  it('acting as an advisor asks an admin with an app for a session that passed its code', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user: advisor } = await makeAdvisor();
    await giveTotp(admin.id);
    await signInAs(admin);
    expect(await actAsAction({ user_id: advisor.hash })).toMatchObject({ ok: false, status: 403, message: RECENT_SECOND_STEP_REQUIRED });
    await markThisSessionPassed();
    expect(await actAsAction({ user_id: advisor.hash })).toMatchObject({ ok: true });
  });

  it('an admin in the grace period without an app still may (the rule waits for the date)', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user: advisor } = await makeAdvisor();
    await db
      .update(users)
      .set({ secondFactorDueAt: new Date(Date.now() + DAY) })
      .where(eq(users.id, admin.id));
    await signInAs(admin);
    expect(await actAsAction({ user_id: advisor.hash })).toMatchObject({ ok: true });
  });
});

describe('an admin resets a user’s authenticator app', () => {
  it('removes it, ends the user’s sessions, tells them and audits', async () => {
    const { user: admin } = await makeUser({ isAdmin: true });
    const { user: attorney } = await makeUser({ isLegal: true });
    await giveTotp(attorney.id);
    await signInAs(attorney);
    const attorneyClaims = (await readSessionClaims())!;
    signOut();
    await signInAs(admin);
    const result = await resetSecondFactorAction({ user_id: attorney.hash });
    expect(result).toMatchObject({ ok: true });
    expect(await db.select().from(totpFactors).where(eq(totpFactors.userId, attorney.id))).toHaveLength(0);
    expect(await loadActor(attorneyClaims)).toBeNull();
    const [notice] = await db.select().from(notifications).where(eq(notifications.userId, attorney.id));
    expect(notice.title).toBe('An administrator reset your second factor');
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, admin.id), eq(auditLog.action, 'user.resetSecondFactor'))),
    ).toHaveLength(1);
    // Nothing left to reset; and never one's own.
    expect(await resetSecondFactorAction({ user_id: attorney.hash })).toMatchObject({ ok: false, status: 409 });
    expect(await resetSecondFactorAction({ user_id: admin.hash })).toMatchObject({ ok: false, status: 422 });
  });
});

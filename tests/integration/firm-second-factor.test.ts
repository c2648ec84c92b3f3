import { and, eq } from 'drizzle-orm';
import { db } from '@/db';
import { auditLog, firms, notifications, users } from '@/db/schema';
import { setFirmSecondFactorAction } from '@/lib/actions/advisors';
import { loadActor } from '@/lib/auth/actor';
import { secondFactorState } from '@/lib/auth/second-factor/rules';
import { readSessionClaims } from '@/lib/auth/session';
import { makeAdvisor, makeFirm, makeUser } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';

/*
 * A firm's rule that its advisors sign in with a second factor (issue 31): set by its supervisor (My Team)
 * or an admin; each advisor's grace period starts and they are told; the rules then treat them as staff.
 */

const DAY = 24 * 3600_000;
beforeEach(() => signOut());

async function actorNow() {
  return (await loadActor((await readSessionClaims())!))!;
}

describe('a firm requires a second factor of its advisors', () => {
  it('its supervisor turns it on: every advisor of the firm gets a grace period and a notice; the rule then applies to them', async () => {
    const firm = await makeFirm('Harbor Wealth');
    const supervisor = await makeAdvisor({ firmId: firm.id, supervisor: true });
    const advisor = await makeAdvisor({ firmId: firm.id });
    const elsewhere = await makeAdvisor();
    await signInAs(supervisor.user);
    const result = await setFirmSecondFactorAction({ firm_id: firm.hash, required: true });
    expect(result).toMatchObject({ ok: true, data: { required: true, message: expect.stringContaining('Harbor Wealth') } });
    const [row] = await db.select().from(firms).where(eq(firms.id, firm.id));
    expect(row.requiresSecondFactor).toBe(true);
    const [due] = await db.select({ at: users.secondFactorDueAt }).from(users).where(eq(users.id, advisor.user.id));
    expect(Math.abs(due.at!.getTime() - (Date.now() + 14 * DAY))).toBeLessThan(60_000);
    const [notice] = await db.select().from(notifications).where(eq(notifications.userId, advisor.user.id));
    expect(notice.title).toBe('Your firm asks you to sign in with a second step');
    const [untouched] = await db.select({ at: users.secondFactorDueAt }).from(users).where(eq(users.id, elsewhere.user.id));
    expect(untouched.at).toBeNull();
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, supervisor.user.id), eq(auditLog.action, 'firm.second-factor.require'))),
    ).toHaveLength(1);

    signOut();
    await signInAs(advisor.user);
    expect(secondFactorState(await actorNow(), new Date())).toBe('grace');
    expect(secondFactorState(await actorNow(), new Date(Date.now() + 15 * DAY))).toBe('overdue');

    // The same choice again changes nothing; turning it off releases them.
    signOut();
    await signInAs(supervisor.user);
    await setFirmSecondFactorAction({ firm_id: firm.hash, required: true });
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, supervisor.user.id), eq(auditLog.action, 'firm.second-factor.require'))),
    ).toHaveLength(1);
    expect(await setFirmSecondFactorAction({ firm_id: firm.hash, required: false })).toMatchObject({ ok: true, data: { required: false } });
    signOut();
    await signInAs(advisor.user);
    expect(secondFactorState(await actorNow(), new Date(Date.now() + 15 * DAY))).toBe('not-required');
  });

  it('another firm’s supervisor finds no such firm, an advisor may not, an admin may', async () => {
    const firm = await makeFirm('Harbor Wealth');
    const other = await makeFirm('Other Wealth');
    const outsider = await makeAdvisor({ firmId: other.id, supervisor: true });
    const advisor = await makeAdvisor({ firmId: firm.id });
    const { user: admin } = await makeUser({ isAdmin: true });
    await signInAs(outsider.user);
    expect(await setFirmSecondFactorAction({ firm_id: firm.hash, required: true })).toMatchObject({ ok: false, status: 404 });
    signOut();
    await signInAs(advisor.user);
    expect(await setFirmSecondFactorAction({ firm_id: firm.hash, required: true })).toMatchObject({ ok: false, status: 403 });
    const [row] = await db.select().from(firms).where(eq(firms.id, firm.id));
    expect(row.requiresSecondFactor).toBe(false);
    signOut();
    await signInAs(admin);
    expect(await setFirmSecondFactorAction({ firm_id: firm.hash, required: true })).toMatchObject({ ok: true });
  });
});

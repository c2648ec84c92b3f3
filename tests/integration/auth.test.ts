import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { sessions, users } from '@/db/schema';
import { loadActor } from '@/lib/auth/actor';
import { authenticate, INVALID_CREDENTIALS } from '@/lib/auth/authenticate';
import { claimsOf } from '../helpers/context';
import { makeUser, TEST_PASSWORD } from '../helpers/factories';

const ip = '203.0.113.5';

describe('authenticate', () => {
  it('returns the session claims for the right password, whatever the email case', async () => {
    const { user } = await makeUser();
    const { claims } = await authenticate({ email: `  ${user.email.toUpperCase()} `, password: TEST_PASSWORD, ip });
    expect(claims).toEqual({ uid: user.hash, sv: user.sessionVersion, sid: expect.any(String), abs: expect.any(Number) });
    // The session's absolute end: eight hours from now.
    expect(claims.abs * 1000 - Date.now()).toBeGreaterThan(8 * 3600_000 - 60_000);
    expect(claims.abs * 1000 - Date.now()).toBeLessThanOrEqual(8 * 3600_000);
  });

  it('answers a wrong password and an unknown email with the same message', async () => {
    const { user } = await makeUser();
    await expect(authenticate({ email: user.email, password: 'nope', ip })).rejects.toThrow(INVALID_CREDENTIALS);
    await expect(authenticate({ email: 'nobody@test.example', password: 'nope', ip })).rejects.toThrow(INVALID_CREDENTIALS);
  });

  it('refuses a disabled user with the same message', async () => {
    const { user } = await makeUser({ disabledAt: new Date() });
    await expect(authenticate({ email: user.email, password: TEST_PASSWORD, ip })).rejects.toThrow(INVALID_CREDENTIALS);
  });

  it('records the session it opens (address, browser, end) and prunes ended ones', async () => {
    const { user } = await makeUser();
    const [stale] = await db
      .insert(sessions)
      .values({ id: 'ended-long-ago', userId: user.id, expiresAt: new Date(Date.now() - 60_000) })
      .returning();
    const { claims } = await authenticate({ email: user.email, password: TEST_PASSWORD, ip, userAgent: 'Browser/1.0' });
    const [row] = await db.select().from(sessions).where(eq(sessions.id, claims.sid));
    expect(row).toMatchObject({ userId: user.id, impersonatorUserId: null, ip, userAgent: 'Browser/1.0', revokedAt: null });
    expect(row.expiresAt.getTime()).toBe(claims.abs * 1000);
    expect(await db.select().from(sessions).where(eq(sessions.id, stale.id))).toEqual([]);
  });
});

describe('loadActor', () => {
  it('ends sessions issued before a password change (session version)', async () => {
    const { user } = await makeUser();
    expect(await loadActor(await claimsOf(user))).not.toBeNull();
    await db
      .update(users)
      .set({ sessionVersion: user.sessionVersion + 1 })
      .where(eq(users.id, user.id));
    expect(await loadActor(await claimsOf(user))).toBeNull();
  });

  it('ends sessions of a disabled user', async () => {
    const { user } = await makeUser();
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id));
    expect(await loadActor(await claimsOf(user))).toBeNull();
  });

  it('refuses a session whose row is revoked, past its end or unknown', async () => {
    const { user } = await makeUser();
    const revoked = await claimsOf(user);
    const ended = await claimsOf(user);
    expect(await loadActor(revoked)).not.toBeNull();
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, revoked.sid));
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, ended.sid));
    expect(await loadActor(revoked)).toBeNull();
    expect(await loadActor(ended)).toBeNull();
    expect(await loadActor({ ...(await claimsOf(user)), sid: 'made-up' })).toBeNull();
  });

  it("refuses another user's session id, and an impersonation whose session was not opened by that admin", async () => {
    const { user } = await makeUser();
    const { user: other } = await makeUser();
    const { user: admin } = await makeUser({ isAdmin: true });
    expect(await loadActor({ ...(await claimsOf(user)), sid: (await claimsOf(other)).sid })).toBeNull();
    const acting = await claimsOf(user, admin);
    // The user's own session in place of the impersonation's: not an impersonation that admin started.
    expect(await loadActor({ ...acting, sid: (await claimsOf(user)).sid })).toBeNull();
    expect((await loadActor(acting))?.impersonator?.userId).toBe(admin.id);
  });

  it('refuses an impersonation claimed by a non-admin', async () => {
    const { user: target } = await makeUser();
    const { user: pretender } = await makeUser({ isLegal: true });
    const { user: admin } = await makeUser({ isAdmin: true });
    expect(await loadActor(await claimsOf(target, pretender))).toBeNull();
    const actor = await loadActor(await claimsOf(target, admin));
    expect(actor?.impersonator?.userId).toBe(admin.id);
  });
});

import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { loginAttempts } from '@/db/schema';
import { POST as loginPost } from '@/app/api/login/route';
import { authenticate, INVALID_CREDENTIALS } from '@/lib/auth/authenticate';
import { issueDeviceToken } from '@/lib/auth/device-cookie';
import { issueLoginToken } from '@/lib/auth/login-token';
import { deviceCookieName, sessionCookieName } from '@/lib/auth/session';
import { ACCOUNT_BRAKE, ACCOUNT_SLOWED, ADDRESS_BRAKE, ADDRESS_SLOWED } from '@/lib/auth/sign-in-brake';
import { PEER_HEADER } from '@/lib/http/request';
import { cookieJar } from '../helpers/fake-headers';
import { makeAdvisor, makeUser, TEST_PASSWORD } from '../helpers/factories';
import { currentSessionCookie, signOut } from '../helpers/session';

/*
 * The brakes keep guessing slow without handing an attacker a lock (issue 18, item 8): an attacker's
 * failures slow the account's untrusted sign-ins for at most two minutes, never the browser the owner
 * signed in from before (its device cookie), and a noisy address slows only itself.
 */

const OWNER_IP = '203.0.113.77';

/** Failed attempts at an email, as an attacker would leave them: from many addresses unless one is given. */
async function failures(email: string, n: number, options: { ip?: string; at?: Date; device?: string } = {}) {
  await db.insert(loginAttempts).values(
    Array.from({ length: n }, (_, i) => ({
      email,
      ip: options.ip ?? `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      device: options.device ?? null,
      succeeded: false,
      createdAt: options.at ?? new Date(),
    })),
  );
}

/** The login form's post, from an address, with whatever cookies the jar (the browser) holds. */
async function postLogin(email: string, password: string, ip = OWNER_IP) {
  const request = new Request('http://localhost:3000/login', {
    method: 'POST',
    body: new URLSearchParams({ _token: issueLoginToken(), email, password }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:3000', origin: 'http://localhost:3000', [PEER_HEADER]: ip },
  });
  const response = await loginPost(request, { params: Promise.resolve({}) });
  const location = new URL(response.headers.get('location')!, 'http://localhost:3000');
  return { path: location.pathname, error: location.searchParams.get('error') };
}

/** Ends the browser's session but keeps its other cookies (the device cookie), as logging out does. */
function dropSession() {
  cookieJar.delete(sessionCookieName());
}

beforeEach(() => signOut());

describe('sign-in brakes', () => {
  it("an attacker's 50 failures from other addresses do not stop the owner, whose browser signed in before", async () => {
    const { user } = await makeAdvisor();
    expect(await postLogin(user.email, TEST_PASSWORD)).toEqual({ path: '/dashboard', error: null });
    expect(cookieJar.get(deviceCookieName())).toBeTruthy();
    dropSession();

    await failures(user.email, 50);
    expect(await postLogin(user.email, TEST_PASSWORD)).toEqual({ path: '/dashboard', error: null });
    expect(currentSessionCookie()).toBeDefined();
  });

  it('without a device cookie the owner is slowed by those failures, for two minutes at most, never locked out for 10', async () => {
    const { user } = await makeUser();
    await failures(user.email, 50);
    await expect(authenticate({ email: user.email, password: TEST_PASSWORD, ip: OWNER_IP })).rejects.toThrow(ACCOUNT_SLOWED);
    // Two minutes and a second after the attacker's last failure the owner signs in.
    await db
      .update(loginAttempts)
      .set({ createdAt: new Date(Date.now() - ACCOUNT_BRAKE.maxDelayMs - 1000) })
      .where(eq(loginAttempts.email, user.email));
    await expect(authenticate({ email: user.email, password: TEST_PASSWORD, ip: OWNER_IP })).resolves.toBeDefined();
  });

  it('the login page says the account is slowed, with its fixed text', async () => {
    const { user } = await makeAdvisor();
    await failures(user.email, 50);
    expect(await postLogin(user.email, TEST_PASSWORD)).toEqual({ path: '/login', error: 'locked' });
  });

  it("one address's failures throttle that address only", async () => {
    const noisy = '192.0.2.200';
    const { user } = await makeAdvisor();
    // Someone behind the owner's address guesses at other accounts.
    for (let i = 0; i < ADDRESS_BRAKE.free; i++) await failures(`victim${i}@test.example`, 1, { ip: noisy });
    await expect(authenticate({ email: user.email, password: TEST_PASSWORD, ip: noisy })).rejects.toThrow(ADDRESS_SLOWED);
    expect(await postLogin(user.email, TEST_PASSWORD, noisy)).toEqual({ path: '/login', error: 'network-locked' });
    // Another address is not slowed, and the account itself is not either.
    await expect(authenticate({ email: user.email, password: TEST_PASSWORD, ip: OWNER_IP })).resolves.toBeDefined();
    // The owner's browser, once it has signed in, is not slowed by the noisy neighbours either.
    expect(await postLogin(user.email, TEST_PASSWORD)).toEqual({ path: '/dashboard', error: null });
    dropSession();
    expect(await postLogin(user.email, TEST_PASSWORD, noisy)).toEqual({ path: '/dashboard', error: null });
  });

  it('a device cookie has its own failure limit: after 5 wrong passwords it vouches for nothing', async () => {
    const { user } = await makeAdvisor();
    expect((await postLogin(user.email, TEST_PASSWORD)).path).toBe('/dashboard');
    dropSession();
    await failures(user.email, 50);
    // A stolen device cookie gets five guesses, not a way around the brakes.
    for (let i = 0; i < 5; i++) expect(await postLogin(user.email, `wrong-${i}`)).toEqual({ path: '/login', error: 'credentials' });
    expect(await postLogin(user.email, TEST_PASSWORD)).toEqual({ path: '/login', error: 'locked' });
  });

  it("a forged device cookie, or another account's, vouches for nothing", async () => {
    const { user } = await makeUser();
    const { user: other } = await makeUser();
    await failures(user.email, 50);
    const genuine = issueDeviceToken(other.hash);
    const forged = `${user.hash}.${genuine.split('.')[1]}.${genuine.split('.')[2]}`;
    for (const deviceCookie of [genuine, forged, 'garbage']) {
      await expect(authenticate({ email: user.email, password: TEST_PASSWORD, ip: OWNER_IP, deviceCookie })).rejects.toThrow(ACCOUNT_SLOWED);
    }
    await expect(authenticate({ email: user.email, password: TEST_PASSWORD, ip: OWNER_IP, deviceCookie: issueDeviceToken(user.hash) })).resolves.toBeDefined();
  });

  it('parallel guesses take turns at the brake: twelve at once get five password checks', async () => {
    const { user } = await makeUser();
    const now = new Date();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => authenticate({ email: user.email, password: `guess-${i}`, ip: `192.0.2.${i + 1}` }, now)),
    );
    const reasons = results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'signed in'));
    expect(reasons.filter((m) => m === INVALID_CREDENTIALS)).toHaveLength(ACCOUNT_BRAKE.free);
    expect(reasons.filter((m) => m === ACCOUNT_SLOWED)).toHaveLength(12 - ACCOUNT_BRAKE.free);
    // Refused attempts are not recorded, so they do not make the wait longer.
    expect(await db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email))).toHaveLength(ACCOUNT_BRAKE.free);
  });

  it('a successful sign-in clears the account slate; failures older than the window are forgotten', async () => {
    const { user } = await makeUser();
    await failures(user.email, 5, { at: new Date(Date.now() - ACCOUNT_BRAKE.windowMs - 1000) });
    await expect(authenticate({ email: user.email, password: 'wrong', ip: OWNER_IP })).rejects.toThrow(INVALID_CREDENTIALS);
    await expect(authenticate({ email: user.email, password: TEST_PASSWORD, ip: OWNER_IP, deviceCookie: issueDeviceToken(user.hash) })).resolves.toBeDefined();
    await failures(user.email, 4);
    // 4 failures since the success: still free.
    await expect(authenticate({ email: user.email, password: TEST_PASSWORD, ip: OWNER_IP })).resolves.toBeDefined();
  });
});

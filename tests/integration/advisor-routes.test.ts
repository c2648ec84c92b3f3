import { count, eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { POST as fetchAdvisorRoute } from '@/app/api/advisor/fetch/route';
import { POST as createClientsRoute } from '@/app/api/advisorCreateClient/route';
import { POST as saveChild } from '@/app/api/clientInfo/updateOrCreate/child/route';
import { POST as getInvites } from '@/app/api/getInvites/route';
import { POST as resendInviteRoute } from '@/app/api/resendInvite/[id]/route';
import { POST as sendInviteRoute } from '@/app/api/sendInvite/route';
import { db } from '@/db';
import * as t from '@/db/schema';
import { FeatureLockGate } from '@/components/advisors/feature-lock-notice';
import { FEATURE_LOCKED_MESSAGE } from '@/lib/billing/lock';
import { countQueries } from '@/db';
import { loadIntake } from '@/lib/intake/load';
import { API_INVITES } from '@/lib/invites/invites';
import { API_CLIENTS, fetchAdvisor } from '@/lib/legacy/fetch-advisor';
import type { RouteHandler } from '@/lib/http/route';
import { actorOf, ctxOf } from '../helpers/context';
import { resetDatabase } from '../helpers/db';
import { makeAdvisor, makeHousehold, makeUser } from '../helpers/factories';
import { signInAs, signOut } from '../helpers/session';
import { databaseFingerprint } from '../helpers/world';

/* The advisor workspace's compatibility routes with the earlier front end's payloads (platform spec §7). */

type Answer = Record<string, unknown> & { message?: string };
async function call(handler: RouteHandler, body: Record<string, unknown> | null, params: Record<string, string> = {}) {
  const request = new Request('http://localhost/api/x/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const response = await handler(request, { params: Promise.resolve(params) });
  return { status: response.status, body: (await response.json()) as Answer };
}

beforeEach(async () => {
  await resetDatabase();
  signOut();
});

describe('advisor workspace routes', () => {
  it('POST /api/advisorCreateClient/ creates the couple from client_{n}_ fields; same emails are 422 with nothing written', async () => {
    const a = await makeAdvisor();
    await signInAs(a.user);
    const base = {
      client_count: 2,
      advisor_id: a.advisor.hash,
      client_1_first_name: 'Robin',
      client_1_last_name: 'Okafor',
      client_1_email: 'robin@route.example',
      client_1_mobile_phone: 5035550199,
      client_1_date_of_birth: '04/05/1971',
      client_1_social_security_number: '123-45-6789',
      client_1_gender: 'male',
      client_2_first_name: 'Quinn',
      client_2_last_name: 'Okafor',
      client_2_email: 'ROBIN@route.example ',
      client_2_middle_name: null,
    };
    const before = await databaseFingerprint();
    const same = await call(createClientsRoute, base);
    expect(same).toEqual({
      status: 422,
      body: { message: 'Client emails cannot be the same', errors: { 'clients.1.email': 'Client emails cannot be the same' } },
    });
    expect(await databaseFingerprint()).toEqual(before);
    expect((await call(createClientsRoute, { ...base, client_count: 3 })).status).toBe(422);
    const ok = await call(createClientsRoute, { ...base, client_2_email: 'quinn@route.example' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Client(s) created successfully');
    expect(ok.body.clients).toHaveLength(2);
    expect((await db.select({ n: count() }).from(t.households))[0].n).toBe(1);
  });

  it('sendInvite, getInvites and resendInvite answer { message, invites } with the spec fields', async () => {
    const a = await makeAdvisor();
    await signInAs(a.user);
    const sent = await call(sendInviteRoute, { client_name: 'Morgan Ellis', client_email: 'Morgan@Route.example', advisor_id: a.advisor.hash });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('Client invitation sent successfully');
    const [invite] = sent.body.invites as Record<string, unknown>[];
    expect(Object.keys(invite).sort()).toEqual(['can_resend', 'email', 'id', 'is_created', 'name', 'sent_at', 'sent_at_formatted']);
    expect(invite).toMatchObject({ name: 'Morgan Ellis', email: 'morgan@route.example', is_created: false, can_resend: false });
    const listed = await call(getInvites, { advisor_id: a.advisor.hash });
    expect(listed.body.invites).toEqual(sent.body.invites);
    const early = await call(resendInviteRoute, null, { id: String(invite.id) });
    expect(early).toEqual({ status: 429, body: { message: 'Please wait 5 minutes before resending this invitation.' } });
    await db.update(t.invites).set({ sentAt: new Date(Date.now() - 6 * 60 * 1000) });
    const again = await call(resendInviteRoute, null, { id: String(invite.id) });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Client invitation resent successfully');
    expect((await call(sendInviteRoute, { client_name: 'Morgan Ellis', client_email: 'not-an-email', advisor_id: a.advisor.hash })).status).toBe(422);
  });

  it('POST /api/advisor/fetch answers advisor, clients, invites and invoices', async () => {
    const a = await makeAdvisor();
    await makeHousehold(a.advisor.id, { spouse: true });
    await db.insert(t.invoices).values({ advisorId: a.advisor.id, description: 'Trust', amount: '995.00', amountPaid: '100.50' });
    await signInAs(a.user);
    const { status, body } = await call(fetchAdvisorRoute, { advisor_id: a.advisor.hash });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['advisor', 'clients', 'invites', 'invoices']);
    expect(body.advisor).toMatchObject({ hash: a.advisor.hash, outstanding_balance: '894.50', max_invoices: 3, invoices_count: 1, vault_id: false });
    expect(body.clients).toHaveLength(1);
    expect((body.clients as { spouse: unknown; estate_plans: unknown[] }[])[0].spouse).not.toBeNull();
    const other = await makeAdvisor();
    await signInAs(other.user);
    expect((await call(fetchAdvisorRoute, { advisor_id: a.advisor.hash })).status).toBe(404);
  });

  it('POST /api/advisor/fetch lists the newest API_CLIENTS households, not a whole book (issue 32)', async () => {
    const a = await makeAdvisor();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await makeHousehold(a.advisor.id));
    const ctx = ctxOf(await actorOf(a.user));
    const bounded = await fetchAdvisor(ctx, { advisor_id: a.advisor.hash }, 2);
    expect(bounded.clients.map((c) => c.hash)).toEqual([made[2].client.hash, made[1].client.hash]);
    expect((await fetchAdvisor(ctx, { advisor_id: a.advisor.hash })).clients).toHaveLength(3);
    expect(API_CLIENTS).toBeGreaterThanOrEqual(API_INVITES);
  });
});

describe('features lock on the intake routes and pages', () => {
  async function locked() {
    const a = await makeAdvisor({ maxInvoices: 1 });
    const household = await makeHousehold(a.advisor.id);
    await db.insert(t.invoices).values({ advisorId: a.advisor.id, description: 'Trust', amount: '995.00' });
    return { a, household };
  }

  it('an intake route answers 403 with the spec message and writes nothing; an admin is not locked', async () => {
    const { a, household } = await locked();
    const child = { hash_id: household.client.hash, hash_id_child: '', owner: '1', first_name: 'Kid', last_name: 'Locked', dob: '01/02/2015', gender: 'male' };
    for (const user of [a.user, household.user]) {
      await signInAs(user);
      const before = await databaseFingerprint();
      expect(await call(saveChild, child)).toEqual({ status: 403, body: { message: FEATURE_LOCKED_MESSAGE } });
      expect(await databaseFingerprint()).toEqual(before);
    }
    const admin = await makeUser({ isAdmin: true });
    await signInAs(admin.user);
    expect((await call(saveChild, child)).status).toBe(200);
  });

  it('a locked advisor takes on no new work: Send Invite and New Client answer 403 with the spec message, writing nothing', async () => {
    const { a } = await locked();
    await signInAs(a.user);
    const before = await databaseFingerprint();
    expect(await call(sendInviteRoute, { advisor_id: a.advisor.hash, client_name: 'Late Invitee', client_email: 'late@lock.example' })).toEqual({
      status: 403,
      body: { message: FEATURE_LOCKED_MESSAGE },
    });
    const newClient = {
      client_count: 1,
      advisor_id: a.advisor.hash,
      client_1_first_name: 'Late',
      client_1_last_name: 'Client',
      client_1_email: 'late.client@lock.example',
      client_1_mobile_phone: 5550001111,
      client_1_date_of_birth: '02/03/1970',
      client_1_social_security_number: '123-45-6789',
      client_1_gender: 'female',
    };
    expect(await call(createClientsRoute, newClient)).toEqual({ status: 403, body: { message: FEATURE_LOCKED_MESSAGE } });
    expect(await databaseFingerprint()).toEqual(before);
  });

  it("opening the client's info shows the message to the advisor and the client, a warning one invoice before", async () => {
    const { a, household } = await locked();
    // The page's one load of the household carries the lock (no query of its own); the page wraps the
    // intake in FeatureLockGate with it, the warning for the advisory side only (app/(workspace)/client-info).
    const page = async (user: typeof a.user, showWarning: boolean) => {
      const view = await loadIntake(ctxOf(await actorOf(user)), household.client.hash);
      return { view, html: renderToStaticMarkup(FeatureLockGate({ lock: view.featureLock, showWarning, children: 'INTAKE' })) };
    };
    const advisorView = await page(a.user, true);
    expect(advisorView.view.featureLock).toEqual({ state: 'locked', unpaid: 1, max: 1 });
    expect(advisorView.html).toContain(FEATURE_LOCKED_MESSAGE);
    expect(advisorView.html).not.toContain('INTAKE');
    const clientView = await page(household.user, false);
    expect(clientView.html).toContain(FEATURE_LOCKED_MESSAGE);
    // One invoice paid: max 1 → 0 unpaid is the warning threshold (max - 1).
    await db.update(t.invoices).set({ status: 'paid' }).where(eq(t.invoices.advisorId, a.advisor.id));
    const warned = await page(a.user, true);
    expect(warned.view.featureLock.state).toBe('warning');
    expect(warned.html).toContain('INTAKE');
    expect(warned.html).toContain('unpaid invoice');
    expect((await page(household.user, false)).html).toBe('INTAKE');
    const legal = await makeUser({ isLegal: true });
    await db.update(t.invoices).set({ status: 'open' });
    expect((await page(legal.user, true)).view.featureLock.state).toBe('ok');
  });

  it('the lock costs the page no query: the load runs as many statements locked as unlocked', async () => {
    const { a, household } = await locked();
    const ctx = ctxOf(await actorOf(a.user));
    const lockedLoad = await countQueries(() => loadIntake(ctx, household.client.hash));
    await db.update(t.invoices).set({ status: 'paid' }).where(eq(t.invoices.advisorId, a.advisor.id));
    const openLoad = await countQueries(() => loadIntake(ctx, household.client.hash));
    expect(lockedLoad.result.featureLock.state).toBe('locked');
    expect(openLoad.result.featureLock.state).toBe('warning');
    expect(lockedLoad.count).toBe(openLoad.count);
  });
});

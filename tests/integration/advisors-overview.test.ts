import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import DashboardPage from '@/app/(workspace)/dashboard/page';
import { CallProvider } from '@/components/ui/call-provider';
import { db, recordQueries } from '@/db';
import * as t from '@/db/schema';
import type { EstatePlanStatus } from '@/db/schema';
import { AppError } from '@/lib/kernel/errors';
import { listAdvisorOverview, loadAdvisorClients } from '@/lib/overview/queries';
import { ADVISOR_PAGE_SIZE, DEFAULT_ADVISOR_LIST_STATE, type AdvisorListState } from '@/lib/overview/rules';
import { actorOf, ctxOf } from '../helpers/context';
import { makeAdvisor, makeFirm, makeHousehold, makeUser } from '../helpers/factories';
import { redirectOf } from '../helpers/pages';
import { signInAs, signOut } from '../helpers/session';
import { customPlan, firstStatementOf, genericPlan } from '../helpers/list-plans';
import { buildWorld, ROLES, sessionOf, type World } from '../helpers/world';

// The admin's overview holds the Create Advisor and User Management forms, whose client code asks for the
// router; rendered here outside the app router, they get one that goes nowhere.
jest.mock('next/navigation', () => ({
  ...jest.requireActual('next/navigation'),
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), back: jest.fn(), forward: jest.fn(), prefetch: jest.fn() }),
}));

/*
 * The Admin / Attorney advisors overview (issue 20): its loader's figures, search, sorts and pages in one
 * statement whatever the number of advisors, the expansion's households and documents, reads only, and
 * the page per role.
 */

/** Statements that change data (as tests/integration/dashboard-read-only.test.ts tells them). */
const WRITE = /(^|\(|\s)(insert\s+into|update\s+("?\w+"?\.)?"?\w+"?\s+(as\s+\w+\s+|\w+\s+)?set|delete\s+from|merge\s+into|truncate)\b/i;

const state = (change: Partial<AdvisorListState> = {}): AdvisorListState => ({ ...DEFAULT_ADVISOR_LIST_STATE, ...change });

async function plan(clientId: number, status: EstatePlanStatus, submitted = false, createdAt?: Date) {
  const [row] = await db
    .insert(t.estatePlans)
    .values({ clientId, status, submittedAt: submitted ? new Date() : null, ...(createdAt ? { createdAt } : {}) })
    .returning();
  return row;
}

async function file(estatePlanId: number, name: string, contentType: string, createdByUserId: number | null, createdAt: Date) {
  const [row] = await db
    .insert(t.files)
    .values({ estatePlanId, name, contentType, size: 10, storageKey: `key-${name}-${Date.now()}`, createdByUserId, createdAt })
    .returning();
  return row;
}

let world: World;
let legalCtx: ReturnType<typeof ctxOf>;

beforeAll(async () => {
  world = await buildWorld();
  legalCtx = ctxOf(await actorOf(world.legal.user));
}, 120_000);
afterAll(() => signOut());

describe('the advisors table (listAdvisorOverview)', () => {
  it('lists every advisor with firms and household figures, in one statement', async () => {
    const { count, result } = await recordQueries(() => listAdvisorOverview(legalCtx, state({ sort: 'clients', dir: 'desc' })));
    expect(count).toBe(1);
    expect(result.total).toBe(4);
    const byHash = new Map(result.rows.map((r) => [r.hash, r]));
    const advisor = byHash.get(world.advisor.advisor.hash)!;
    // The advisor's two households (a married couple counts once); the world's plan is 'incomplete', unsubmitted.
    expect(advisor).toMatchObject({ clients: 2, submitted: 0, inReview: 0, firms: ['Matrix Firm'], userHash: world.advisor.user.hash });
    expect(advisor.lastActivity).not.toBeNull();
    expect(result.rows[0].hash).toBe(world.advisor.advisor.hash);
    expect(byHash.get(world.outsider.advisor.hash)).toMatchObject({ clients: 1, firms: ['Other Matrix Firm'] });
    expect(byHash.get(world.supervisor.advisor.hash)).toMatchObject({ clients: 0, submitted: 0, inReview: 0, lastActivity: null });
  });

  it('counts submitted households by the one rule and attorney review by the latest plan', async () => {
    const extra = await makeAdvisor();
    const submittedOnly = await makeHousehold(extra.advisor.id);
    await plan(submittedOnly.client.id, 'signed', true);
    const reviewing = await makeHousehold(extra.advisor.id, { spouse: true });
    await plan(reviewing.client.id, 'incomplete', false, new Date(Date.now() - 86_400_000));
    await plan(reviewing.client.id, 'preparing', true);
    const done = await makeHousehold(extra.advisor.id);
    await plan(done.client.id, 'complete', true);
    // An older submission does not count once a newer plan is being worked on (lib/estate-plans/submitted.ts).
    const renewed = await makeHousehold(extra.advisor.id);
    await plan(renewed.client.id, 'complete', true, new Date(Date.now() - 86_400_000));
    await plan(renewed.client.id, 'incomplete', false);

    const page = await listAdvisorOverview(legalCtx, state({ q: extra.person.lastName }));
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ hash: extra.advisor.hash, clients: 4, submitted: 3, inReview: 1 });
  });

  it('dates last activity by the later of an intake change and a change of a plan', async () => {
    const extra = await makeAdvisor();
    const home = await makeHousehold(extra.advisor.id, { spouse: true });
    const longAgo = new Date('2026-01-05T10:00:00Z');
    await db.update(t.households).set({ lastChangeAt: longAgo }).where(eq(t.households.id, home.household.id));
    const activity = async () => (await listAdvisorOverview(legalCtx, state({ q: extra.person.lastName }))).rows[0].lastActivity;
    expect(await activity()).toBe(longAgo.toISOString());
    // The plan changes status (a drizzle update stamps its updated_at): the advisor's last activity moves.
    const made = await plan(home.client.id, 'incomplete', false, longAgo);
    await db.update(t.estatePlans).set({ updatedAt: longAgo }).where(eq(t.estatePlans.id, made.id));
    expect(await activity()).toBe(longAgo.toISOString());
    const [moved] = await db.update(t.estatePlans).set({ status: 'signed' }).where(eq(t.estatePlans.id, made.id)).returning();
    expect(await activity()).toBe(moved.updatedAt.toISOString());
    // A later intake change wins again.
    const later = new Date(moved.updatedAt.getTime() + 60_000);
    await db.update(t.households).set({ lastChangeAt: later }).where(eq(t.households.id, home.household.id));
    expect(await activity()).toBe(later.toISOString());
    // Sorted by last activity, the advisor's row reads the same kept figure.
    const sorted = await listAdvisorOverview(legalCtx, state({ sort: 'activity', dir: 'desc', q: extra.person.lastName }));
    expect(sorted.rows[0].lastActivity).toBe(later.toISOString());
  });

  it('reads a page advisor’s last activity from one index entry, not their plans (issue 32)', async () => {
    const statement = await firstStatementOf((q) => listAdvisorOverview(legalCtx, state(), q));
    for (const plan of [await customPlan(statement), await genericPlan(statement)]) {
      expect(plan).toContain('households_list_owner1_activity_idx');
      expect(plan).not.toContain('estate_plans');
    }
  });

  it('searches names, emails and firms; sorts by each column; pages by 25 with a stable order', async () => {
    const firm = await makeFirm('Zephyr Wealth Partners');
    const made = [];
    for (let i = 0; i < 27; i++) made.push(await makeAdvisor({ firmId: firm.id }));
    const byFirm = await listAdvisorOverview(legalCtx, state({ q: 'zephyr' }));
    expect(byFirm.total).toBe(27);
    expect(byFirm.pageCount).toBe(2);
    expect(byFirm.rows).toHaveLength(ADVISOR_PAGE_SIZE);
    const second = await listAdvisorOverview(legalCtx, state({ q: 'zephyr', page: 2 }));
    expect(second.rows).toHaveLength(2);
    const seen = new Set([...byFirm.rows, ...second.rows].map((r) => r.hash));
    expect(seen.size).toBe(27);
    // Past the end: no rows, the total still known (same single statement).
    const past = await recordQueries(() => listAdvisorOverview(legalCtx, state({ q: 'zephyr', page: 9 })));
    expect(past.count).toBe(1);
    expect(past.result).toMatchObject({ rows: [], total: 27 });

    const one = made[3];
    expect((await listAdvisorOverview(legalCtx, state({ q: one.user.email.toUpperCase() }))).rows.map((r) => r.hash)).toEqual([one.advisor.hash]);
    expect((await listAdvisorOverview(legalCtx, state({ q: `${one.person.firstName} ${one.person.lastName}` }))).rows.map((r) => r.hash)).toEqual([
      one.advisor.hash,
    ]);
    // LIKE's wildcards are taken literally.
    expect((await listAdvisorOverview(legalCtx, state({ q: '%' }))).total).toBe(0);

    const names = (await listAdvisorOverview(legalCtx, state({ q: 'zephyr', sort: 'name', dir: 'desc' }))).rows.map((r) =>
      r.name.split(' ').at(-1)!.toLowerCase(),
    );
    expect(names).toEqual([...names].sort().reverse());
    for (const sort of ['firms', 'clients', 'submitted', 'review', 'activity'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const page = await listAdvisorOverview(legalCtx, state({ sort, dir }));
        expect(page.rows.length).toBeGreaterThan(0);
      }
    }
    const byClients = (await listAdvisorOverview(legalCtx, state({ sort: 'clients', dir: 'desc' }))).rows.map((r) => r.clients);
    expect(byClients).toEqual([...byClients].sort((a, b) => b - a));
    const byActivity = (await listAdvisorOverview(legalCtx, state({ sort: 'activity', dir: 'desc' }))).rows.map((r) => r.lastActivity);
    const dated = byActivity.filter((d) => d !== null);
    expect(dated).toEqual([...dated].sort().reverse());
    // Advisors without activity come last.
    expect(byActivity.slice(dated.length).every((d) => d === null)).toBe(true);
  });

  it('is for attorneys and admins only', async () => {
    for (const role of ['advisor', 'staff', 'firmSupervisor', 'client'] as const) {
      const ctx = ctxOf(await actorOf(world.users[role]));
      await expect(listAdvisorOverview(ctx, state())).rejects.toEqual(new AppError('FORBIDDEN'));
      await expect(loadAdvisorClients(ctx, { advisor_id: world.advisor.advisor.hash })).rejects.toEqual(new AppError('FORBIDDEN'));
    }
    const admin = ctxOf(await actorOf(world.admin.user));
    expect((await listAdvisorOverview(admin, state())).total).toBeGreaterThan(0);
  });
});

describe("one advisor's households and documents (loadAdvisorClients)", () => {
  it('lists the households newest first with their latest plan, uploads only in attorney stages, and every document newest first', async () => {
    const extra = await makeAdvisor();
    const older = await makeHousehold(extra.advisor.id, { spouse: true });
    const newer = await makeHousehold(extra.advisor.id);
    const oldPlan = await plan(older.client.id, 'complete', true, new Date(Date.now() - 2 * 86_400_000));
    const currentPlan = await plan(older.client.id, 'preparing', true);
    await plan(newer.client.id, 'unpaid');
    const uploader = await makeUser({ isLegal: true }, { firstName: 'Avery', lastName: 'Counsel' });
    await file(oldPlan.id, 'Old trust.pdf', 'application/pdf', null, new Date(Date.now() - 86_400_000));
    const latest = await file(currentPlan.id, 'Signed pages.png', 'image/png', uploader.user.id, new Date());
    const [removed] = await db
      .insert(t.files)
      .values({ estatePlanId: currentPlan.id, name: 'Removed.pdf', contentType: 'application/pdf', size: 1, storageKey: 'gone', deletedAt: new Date() })
      .returning();

    const { count, result } = await recordQueries(() => loadAdvisorClients(legalCtx, { advisor_id: extra.advisor.hash }));
    expect(count).toBe(2);
    expect(result.total).toBe(2);
    expect(result.clients.map((c) => c.hash)).toEqual([newer.client.hash, older.client.hash]);
    const [first, second] = result.clients;
    expect(first).toMatchObject({ statusLabel: 'Ready for Payment', canUpload: false, documents: [], spouseName: null });
    expect(second).toMatchObject({ statusLabel: 'Under Attorney Review', canUpload: true, planHash: currentPlan.hash });
    expect(second.spouseName).not.toBeNull();
    // A document with a creator is removable (an admin's Delete); a System one is not.
    expect(second.documents.map((d) => [d.name, d.createdBy, d.planHash, d.removable])).toEqual([
      ['Signed pages.png', 'Avery Counsel', currentPlan.hash, true],
      ['Old trust.pdf', null, oldPlan.hash, false],
    ]);
    expect(second.documents[0].hash).toBe(latest.hash);
    expect(second.documents.some((d) => d.hash === removed.hash)).toBe(false);
  });

  it('answers 404 for an unknown advisor', async () => {
    await expect(loadAdvisorClients(legalCtx, { advisor_id: 'no-such-advisor' })).rejects.toEqual(new AppError('NOT_FOUND'));
  });
});

describe('the dashboard page per role', () => {
  const render = async (params: Record<string, string> = {}) =>
    recordQueries(async () => renderToStaticMarkup(createElement(CallProvider, null, await DashboardPage({ searchParams: Promise.resolve(params) }))));

  it.each([...ROLES])('%s', async (role) => {
    const session = sessionOf(world, role);
    if (session) await signInAs(session.user, session.impersonator);
    else signOut();
    if (role === 'guest') {
      expect(await redirectOf(() => DashboardPage({ searchParams: Promise.resolve({ aq: 'x' }) }))).toBe('/login?next=%2Fdashboard%3Faq%3Dx');
      return;
    }
    if (role === 'client' || role === 'spouse' || role === 'otherHouseholdClient') {
      expect(await redirectOf(() => DashboardPage({ searchParams: Promise.resolve({}) }))).toBe('/client-info');
      return;
    }
    const { result: html, statements } = await render();
    expect(statements.filter((s) => WRITE.test(s))).toEqual([]);
    if (role === 'legal' || role === 'admin') {
      expect(html).toContain(`<h1>${role === 'admin' ? 'Admin' : 'Attorney'}</h1>`);
      expect(html).toContain('Search advisors');
      expect(html).toContain('In attorney review');
      expect(html.includes('Create Advisor')).toBe(role === 'admin');
      expect(html.includes('User Management')).toBe(role === 'admin');
      // Drilling into one advisor: that advisor's client list, with the way back.
      const drilled = (await render({ advisor: world.advisor.advisor.hash })).result;
      expect(drilled).toContain('Return to Advisors List');
      expect(drilled).toContain(`${world.advisor.person.firstName}`);
    } else {
      // Advisors, staff, supervisors (and an admin acting as an advisor) keep their own dashboard.
      expect(html).toContain('<h1>Dashboard</h1>');
      expect(html).not.toContain('Search advisors');
      expect(html).not.toContain('Return to Advisors List');
      expect(html).not.toContain('Create Advisor');
    }
  });

  it('renders whatever the address holds (NUL, arrays, long text, nonsense sorts and pages)', async () => {
    await signInAs(world.legal.user);
    const addresses: Record<string, string>[] = [
      { aq: '\u0000' },
      { aq: `Mor\u0000gan` },
      { aq: 'x'.repeat(5000) },
      { asort: "name'; drop table advisors; --", adir: 'sideways', apage: '-1' },
      { apage: '99999' },
    ];
    for (const params of addresses) {
      const html = (await render(params)).result;
      expect(html).toContain('Search advisors');
    }
  });

  it('renders the overview in the same number of statements whatever the number of advisors and households', async () => {
    await signInAs(world.admin.user);
    const before = (await render()).count;
    const firm = await makeFirm();
    for (let i = 0; i < 12; i++) {
      const a = await makeAdvisor({ firmId: firm.id });
      const h = await makeHousehold(a.advisor.id);
      await plan(h.client.id, 'sent', true);
    }
    const after = await render({ asort: 'activity', adir: 'desc', aq: 'e' });
    expect(after.count).toBe(before);
    expect(after.statements.filter((s) => WRITE.test(s))).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import DashboardPage from '@/app/(workspace)/dashboard/page';
import { CallProvider } from '@/components/ui/call-provider';
import { db, recordQueries } from '@/db';
import * as t from '@/db/schema';
import type { EstatePlanStatus } from '@/db/schema';
import { AppError } from '@/lib/kernel/errors';
import { listLegalQueue } from '@/lib/legal-queue/queries';
import { DEFAULT_QUEUE_STATE, QUEUE_PAGE_SIZE, type QueueState } from '@/lib/legal-queue/rules';
import { actorOf, ctxOf } from '../helpers/context';
import { makeAdvisor, makeFirm, makeHousehold } from '../helpers/factories';
import { redirectOf } from '../helpers/pages';
import { signInAs, signOut } from '../helpers/session';
import { buildWorld, ROLES, sessionOf, type World } from '../helpers/world';

// The admin's dashboard holds the Create Advisor and User Management forms, whose client code asks for the
// router; rendered here outside the app router, they get one that goes nowhere.
jest.mock('next/navigation', () => ({
  ...jest.requireActual('next/navigation'),
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), back: jest.fn(), forward: jest.fn(), prefetch: jest.fn() }),
}));

/*
 * The legal team's work queue (issue 27): which plans it lists (a household's latest plan, submitted, in
 * an attorney-stage status), its order (oldest submission first), filters, pages and total in one
 * statement whatever the number of plans, who gets it (attorneys and admins; everyone else a refusal, and
 * no queue on their dashboard), and the dashboard's statements staying the same with more rows.
 */

/** Statements that change data (as tests/integration/dashboard-read-only.test.ts tells them). */
const WRITE = /(^|\(|\s)(insert\s+into|update\s+("?\w+"?\.)?"?\w+"?\s+(as\s+\w+\s+|\w+\s+)?set|delete\s+from|merge\s+into|truncate)\b/i;

const NOW = new Date('2026-12-01T15:00:00Z');
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const state = (change: Partial<QueueState> = {}): QueueState => ({ ...DEFAULT_QUEUE_STATE, ...change });

let world: World;
let legalCtx: ReturnType<typeof ctxOf>;

beforeAll(async () => {
  world = await buildWorld();
  legalCtx = ctxOf(await actorOf(world.legal.user));
}, 120_000);
afterAll(() => signOut());

/** A plan of the household's owner 1; `submittedAt` null leaves it unsubmitted. */
async function plan(clientId: number, status: EstatePlanStatus, submittedAt: Date | null, createdAt: Date = daysAgo(60)) {
  const [row] = await db.insert(t.estatePlans).values({ clientId, status, submittedAt, createdAt }).returning();
  return row;
}

/** An advisor in a firm of their own (the queue's advisor-or-firm filter isolates each test's plans by it). */
async function advisorInFirm(firmName: string) {
  const firm = await makeFirm(firmName);
  return { firm, ...(await makeAdvisor({ firmId: firm.id })) };
}

describe('which plans the queue lists, and in which order', () => {
  it('lists submitted latest plans in attorney-stage statuses, oldest submission first, with their facts', async () => {
    const { advisor, person } = await advisorInFirm('Queue Order Partners');
    const couple = await makeHousehold(advisor.id, { spouse: true });
    const coupleSpouse = (await db.select().from(t.persons).where(eq(t.persons.id, couple.spouse!.user.personId)))[0];
    const recent = await makeHousehold(advisor.id);
    const oldest = await makeHousehold(advisor.id);
    const paused = await makeHousehold(advisor.id);
    const coupled = await plan(couple.client.id, 'preparing', daysAgo(12));
    const recentPlan = await plan(recent.client.id, 'sent', daysAgo(0.5));
    const oldestPlan = await plan(oldest.client.id, 'finalizing', daysAgo(40));
    const pausedPlan = await plan(paused.client.id, 'hold', daysAgo(12));
    // Not the legal team's work: still in the client stage; canceled before it was ever submitted; done.
    await plan((await makeHousehold(advisor.id)).client.id, 'paid', null);
    await plan((await makeHousehold(advisor.id)).client.id, 'canceled', null);
    const done = await makeHousehold(advisor.id);
    const donePlan = await plan(done.client.id, 'complete', daysAgo(90));
    // An older plan is history: a household now on a new, unsubmitted plan is not listed, even under Complete.
    const renewed = await makeHousehold(advisor.id);
    await plan(renewed.client.id, 'complete', daysAgo(200), daysAgo(300));
    await plan(renewed.client.id, 'incomplete', null, daysAgo(10));

    const { count, result } = await recordQueries(() => listLegalQueue(legalCtx, state({ advisor: 'queue order partners' }), NOW));
    expect(count).toBe(1);
    expect(result.total).toBe(4);
    // Oldest first; the two submitted 12 days ago by plan id.
    expect(result.rows.map((r) => r.planHash)).toEqual([oldestPlan.hash, coupled.hash, pausedPlan.hash, recentPlan.hash]);
    const [first, second, , last] = result.rows;
    expect(first).toMatchObject({
      clientHash: oldest.client.hash,
      names: [`${oldest.person.firstName} ${oldest.person.lastName}`],
      advisor: { name: `${person.firstName} ${person.lastName}` },
      firms: ['Queue Order Partners'],
      status: 'finalizing',
      statusLabel: 'Being Finalized',
      submittedAt: daysAgo(40).toISOString(),
      waitingDays: 40,
    });
    expect(second.names).toEqual([`${couple.person.firstName} ${couple.person.lastName}`, `${coupleSpouse.firstName} ${coupleSpouse.lastName}`]);
    expect(second).toMatchObject({ statusLabel: 'Under Attorney Review', waitingDays: 12 });
    expect(last).toMatchObject({ statusLabel: 'Sent for Review', waitingDays: 0 });

    // Complete and canceled plans behind the filter; a closed plan waits for nobody.
    const complete = await listLegalQueue(legalCtx, state({ advisor: 'queue order partners', status: 'complete' }), NOW);
    expect(complete.rows.map((r) => r.planHash)).toEqual([donePlan.hash]);
    expect(complete.rows[0]).toMatchObject({ statusLabel: 'Complete', waitingDays: null, submittedAt: daysAgo(90).toISOString() });
    const all = await listLegalQueue(legalCtx, state({ advisor: 'queue order partners', status: 'all' }), NOW);
    expect(all.rows.map((r) => r.planHash)).toEqual([donePlan.hash, oldestPlan.hash, coupled.hash, pausedPlan.hash, recentPlan.hash]);
    const onHold = await listLegalQueue(legalCtx, state({ advisor: 'queue order partners', status: 'hold' }), NOW);
    expect(onHold.rows.map((r) => r.planHash)).toEqual([pausedPlan.hash]);
  });

  it('dates older submissions without submitted_at by their first attorney-stage status, and lists undated ones first', async () => {
    const { advisor } = await advisorInFirm('Queue Legacy Partners');
    // The spec's flag set by the earlier front end, the plan moved to Sent for Review, no submitted_at.
    const flagged = await makeHousehold(advisor.id);
    const flaggedPlan = await plan(flagged.client.id, 'preparing', null);
    await db.update(t.clients).set({ isTrustSubmitted: true }).where(eq(t.clients.id, flagged.client.id));
    await db.insert(t.estatePlanStatusChanges).values([
      { estatePlanId: flaggedPlan.id, fromStatus: 'paid', toStatus: 'sent', createdAt: daysAgo(30) },
      { estatePlanId: flaggedPlan.id, fromStatus: 'sent', toStatus: 'preparing', createdAt: daysAgo(20) },
    ]);
    // Flagged with no record of when: its date is unknown.
    const undated = await makeHousehold(advisor.id, { spouse: true });
    const undatedPlan = await plan(undated.client.id, 'awaiting', null);
    await db.update(t.clients).set({ isTrustSubmitted: true }).where(eq(t.clients.id, undated.spouse!.client.id));
    const dated = await makeHousehold(advisor.id);
    const datedPlan = await plan(dated.client.id, 'sent', daysAgo(100));

    const page = await listLegalQueue(legalCtx, state({ advisor: 'legacy partners' }), NOW);
    expect(page.rows.map((r) => r.planHash)).toEqual([undatedPlan.hash, datedPlan.hash, flaggedPlan.hash]);
    expect(page.rows[0]).toMatchObject({ submittedAt: null, waitingDays: null });
    expect(page.rows[2]).toMatchObject({ submittedAt: daysAgo(30).toISOString(), waitingDays: 30 });
  });
});

describe('filters and pages', () => {
  it("finds a client by either spouse's name and an advisor by name, email or firm; LIKE's wildcards taken literally", async () => {
    const { advisor, user, person } = await advisorInFirm('Queue Search Wealth');
    const other = await advisorInFirm('Queue Elsewhere Group');
    const couple = await makeHousehold(advisor.id, { spouse: true });
    await db.update(t.persons).set({ firstName: 'Marisol', lastName: 'Quintanilla' }).where(eq(t.persons.id, couple.spouse!.user.personId));
    const couplePlan = await plan(couple.client.id, 'sent', daysAgo(3));
    const elsewhere = await makeHousehold(other.advisor.id);
    const elsewherePlan = await plan(elsewhere.client.id, 'preparing', daysAgo(4));

    const hashes = async (change: Partial<QueueState>) => (await listLegalQueue(legalCtx, state(change), NOW)).rows.map((r) => r.planHash);
    expect(await hashes({ client: 'QUINTANILLA' })).toEqual([couplePlan.hash]);
    expect(await hashes({ client: 'marisol quint' })).toEqual([couplePlan.hash]);
    expect(await hashes({ client: `${couple.person.firstName} ${couple.person.lastName}` })).toEqual([couplePlan.hash]);
    expect(await hashes({ client: '%' })).toEqual([]);
    expect(await hashes({ advisor: `${person.firstName} ${person.lastName}` })).toEqual([couplePlan.hash]);
    expect(await hashes({ advisor: user.email.toUpperCase() })).toEqual([couplePlan.hash]);
    expect(await hashes({ advisor: 'elsewhere' })).toEqual([elsewherePlan.hash]);
    expect(await hashes({ advisor: 'queue_search' })).toEqual([]);
    // Filters combine.
    expect(await hashes({ advisor: 'elsewhere', client: 'quintanilla' })).toEqual([]);
    expect(await hashes({ advisor: 'queue search', client: 'quintanilla', status: 'preparing' })).toEqual([]);
  });

  it('pages by 25 in a stable order with the total in the same statement, past the end too', async () => {
    const { advisor } = await advisorInFirm('Queue Paging Associates');
    const made: string[] = [];
    for (let i = 0; i < 27; i++) {
      const h = await makeHousehold(advisor.id);
      // Two submissions on each day, so ties are broken by the plan.
      made.push((await plan(h.client.id, i % 2 ? 'preparing' : 'sent', daysAgo(50 - Math.floor(i / 2)))).hash);
    }
    const first = await listLegalQueue(legalCtx, state({ advisor: 'paging associates' }), NOW);
    expect(first).toMatchObject({ total: 27, pageCount: 2, page: 1, size: QUEUE_PAGE_SIZE });
    expect(first.rows).toHaveLength(25);
    const second = await listLegalQueue(legalCtx, state({ advisor: 'paging associates', page: 2 }), NOW);
    expect(second.rows).toHaveLength(2);
    expect([...first.rows, ...second.rows].map((r) => r.planHash)).toEqual(made);
    const past = await recordQueries(() => listLegalQueue(legalCtx, state({ advisor: 'paging associates', page: 9 }), NOW));
    expect(past.count).toBe(1);
    expect(past.result).toMatchObject({ rows: [], total: 27, pageCount: 2 });
  });
});

describe('who gets the queue', () => {
  it('attorneys and admins; every other role is refused (403) and reads nothing', async () => {
    for (const role of ['advisor', 'otherAdvisor', 'staff', 'firmSupervisor', 'otherFirm', 'client', 'spouse', 'adminImpersonating'] as const) {
      const session = sessionOf(world, role)!;
      const ctx = ctxOf(await actorOf(session.user, session.impersonator));
      const { count, result } = await recordQueries(() => listLegalQueue(ctx, state(), NOW).catch((error: unknown) => error));
      expect({ role, result }).toEqual({ role, result: new AppError('FORBIDDEN') });
      expect({ role, count }).toEqual({ role, count: 0 });
    }
    const admin = ctxOf(await actorOf(world.admin.user));
    expect((await listLegalQueue(admin, state({ status: 'all' }), NOW)).total).toBeGreaterThan(0);
  });
});

describe('the dashboard page', () => {
  const render = async (params: Record<string, string> = {}) =>
    recordQueries(async () => renderToStaticMarkup(createElement(CallProvider, null, await DashboardPage({ searchParams: Promise.resolve(params) }))));

  it.each([...ROLES])('%s', async (role) => {
    const session = sessionOf(world, role);
    if (session) await signInAs(session.user, session.impersonator);
    else signOut();
    if (role === 'guest') {
      // A bookmarked queue comes back after signing in.
      expect(await redirectOf(() => DashboardPage({ searchParams: Promise.resolve({ qstatus: 'hold', qclient: 'Rivera', aq: 'x' }) }))).toBe(
        `/login?next=${encodeURIComponent('/dashboard?aq=x&qstatus=hold&qclient=Rivera')}`,
      );
      return;
    }
    if (role === 'client' || role === 'spouse' || role === 'otherHouseholdClient') {
      expect(await redirectOf(() => DashboardPage({ searchParams: Promise.resolve({ qstatus: 'all' }) }))).toBe('/client-info');
      return;
    }
    const { result: html, statements } = await render({ qstatus: 'all' });
    expect(statements.filter((s) => WRITE.test(s))).toEqual([]);
    if (role === 'legal' || role === 'admin') {
      expect(html).toContain('<h2 id="work-queue-title">Work queue</h2>');
      expect(html).toContain('<th scope="col">Household</th>');
      expect(html).toContain('href="/client-info/');
      // Everything the spec names on that dashboard stays, below the queue.
      expect(html.indexOf('Work queue')).toBeLessThan(html.indexOf('Search advisors'));
      expect(html.includes('Create Advisor')).toBe(role === 'admin');
      expect(html.includes('User Management')).toBe(role === 'admin');
    } else {
      expect(html).toContain('<h1>Dashboard</h1>');
      expect(html).not.toContain('Work queue');
      expect(statements.some((s) => s.includes('list_plan_submitted') && s.includes('estate_plan_status_changes'))).toBe(false);
    }
  });

  it("keeps the advisors overview's state in the queue's links and the queue's in the overview's", async () => {
    await signInAs(world.legal.user);
    const { advisor } = await advisorInFirm('Queue Links Partners');
    for (let i = 0; i < 26; i++) await plan((await makeHousehold(advisor.id)).client.id, 'sent', daysAgo(10 + i));
    const html = (await render({ qadvisor: 'links partners', asort: 'clients' })).result;
    expect(html).toContain('href="/dashboard?asort=clients&amp;qadvisor=links+partners&amp;qpage=2"');
    expect(html).toContain('<input type="hidden" name="asort" value="clients"/>');
    expect(html).toContain('<input type="hidden" name="qadvisor" value="links partners"/>');
    expect(html).toContain('Showing 1–25 of 26 plans');
  });

  it('renders in the same number of statements whatever the number of plans', async () => {
    await signInAs(world.admin.user);
    const { advisor } = await advisorInFirm('Queue Count Partners');
    const filter = { qstatus: 'all', qadvisor: 'queue count partners' };
    const before = await render(filter);
    expect(before.result).toContain('No submitted plans match these filters.');
    for (let i = 0; i < 30; i++) {
      const h = await makeHousehold(advisor.id, { spouse: i % 3 === 0 });
      await plan(h.client.id, (['sent', 'preparing', 'hold', 'awaiting', 'finalizing', 'complete'] as const)[i % 6], daysAgo(i + 1));
    }
    const after = await render(filter);
    expect(after.result.match(/href="\/client-info\//g)!.length).toBe(QUEUE_PAGE_SIZE);
    expect(after.count).toBe(before.count);
    expect(after.statements.filter((s) => WRITE.test(s))).toEqual([]);
  });
});

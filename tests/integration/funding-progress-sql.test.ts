import { asc, eq, sql } from 'drizzle-orm';
import { db, recordQueries } from '@/db';
import * as t from '@/db/schema';
import { listClientPage } from '@/lib/advisors/client-list';
import { loadDashboard } from '@/lib/advisors/dashboard';
import { DEFAULT_LIST_STATE, type ClientListState } from '@/lib/advisors/rules';
import { householdFundingTasks } from '@/lib/funding/household-tasks';
import { fundingLeftSql, fundingOpenSql, fundingPercentSql } from '@/lib/funding/progress-sql';
import { fundingProgress, type FundingStatus } from '@/lib/funding/tasks';
import { refreshStaleCompletions } from '@/lib/intake/completion-cache';
import { deleteAccount } from '@/lib/intake/records';
import { rowsOf } from '@/lib/kernel/rows';
import { systemContext } from '@/lib/kernel/system-context';
import { deleteAccountSchema } from '@/lib/validation/intake-assets';
import { actorOf } from '../helpers/context';
import { resetDatabase } from '../helpers/db';
import { makeCouple, seedIntakeRecords, type Couple, type IntakeRecords } from './helpers/intake';

/*
 * The dashboard's funding figures are counted in SQL (lib/funding/progress-sql.ts) from the asset tables and
 * the marks; the client-info page's come from lib/funding/tasks.ts. The two must agree on every household:
 * the demo's (with marks added: done, not needed, and one whose asset is gone) and built edge cases.
 */

const ctx = systemContext('test');

/** The SQL's figures of a household: percent (null without a task) and open steps (whose test, fundingLeftSql, must agree). */
async function sqlFigures(householdId: number): Promise<{ percent: number | null; open: number }> {
  const id = sql`${householdId}::int`;
  const [row] = rowsOf<{ percent: number | null; open: number; left: boolean }>(
    await db.execute(sql`select ${fundingPercentSql(id)} as percent, ${fundingOpenSql(id)} as open, ${fundingLeftSql(id)} as left`),
  );
  expect(row.left).toBe(Number(row.open) > 0);
  return { percent: row.percent === null ? null : Number(row.percent), open: Number(row.open) };
}

/** The TypeScript rule's figures of the same household (the client-info page's). */
async function tsFigures(householdId: number): Promise<{ percent: number | null; open: number }> {
  const funding = await householdFundingTasks(ctx, householdId, db);
  const progress = fundingProgress(funding!.tasks);
  return { percent: progress?.percent ?? null, open: progress?.open ?? 0 };
}

async function mark(householdId: number, key: string, status: FundingStatus, kind = key.slice(0, key.indexOf(':'))) {
  await db.insert(t.fundingTasks).values({ householdId, taskKey: key, kind, owner: '1', title: key, status, reason: status === 'not-needed' ? 'Sold' : null });
}

describe('the funding progress in SQL agrees with the TypeScript rule', () => {
  it('on every demo household, with marks of each kind added', async () => {
    await resetDatabase();
    const { seedDemoData } = await import('@/lib/seed/demo');
    await seedDemoData(db, { password: 'Demo-Password-1' });
    const ids = (await db.select({ id: t.households.id }).from(t.households).orderBy(asc(t.households.id))).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(3);
    let withTasks = 0;
    for (const [i, id] of ids.entries()) {
      expect({ id, ...(await sqlFigures(id)) }).toEqual({ id, ...(await tsFigures(id)) });
      const tasks = (await householdFundingTasks(ctx, id, db))!.tasks;
      if (!tasks.length) continue;
      withTasks++;
      // Marks: the first task done, the second not needed, and (every other household) one whose asset is gone.
      await mark(id, tasks[0].key, 'done');
      if (tasks[1]) await mark(id, tasks[1].key, 'not-needed');
      if (i % 2) await mark(id, 'bank:gone-since', 'in-progress', 'bank');
      expect({ id, ...(await sqlFigures(id)) }).toEqual({ id, ...(await tsFigures(id)) });
    }
    expect(withTasks).toBeGreaterThan(0);
  });
});

describe('built cases', () => {
  let couple: Couple;
  let records: IntakeRecords;
  let householdId: number;
  const both = async () => {
    const [s, ts] = [await sqlFigures(householdId), await tsFigures(householdId)];
    expect(s).toEqual(ts);
    return s;
  };

  beforeEach(async () => {
    await resetDatabase();
    couple = await makeCouple();
    records = await seedIntakeRecords([couple.owner1.id, couple.owner2!.id]);
    householdId = couple.household.household.id;
  });

  it('counts one task per asset both spouses own, none for a gift of real estate, and a household without assets has no progress', async () => {
    expect(await both()).toEqual({ percent: 0, open: 7 });
    const [gift] = await db.select().from(t.gifts).where(eq(t.gifts.hash, records.gift));
    await db.update(t.gifts).set({ giftType: 'property', cashAmount: null, addressId: null }).where(eq(t.gifts.id, gift.id));
    expect(await both()).toEqual({ percent: 0, open: 6 });
    const single = await makeCouple({ spouse: false });
    householdId = single.household.household.id;
    expect(await both()).toEqual({ percent: null, open: 0 });
  });

  it('a done mark, a not-needed mark, an in-progress one, and marks whose asset is gone', async () => {
    await mark(householdId, `bank:${records.bank}`, 'done');
    await mark(householdId, `company:${records.company}`, 'not-needed');
    await mark(householdId, `annuity:${records.annuity}`, 'in-progress');
    // 2 of 7 finished: 28 % (rounded down from 28.57).
    expect(await both()).toEqual({ percent: 28, open: 5 });
    // The bank account is sold after its step was done, and another that was in progress: both finished.
    await mark(householdId, 'brokerage:sold-long-ago', 'in-progress');
    const [account] = await db.select({ version: t.accounts.version }).from(t.accounts).where(eq(t.accounts.hash, records.annuity));
    await deleteAccount(
      couple.clientCtx,
      deleteAccountSchema.parse({ client_hash: couple.owner1.hash, kind: 'annuity', hash: records.annuity, version: account.version }),
    );
    // Tasks: 6 of the intake + 1 gone (brokerage:sold-long-ago) + the annuity's mark, gone: 8, of which 4 are finished.
    expect(await both()).toEqual({ percent: 50, open: 4 });
    // An account whose kind changed: its old key's mark is gone (finished), its new key is a task.
    await db.update(t.accounts).set({ kind: 'brokerage' }).where(eq(t.accounts.hash, records.bank));
    // 9 tasks (6 of the intake, 3 marks of assets gone), 4 finished: 44 %.
    expect(await both()).toEqual({ percent: 44, open: 5 });
    for (const key of [
      `real-estate:${records.property}`,
      `retirement:${records.retirement}`,
      `brokerage:${records.brokerage}`,
      `gift:${records.gift}`,
      `brokerage:${records.bank}`,
    ])
      await mark(householdId, key, 'done');
    expect(await both()).toEqual({ percent: 100, open: 0 });
  });
});

describe('the dashboard: the Funding column and the Funding left filter', () => {
  let couple: Couple;
  let records: IntakeRecords;
  const page = async (change: Partial<ClientListState> = {}) =>
    listClientPage(await actorOf(couple.advisor.user), {
      advisorIds: [couple.advisor.advisor.id],
      state: { ...DEFAULT_LIST_STATE, ...change },
      stalledDays: 14,
    });

  beforeEach(async () => {
    await resetDatabase();
    couple = await makeCouple();
    records = await seedIntakeRecords([couple.owner1.id, couple.owner2!.id]);
  });

  it('shows the percent once the plan is being finalized or complete, and lists only plans with steps open', async () => {
    const [plan] = await db.insert(t.estatePlans).values({ clientId: couple.owner1.id, status: 'preparing' }).returning();
    expect((await page()).rows[0].fundingPercent).toBeNull();
    expect((await page({ filter: 'funding' })).total).toBe(0);
    await db.update(t.estatePlans).set({ status: 'finalizing' }).where(eq(t.estatePlans.id, plan.id));
    await mark(couple.household.household.id, `bank:${records.bank}`, 'done');
    expect((await page()).rows[0].fundingPercent).toBe(14);
    const left = await page({ filter: 'funding' });
    expect(left.rows.map((r) => [r.hash, r.fundingPercent])).toEqual([[couple.owner1.hash, 14]]);
    expect(left.total).toBe(1);
    // Another household of the advisor: complete, with nothing to fund (no progress, nothing left).
    const empty = await makeCouple({ spouse: false });
    await db.update(t.clients).set({ advisorId: couple.advisor.advisor.id }).where(eq(t.clients.id, empty.owner1.id));
    await db.insert(t.estatePlans).values({ clientId: empty.owner1.id, status: 'complete' });
    const all = await page();
    expect(all.rows.find((r) => r.hash === empty.owner1.hash)?.fundingPercent).toBeNull();
    expect((await page({ filter: 'funding' })).rows.map((r) => r.hash)).toEqual([couple.owner1.hash]);
    // Every step finished: 100 % and out of the filter.
    for (const key of [
      `real-estate:${records.property}`,
      `retirement:${records.retirement}`,
      `brokerage:${records.brokerage}`,
      `annuity:${records.annuity}`,
      `company:${records.company}`,
    ])
      await mark(couple.household.household.id, key, 'done');
    await mark(couple.household.household.id, `gift:${records.gift}`, 'not-needed');
    expect((await page()).rows.find((r) => r.hash === couple.owner1.hash)?.fundingPercent).toBe(100);
    expect((await page({ filter: 'funding' })).total).toBe(0);
  });

  it('costs the dashboard no statement: the same count with funding figures as without, filtered or not', async () => {
    // The completion figures stored first (the refresh job's), as the bench's warm-up does: a missing one is computed by the render.
    const count = async (state: ClientListState) => {
      await refreshStaleCompletions(systemContext('test'));
      return (await recordQueries(() => loadDashboard(couple.advisorCtx, state))).count;
    };
    const before = [
      await count(DEFAULT_LIST_STATE),
      await count({ ...DEFAULT_LIST_STATE, filter: 'funding' }),
      await count({ ...DEFAULT_LIST_STATE, filter: 'complete' }),
    ];
    await db.insert(t.estatePlans).values({ clientId: couple.owner1.id, status: 'complete' });
    await mark(couple.household.household.id, `bank:${records.bank}`, 'done');
    for (let i = 0; i < 3; i++) {
      const other = await makeCouple();
      await db.update(t.clients).set({ advisorId: couple.advisor.advisor.id }).where(eq(t.clients.id, other.owner1.id));
      await seedIntakeRecords([other.owner1.id]);
      await db.insert(t.estatePlans).values({ clientId: other.owner1.id, status: 'finalizing' });
    }
    const after = [
      await count(DEFAULT_LIST_STATE),
      await count({ ...DEFAULT_LIST_STATE, filter: 'funding' }),
      await count({ ...DEFAULT_LIST_STATE, filter: 'complete' }),
    ];
    expect(after).toEqual(before);
    expect(before[1]).toBe(before[2]);
  });
});

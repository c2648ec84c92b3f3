import { and, eq } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { FUNDING_ASSET_GONE, FUNDING_CHANGED_MEANWHILE, FUNDING_NOT_BEGUN, markFundingTask } from '@/lib/funding/mark-task';
import { loadFundingMarks } from '@/lib/funding/marks';
import { REMOVED_REASON, fundingProgress, fundingTasksOf, mergeTasks } from '@/lib/funding/tasks';
import { loadIntake } from '@/lib/intake/load';
import { deleteAccount } from '@/lib/intake/records';
import { FUNDING_REASON_REQUIRED, markFundingTaskSchema } from '@/lib/validation/funding';
import { deleteAccountSchema } from '@/lib/validation/intake-assets';
import { resetDatabase } from '../helpers/db';
import { makeCouple, seedIntakeRecords, type Couple, type IntakeRecords } from './helpers/intake';

let couple: Couple;
let records: IntakeRecords;
let planId: number;

beforeEach(async () => {
  await resetDatabase();
  couple = await makeCouple();
  records = await seedIntakeRecords([couple.owner1.id, couple.owner2!.id]);
  [{ id: planId }] = await db.insert(t.estatePlans).values({ clientId: couple.owner1.id, status: 'finalizing' }).returning({ id: t.estatePlans.id });
});

const mark = (ctx: Couple['clientCtx'], input: Record<string, unknown>) =>
  markFundingTask(ctx, markFundingTaskSchema.parse({ client_hash: couple.owner1.hash, ...input }));
const householdId = async () => (await db.select({ id: t.households.id }).from(t.households).where(eq(t.households.owner1ClientId, couple.owner1.id)))[0].id;
const tasksNow = async () => mergeTasks(fundingTasksOf(await loadIntake(couple.clientCtx, couple.owner1.hash)), await loadFundingMarks(await householdId()));

describe('the funding tasks of a finished plan', () => {
  it('are one per asset of the intake, all not started until someone marks one', async () => {
    const tasks = await tasksNow();
    expect(tasks.map((task) => task.key).sort()).toEqual(
      [
        `real-estate:${records.property}`,
        `bank:${records.bank}`,
        `brokerage:${records.brokerage}`,
        `retirement:${records.retirement}`,
        `annuity:${records.annuity}`,
        `company:${records.company}`,
        `gift:${records.gift}`,
      ].sort(),
    );
    expect(tasks.every((task) => task.status === 'not-started' && task.version === null)).toBe(true);
    expect(fundingProgress(tasks)).toMatchObject({ total: 7, open: 7, percent: 0 });
  });
});

describe('markFundingTask', () => {
  it('records the first mark with who and when, then changes it at the version read', async () => {
    const first = await mark(couple.clientCtx, { task_key: `bank:${records.bank}`, status: 'in-progress' });
    expect(first).toMatchObject({ key: `bank:${records.bank}`, status: 'in-progress', version: 1, title: 'Matrix Bank Other kind ••••0000' });
    const [client] = await db
      .select({ firstName: t.persons.firstName })
      .from(t.persons)
      .innerJoin(t.users, eq(t.users.personId, t.persons.id))
      .where(eq(t.users.id, couple.household.user.id));
    expect(first.changedBy).toMatch(new RegExp(`^${client.firstName} `));
    expect(first.changedAt).toBeInstanceOf(Date);
    const second = await mark(couple.advisorCtx, { task_key: `bank:${records.bank}`, status: 'done', version: 1 });
    expect(second).toMatchObject({ status: 'done', version: 2, reason: null });
    expect(fundingProgress(await tasksNow())).toMatchObject({ done: 1, percent: 14 });
    const [audited] = await db.select().from(t.auditLog).where(eq(t.auditLog.action, 'funding.task.update'));
    expect(audited).toMatchObject({ targetType: 'household', meta: { task: `bank:${records.bank}`, status: 'in-progress' } });
  });

  it('keeps a reason only for a step not needed, and asks for one', async () => {
    expect(
      markFundingTaskSchema.safeParse({ client_hash: couple.owner1.hash, task_key: 'bank:x', status: 'not-needed', reason: ' ' }).error?.issues[0].message,
    ).toBe(FUNDING_REASON_REQUIRED);
    const skipped = await mark(couple.clientCtx, { task_key: `company:${records.company}`, status: 'not-needed', reason: 'Dissolved in 2025' });
    expect(skipped.reason).toBe('Dissolved in 2025');
    const reopened = await mark(couple.clientCtx, { task_key: `company:${records.company}`, status: 'not-started', reason: 'ignored', version: 1 });
    expect(reopened.reason).toBeNull();
  });

  it('refuses a stale version and a second first mark (409), writing nothing', async () => {
    await mark(couple.clientCtx, { task_key: `bank:${records.bank}`, status: 'in-progress' });
    await expect(mark(couple.spouseCtx!, { task_key: `bank:${records.bank}`, status: 'done' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: FUNDING_CHANGED_MEANWHILE,
    });
    await mark(couple.clientCtx, { task_key: `bank:${records.bank}`, status: 'done', version: 1 });
    await expect(mark(couple.spouseCtx!, { task_key: `bank:${records.bank}`, status: 'not-started', version: 1 })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await loadFundingMarks(await householdId())).map((m) => [m.status, m.version])).toEqual([['done', 2]]);
  });

  it('waits for the plan to be finalized', async () => {
    await db.update(t.estatePlans).set({ status: 'preparing' }).where(eq(t.estatePlans.id, planId));
    await expect(mark(couple.clientCtx, { task_key: `bank:${records.bank}`, status: 'done' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: FUNDING_NOT_BEGUN,
    });
    await db.update(t.estatePlans).set({ status: 'complete' }).where(eq(t.estatePlans.id, planId));
    await expect(mark(couple.clientCtx, { task_key: `bank:${records.bank}`, status: 'done' })).resolves.toMatchObject({ status: 'done' });
  });

  it('finds only an asset of this household (404 for another’s, a key of the wrong kind, a made-up one)', async () => {
    const other = await makeCouple();
    const theirs = await seedIntakeRecords([other.owner1.id]);
    for (const task_key of [`bank:${theirs.bank}`, `bank:${records.brokerage}`, `company:${records.gift}`, 'bank:nothing']) {
      await expect(mark(couple.clientCtx, { task_key, status: 'done' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await loadFundingMarks(await householdId())).toEqual([]);
  });

  it('reads a sold asset’s open task as not needed, keeps its name, and refuses to change it', async () => {
    await mark(couple.clientCtx, { task_key: `bank:${records.bank}`, status: 'in-progress' });
    const [account] = await db.select({ version: t.accounts.version }).from(t.accounts).where(eq(t.accounts.hash, records.bank));
    await deleteAccount(
      couple.clientCtx,
      deleteAccountSchema.parse({ client_hash: couple.owner1.hash, kind: 'bank', hash: records.bank, version: account.version }),
    );
    const gone = (await tasksNow()).find((task) => task.key === `bank:${records.bank}`);
    expect(gone).toMatchObject({ status: 'not-needed', reason: REMOVED_REASON, removed: true, title: 'Matrix Bank Other kind ••••0000' });
    await expect(mark(couple.clientCtx, { task_key: `bank:${records.bank}`, status: 'done', version: 1 })).rejects.toMatchObject({
      message: FUNDING_ASSET_GONE,
    });
    const [row] = await db
      .select({ status: t.fundingTasks.status })
      .from(t.fundingTasks)
      .where(and(eq(t.fundingTasks.taskKey, `bank:${records.bank}`)));
    expect(row.status).toBe('in-progress');
  });
});

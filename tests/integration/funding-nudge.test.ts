import { asc, eq } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { fundingNudgeRules, nudgeFunding, type FundingNudgeRules } from '@/lib/funding/nudge';
import { nudgeFundingJob } from '@/lib/funding/jobs/nudge-funding';
import { systemContext } from '@/lib/kernel/system-context';
import { sendNotificationMailJob } from '@/lib/notifications/jobs/send-notification-mail';
import { saveEmailChoices, unsubscribe } from '@/lib/notifications/preferences';
import { unsubscribeToken } from '@/lib/notifications/unsubscribe-token';
import { allJobs } from '@/lib/startup/jobs';
import { guestCtx } from '../helpers/context';
import { resetDatabase } from '../helpers/db';
import { runQueuedJobs } from '../helpers/jobs';
import { makeCouple, seedIntakeRecords, type Couple, type IntakeRecords } from './helpers/intake';

/*
 * The monthly funding nudge (issue 30, lib/funding/nudge.ts): due an interval after funding began and after
 * the last reminder, at most `max` times, never with nothing open or before funding, once however many
 * servers run it, and stopped by the client's choice (the notice stays in the bell, the mail does not go).
 */

const rules: FundingNudgeRules = { intervalDays: 30, max: 3 };
const DAY = 24 * 60 * 60 * 1000;

let couple: Couple;
let records: IntakeRecords;
let plan: t.EstatePlan;
let start: Date;

beforeEach(async () => {
  await resetDatabase();
  couple = await makeCouple();
  records = await seedIntakeRecords([couple.owner1.id, couple.owner2!.id]);
  start = new Date();
  [plan] = await db.insert(t.estatePlans).values({ clientId: couple.owner1.id, status: 'finalizing' }).returning();
  // Funding began now: the plan's move into Being Finalized.
  await db.insert(t.estatePlanStatusChanges).values({ estatePlanId: plan.id, fromStatus: 'preparing', toStatus: 'finalizing', createdAt: start });
});

/** The job on day `n` after funding began (the test's clock, not the machine's). */
const dayN = (n: number, r: FundingNudgeRules = rules) => nudgeFunding(systemContext('test', new Date(start.getTime() + n * DAY)), r);
const reminders = () => db.select().from(t.notifications).where(eq(t.notifications.kind, 'funding-reminder')).orderBy(asc(t.notifications.id));
const tally = async () =>
  (
    await db
      .select({ count: t.households.fundingNudgeCount, at: t.households.fundingNudgeLastAt })
      .from(t.households)
      .where(eq(t.households.id, couple.household.household.id))
  )[0];
const markAll = async (status: 'done' | 'not-needed') => {
  const keys = [
    `real-estate:${records.property}`,
    `bank:${records.bank}`,
    `brokerage:${records.brokerage}`,
    `retirement:${records.retirement}`,
    `annuity:${records.annuity}`,
    `company:${records.company}`,
    `gift:${records.gift}`,
  ];
  await db.insert(t.fundingTasks).values(
    keys.map((taskKey) => ({
      householdId: couple.household.household.id,
      taskKey,
      kind: taskKey.slice(0, taskKey.indexOf(':')),
      owner: 'both',
      title: taskKey,
      status,
      reason: status === 'not-needed' ? 'Already in the trust' : null,
    })),
  );
};

describe('the monthly funding nudge', () => {
  it('waits an interval after funding began, then reminds both clients once a month, at most `max` times', async () => {
    expect(await dayN(29)).toBe(0);
    expect(await dayN(30)).toBe(1);
    const first = await reminders();
    expect(first.map((r) => r.userId).sort()).toEqual([couple.household.user.id, couple.household.spouse!.user.id].sort());
    expect(first[0]).toMatchObject({ title: '7 steps left to fund your living trust', link: `/client-info/${couple.owner1.hash}#funding` });
    expect(first[0].body).toContain('All 7 of your trust’s funding steps are still open.');
    // The next steps in the funding panel's order: the house first, with its step.
    expect(first[0].body).toContain('• 1 Matrix Way, Austin: Sign a new deed to the trust and record it with the county');
    expect(first[0].body).toContain('…and 4 more.');
    expect(await dayN(31)).toBe(0);
    expect(await dayN(59)).toBe(0);
    expect(await dayN(60)).toBe(1);
    expect(await dayN(95)).toBe(1);
    expect((await tally()).count).toBe(3);
    expect(await dayN(130)).toBe(0);
    expect(await dayN(400)).toBe(0);
    expect(await reminders()).toHaveLength(6);
  });

  it('says how many are left once some are done, and sends nothing when nothing is open', async () => {
    await db.insert(t.fundingTasks).values({
      householdId: couple.household.household.id,
      taskKey: `real-estate:${records.property}`,
      kind: 'real-estate',
      owner: 'both',
      title: '1 Matrix Way, Austin',
      status: 'done',
    });
    expect(await dayN(30)).toBe(1);
    const [notice] = await reminders();
    expect(notice.title).toBe('6 steps left to fund your living trust');
    expect(notice.body).toContain('6 of your trust’s 7 funding steps are still open.');
    expect(notice.body).not.toContain('Matrix Way');
    await db.delete(t.fundingTasks);
    await markAll('not-needed');
    expect(await dayN(60)).toBe(0);
    expect(await dayN(90)).toBe(0);
    expect(await reminders()).toHaveLength(2);
  });

  it('never before funding begins, and never for a household without assets', async () => {
    await db.update(t.estatePlans).set({ status: 'preparing' }).where(eq(t.estatePlans.id, plan.id));
    expect(await dayN(45)).toBe(0);
    // A complete plan with nothing to fund.
    const empty = await makeCouple({ spouse: false });
    await db.insert(t.estatePlans).values({ clientId: empty.owner1.id, status: 'complete' });
    expect(await dayN(45)).toBe(0);
    expect(await reminders()).toHaveLength(0);
    // A plan made complete without a history row: funding began at its creation.
    await db.update(t.estatePlans).set({ status: 'complete' }).where(eq(t.estatePlans.id, plan.id));
    await db.delete(t.estatePlanStatusChanges);
    expect(await dayN(45)).toBe(1);
  });

  it('reminds once when two servers run the job at the same moment, and a rerun the same day finds it done', async () => {
    const at = systemContext('test', new Date(start.getTime() + 31 * DAY));
    const [a, b] = await Promise.all([nudgeFunding(at, rules), nudgeFunding(at, rules)]);
    expect(a + b).toBe(1);
    expect(await nudgeFunding(at, rules)).toBe(0);
    expect(await reminders()).toHaveLength(2);
    expect((await tally()).count).toBe(1);
  });

  it('is turned off by the client in Settings or by the unsubscribe link: the bell keeps it, no mail goes', async () => {
    await saveEmailChoices(couple.clientCtx, { email: { 'funding-reminder': false } });
    await expect(unsubscribe(guestCtx(), unsubscribeToken(couple.household.spouse!.user.hash, 'funding-reminder'))).resolves.toMatchObject({
      kind: 'funding-reminder',
      label: 'Funding reminders',
    });
    expect(await dayN(30)).toBe(1);
    await runQueuedJobs(sendNotificationMailJob);
    expect((await reminders()).map((n) => n.emailSkipped)).toEqual(['switched-off', 'switched-off']);
    expect(await db.select().from(t.mailOutbox)).toHaveLength(0);
  });

  it('mails each client the reminder with its button and the unsubscribe of its kind', async () => {
    expect(await dayN(30)).toBe(1);
    await runQueuedJobs(sendNotificationMailJob);
    const mails = await db.select().from(t.mailOutbox).orderBy(asc(t.mailOutbox.id));
    expect(mails.map((m) => m.to).sort()).toEqual([couple.household.user.email, couple.household.spouse!.user.email].sort());
    expect(mails[0].subject).toBe('7 steps left to fund your living trust');
    expect(mails[0].text).toContain(`See your funding steps: `);
    expect(mails[0].text).toContain(`/client-info/${couple.owner1.hash}#funding`);
    expect(mails[0].text).toContain('"Funding reminders" is on in your notification settings');
    expect(mails[0].headers!['List-Unsubscribe']).toMatch(/unsubscribe\?token=/);
  });

  it('reads its limits from the environment (0 turns it off) and is one of the app’s jobs', async () => {
    expect(fundingNudgeRules({})).toEqual({ intervalDays: 30, max: 6 });
    expect(fundingNudgeRules({ FUNDING_NUDGE_INTERVAL_DAYS: '14', FUNDING_NUDGE_MAX: '0' })).toEqual({ intervalDays: 14, max: 0 });
    expect(fundingNudgeRules({ FUNDING_NUDGE_INTERVAL_DAYS: 'monthly', FUNDING_NUDGE_MAX: '-1' })).toEqual({ intervalDays: 30, max: 6 });
    expect(await dayN(45, { intervalDays: 30, max: 0 })).toBe(0);
    expect(allJobs).toContain(nudgeFundingJob);
  });
});

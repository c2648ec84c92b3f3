import { asc, eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { sendAdvisorDigests } from '@/lib/advisors/digest';
import { nudgeStalledHouseholds, type NudgeRules } from '@/lib/advisors/nudges';
import { sendReminder } from '@/lib/advisors/send-reminder';
import { systemContext } from '@/lib/kernel/system-context';
import { resetDatabase } from '../helpers/db';
import { makeHousehold } from '../helpers/factories';
import { makeCouple, type Couple } from './helpers/intake';

const rules: NudgeRules = { stalledDays: 14, intervalDays: 7, max: 3 };
const DAY = 24 * 60 * 60 * 1000;

let couple: Couple;
let start: Date;

beforeEach(async () => {
  await resetDatabase();
  couple = await makeCouple();
  await db.insert(t.estatePlans).values({ clientId: couple.owner1.id });
  start = new Date();
});

/** The nudge job on day `n` after the household's last change (the test's clock, not the machine's). */
const dayN = (n: number) => nudgeStalledHouseholds(systemContext('test', new Date(start.getTime() + n * DAY)), rules);
const reminders = () =>
  db
    .select({ userId: t.notifications.userId, eventKey: t.notifications.eventKey })
    .from(t.notifications)
    .where(eq(t.notifications.kind, 'intake-reminder'))
    .orderBy(asc(t.notifications.id));
const tally = async () =>
  (await db.select({ count: t.households.nudgeCount }).from(t.households).where(eq(t.households.owner1ClientId, couple.owner1.id)))[0].count;

describe('the daily nudge of a stalled intake', () => {
  it('waits for the Stalled rule, then reminds both clients at most once a week and three times', async () => {
    expect(await dayN(13)).toBe(0);
    expect(await dayN(15)).toBe(1);
    expect((await reminders()).map((r) => r.userId).sort()).toEqual([couple.household.user.id, couple.household.spouse!.user.id].sort());
    expect(await dayN(15)).toBe(0);
    expect(await dayN(21)).toBe(0);
    expect(await dayN(22)).toBe(1);
    expect(await dayN(29)).toBe(1);
    expect(await tally()).toBe(3);
    expect(await dayN(36)).toBe(0);
    expect(await dayN(60)).toBe(0);
    expect(await reminders()).toHaveLength(6);
  });

  it('counts afresh once the household comes back, and stops for good once it submits', async () => {
    await dayN(15);
    await dayN(22);
    await dayN(29);
    // The client returns on day 30 (an intake change), then stalls again.
    await db.execute(
      sql`update households set last_change_at = ${new Date(start.getTime() + 30 * DAY).toISOString()}::timestamptz where owner1_client_id = ${couple.owner1.id}`,
    );
    expect(await dayN(40)).toBe(0);
    expect(await dayN(45)).toBe(1);
    expect(await tally()).toBe(1);
    await db.update(t.clients).set({ isTrustSubmitted: true }).where(eq(t.clients.id, couple.owner1.id));
    expect(await dayN(60)).toBe(0);
  });

  it('nudges once when two servers run the job at the same moment', async () => {
    const at = systemContext('test', new Date(start.getTime() + 15 * DAY));
    const [a, b] = await Promise.all([nudgeStalledHouseholds(at, rules), nudgeStalledHouseholds(at, rules)]);
    expect(a + b).toBe(1);
    expect(await reminders()).toHaveLength(2);
  });

  it("counts the advisor's 'Send reminder' toward the same tally", async () => {
    await sendReminder(couple.advisorCtx, { client_hash: couple.owner1.hash });
    expect(await tally()).toBe(1);
    // The manual reminder went today: the next nudge waits out the interval from it.
    expect(await dayN(15)).toBe(1);
    expect(await tally()).toBe(2);
  });
});

describe("the advisors' weekly summary", () => {
  it('names the households that stalled and those that moved forward, once a week, and nothing when there is nothing', async () => {
    const at = (days: number) => systemContext('test', new Date(start.getTime() + days * DAY));
    // Nothing stalled and nothing moved in the week before day 10 (the household changed on day 0).
    expect(await sendAdvisorDigests(at(10), 14)).toBe(0);
    // Day 15: the couple stalled; another household of the advisor's worked on its intake on day 12.
    const busy = await makeHousehold(couple.advisor.advisor.id, { spouse: false });
    await db.execute(
      sql`update households set last_change_at = ${new Date(start.getTime() + 12 * DAY).toISOString()}::timestamptz where owner1_client_id = ${busy.client.id}`,
    );
    expect(await sendAdvisorDigests(at(15), 14)).toBe(1);
    expect(await sendAdvisorDigests(at(15), 14)).toBe(0);
    const [digest] = await db.select().from(t.notifications).where(eq(t.notifications.kind, 'advisor-digest'));
    expect(digest).toMatchObject({ userId: couple.advisor.user.id, title: 'Your week: 1 client moved forward, 1 stalled', link: '/dashboard' });
    expect(digest.body).toContain(`/client-info/${couple.owner1.hash}`);
    expect(digest.body).toContain(`/client-info/${busy.client.hash}`);
    expect(digest.body.indexOf(busy.client.hash)).toBeLessThan(digest.body.indexOf('Stalled'));
  });
});

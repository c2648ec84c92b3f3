import { eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import * as t from '@/db/schema';
import { listClientPage } from '@/lib/advisors/client-list';
import { DEFAULT_LIST_STATE, type ClientListState } from '@/lib/advisors/rules';
import { rowsOf } from '@/lib/kernel/rows';
import { trustSubmittedSql } from '@/lib/estate-plans/submitted';
import { actorOf } from '../helpers/context';
import { makeAdvisor, makeHousehold } from '../helpers/factories';
import { resetDatabase } from '../helpers/db';

/*
 * The advisors' kept household counts (advisor_household_counts, migration trigram_search, issue 32): after
 * random operations that move households between advisors (a client given to another advisor, owners
 * swapped, a spouse added or removed, households added and deleted, a client without an advisor), the kept
 * counts equal a recount, and the dashboard's first page (its total from the kept counts) equals the same
 * list's total counted row by row (a sorted view counts its rows).
 */

const state = (change: Partial<ClientListState> = {}): ClientListState => ({ ...DEFAULT_LIST_STATE, ...change });

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x % n;
  };
}

async function drift(): Promise<Array<{ advisor_id: number; kept: number; counted: number }>> {
  return rowsOf<{ advisor_id: number; kept: number; counted: number }>(
    await db.execute(sql`
      select coalesce(k.advisor_id, c.advisor_id) as advisor_id, coalesce(k.households, 0)::int as kept, coalesce(c.n, 0)::int as counted
        from advisor_household_counts k
        full join (select list_owner1_advisor_id as advisor_id, count(*) as n from households where list_owner1_advisor_id is not null group by 1) c
          on c.advisor_id = k.advisor_id
       where coalesce(k.households, 0) <> coalesce(c.n, 0)`),
  );
}

/** The kept counts per advisor and status (advisor_status_counts) that differ from a recount, under the TypeScript submitted rule. */
async function statusDrift(): Promise<unknown[]> {
  const submitted = trustSubmittedSql({
    latestPlanSubmitted: sql`list_plan_submitted`,
    owner1Flag: sql`list_owner1_submitted`,
    owner2Flag: sql`list_owner2_submitted`,
  });
  return rowsOf(
    await db.execute(sql`
      select coalesce(k.advisor_id, c.advisor_id) as advisor_id, coalesce(k.status, c.status) as status,
             k.households as kept, c.n as counted, k.submitted as kept_submitted, c.submitted as counted_submitted
        from advisor_status_counts k
        full join (select list_owner1_advisor_id as advisor_id, coalesce(list_status::text, '') as status, count(*)::int as n,
                          (count(*) filter (where ${submitted}))::int as submitted
                     from households where list_owner1_advisor_id is not null group by 1, 2) c
          on c.advisor_id = k.advisor_id and c.status = k.status
       where coalesce(k.households, 0) <> coalesce(c.n, 0) or coalesce(k.submitted, 0) <> coalesce(c.submitted, 0)`),
  );
}

/** Households whose kept latest plan change (list_plan_changed_at) differs from their plans' latest updated_at. */
async function activityDrift(): Promise<unknown[]> {
  return rowsOf(
    await db.execute(sql`
      select h.id, h.list_plan_changed_at as kept, r.changed as counted
        from households h
        left join lateral (select max(ep.updated_at) as changed from estate_plans ep where ep.client_id = h.owner1_client_id) r on true
       where h.list_plan_changed_at is distinct from r.changed
          or h.list_activity_at is distinct from greatest(h.last_change_at, r.changed)`),
  );
}

describe('the advisors’ kept household counts (issue 32)', () => {
  beforeAll(resetDatabase);

  it('show no drift after random operations, and the first page’s total equals a counted total', async () => {
    const advisors = await Promise.all([makeAdvisor(), makeAdvisor(), makeAdvisor()]);
    const ids = advisors.map((a) => a.advisor.id);
    const households: number[] = [];
    for (let i = 0; i < 9; i++) households.push((await makeHousehold(ids[i % 3], { spouse: i % 2 === 0 })).household.id);
    expect(await drift()).toEqual([]);
    expect(await statusDrift()).toEqual([]);
    expect(await activityDrift()).toEqual([]);
    const next = random(32);
    const statuses = ['incomplete', 'signed', 'sent', 'canceled', 'complete'] as const;
    for (let step = 0; step < 90; step++) {
      const op = next(9);
      const householdId = households[next(households.length)];
      const [h] = await db.select().from(t.households).where(eq(t.households.id, householdId));
      if (op === 0) {
        // A client given to another advisor (or to none).
        const clientId = next(2) === 0 || h.owner2ClientId === null ? h.owner1ClientId : h.owner2ClientId;
        const to = next(4);
        await db
          .update(t.clients)
          .set({ advisorId: to === 3 ? null : ids[to] })
          .where(eq(t.clients.id, clientId));
      } else if (op === 1 && h.owner2ClientId !== null) {
        // Owners swapped.
        await db.update(t.households).set({ owner1ClientId: h.owner2ClientId, owner2ClientId: h.owner1ClientId }).where(eq(t.households.id, householdId));
      } else if (op === 2) {
        // A new household.
        households.push((await makeHousehold(ids[next(3)], { spouse: next(2) === 0 })).household.id);
      } else if (op === 3 && households.length > 3) {
        // A household deleted (its clients stay, without a household).
        await db.delete(t.households).where(eq(t.households.id, householdId));
        households.splice(households.indexOf(householdId), 1);
      } else if (op === 4 && h.owner2ClientId !== null) {
        // A spouse removed from the household.
        await db.update(t.households).set({ owner2ClientId: null }).where(eq(t.households.id, householdId));
      } else if (op === 6) {
        // A new plan for owner 1 (the latest: the household's status moves), sometimes submitted.
        await db.insert(t.estatePlans).values({
          clientId: h.owner1ClientId,
          status: statuses[next(statuses.length)],
          submittedAt: next(2) === 0 ? new Date() : null,
          createdAt: new Date(Date.now() + step * 1000),
        });
      } else if (op === 7) {
        // The plans' status changed (the latest's: the household's status moves), or the plans deleted (no
        // plan). Either changes the household's last activity.
        const clientId = h.owner1ClientId;
        const plans = await db.select().from(t.estatePlans).where(eq(t.estatePlans.clientId, clientId));
        if (plans.length && next(3) === 0) await db.delete(t.estatePlans).where(eq(t.estatePlans.clientId, clientId));
        else if (plans.length)
          await db
            .update(t.estatePlans)
            .set({ status: statuses[next(statuses.length)] })
            .where(eq(t.estatePlans.clientId, clientId));
      } else if (op === 8) {
        // A client's submission flag set or cleared.
        const clientId = next(2) === 0 || h.owner2ClientId === null ? h.owner1ClientId : h.owner2ClientId;
        await db
          .update(t.clients)
          .set({ isTrustSubmitted: next(2) === 0 })
          .where(eq(t.clients.id, clientId));
      } else {
        // Moved in one transaction with another write, then both rolled back: the count goes back too.
        await db
          .transaction(async (tx) => {
            await tx
              .update(t.clients)
              .set({ advisorId: ids[next(3)] })
              .where(eq(t.clients.id, h.owner1ClientId));
            throw new Error('rolled back');
          })
          .catch(() => undefined);
      }
      expect({ step, drift: await drift(), statusDrift: await statusDrift(), activityDrift: await activityDrift() }).toEqual({
        step,
        drift: [],
        statusDrift: [],
        activityDrift: [],
      });
    }
    for (const a of advisors) {
      const actor = await actorOf(a.user);
      const first = await listClientPage(actor, { advisorIds: [a.advisor.id], state: state(), stalledDays: 14 });
      const sorted = await listClientPage(actor, { advisorIds: [a.advisor.id], state: state({ sort: 'name' }), stalledDays: 14 });
      expect(first.total).toBe(sorted.total);
      expect(first.rows.map((r) => r.clientId).sort()).toEqual(sorted.rows.map((r) => r.clientId).sort());
      // Each status filter's total (from the kept counts per status) equals its rows, read in one page.
      for (const filter of ['none', 'incomplete', 'attorney', 'canceled', 'complete'] as const) {
        const kept = await listClientPage(actor, { advisorIds: [a.advisor.id], state: state({ filter }), stalledDays: 14 });
        const rows = await listClientPage(actor, { advisorIds: [a.advisor.id], state: state({ filter, size: 100_000, sort: 'name' }), stalledDays: 14 });
        expect({ filter, total: kept.total }).toEqual({ filter, total: rows.rows.length });
      }
    }
  });
});

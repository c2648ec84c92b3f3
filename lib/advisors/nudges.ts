import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { db } from '@/db';
import { householdSubmittedSql } from '@/lib/estate-plans/submitted';
import { rowsOf } from '@/lib/kernel/rows';
import type { SystemContext } from '@/lib/kernel/system-context';
import { householdAudience, notify } from '@/lib/notifications';
import { filterStatuses, stalledAfterDays } from './rules';

/*
 * Automatic nudges (issue 29): a daily job reminds the clients of a stalled intake (the dashboard's Stalled
 * rule: not submitted, still in the client stage, no intake change for STALLED_AFTER_DAYS days) at most
 * once every NUDGE_INTERVAL_DAYS and at most NUDGE_MAX times, counted afresh once the household comes back
 * (an intake change after the last reminder) and never after it submits. The advisor's 'Send reminder'
 * counts toward the same tally (countNudgeSql). Each reminder is a notification (kind intake-reminder),
 * so the client's choice and its unsubscribe link apply. Times are the job's clock (ctx.now), so tests
 * move days forward.
 */

export type NudgeRules = { stalledDays: number; intervalDays: number; max: number };

const intFrom = (value: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

/** The thresholds, from the environment (docs/operations.md). */
export function nudgeRules(env: Record<string, string | undefined> = process.env): NudgeRules {
  return { stalledDays: stalledAfterDays(env), intervalDays: intFrom(env.NUDGE_INTERVAL_DAYS, 7, 1, 90), max: intFrom(env.NUDGE_MAX, 3, 0, 20) };
}

export const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** The tally after one more reminder at `now`: it restarts at 1 when the household came back since the last. */
export function countNudgeSql(now: SQL): { nudgeCount: SQL; nudgeLastAt: SQL } {
  return {
    nudgeCount: sql`case when nudge_last_at is null or last_change_at > nudge_last_at then 1 else nudge_count + 1 end`,
    nudgeLastAt: now,
  };
}

/** A household `h` whose intake is stalled at `now`: the dashboard's Stalled rule, on the caller's clock. */
export function stalledSql(now: Date, stalledDays: number): SQL {
  const clientStage = filterStatuses('incomplete') as readonly string[];
  return sql`h.last_change_at < ${at(now)} - make_interval(days => ${stalledDays})
    and not ${householdSubmittedSql(sql`h.owner1_client_id`, sql`h.owner2_client_id`)}
    and coalesce((select ep.status::text from estate_plans ep where ep.client_id = h.owner1_client_id order by ep.created_at desc, ep.id desc limit 1) in ${clientStage}, true)`;
}

/** A household `h` whose intake is stalled at `now` and may be nudged now. */
function nudgeDueSql(now: Date, rules: NudgeRules): SQL {
  return sql`${stalledSql(now, rules.stalledDays)}
    and (h.nudge_last_at is null or h.nudge_last_at <= ${at(now)} - make_interval(days => ${rules.intervalDays}))
    and (h.nudge_count < ${rules.max} or h.last_change_at > h.nudge_last_at)`;
}

/**
 * Nudges every household due at `ctx.now`; answers how many. Each is claimed by an update that repeats the
 * rules (two servers, or a rerun the same day, find it nudged) in the transaction that raises its notice.
 */
export async function nudgeStalledHouseholds(ctx: SystemContext, rules: NudgeRules = nudgeRules()): Promise<number> {
  if (rules.max === 0) return 0;
  const due = rowsOf<{ id: number }>(await db.execute(sql`select h.id from households h where ${nudgeDueSql(ctx.now, rules)} order by h.id limit 1000`));
  let nudged = 0;
  for (const { id } of due) {
    nudged += await db.transaction(async (tx) => {
      const count = countNudgeSql(at(ctx.now));
      const [claimed] = rowsOf<{ owner1: number; count: number }>(
        await tx.execute(sql`update households h set nudge_count = ${count.nudgeCount}, nudge_last_at = ${count.nudgeLastAt}
          where h.id = ${id} and ${nudgeDueSql(ctx.now, rules)}
          returning h.owner1_client_id as owner1, h.nudge_count as count`),
      );
      if (!claimed) return 0;
      const audience = await householdAudience(tx, claimed.owner1);
      if (!audience) return 0;
      await notify(
        tx,
        {
          key: `intake-reminder:${id}:${ctx.now.toISOString().slice(0, 10)}`,
          kind: 'intake-reminder',
          title: 'Your living trust is waiting for you',
          body: 'You started your living trust but have not finished the questionnaire. Your answers are saved: pick up where you left off, and your advisor and attorney will take it from there.',
          link: `/client-info/${audience.owner1Hash}`,
          action: 'Continue your trust',
        },
        audience.clientUserIds,
      );
      return 1;
    });
  }
  return nudged;
}

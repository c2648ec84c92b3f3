import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { db } from '@/db';
import { rowsOf } from '@/lib/kernel/rows';
import type { SystemContext } from '@/lib/kernel/system-context';
import { fundingReminderNotice } from '@/lib/mail/templates/funding-reminder';
import { householdAudience, notify } from '@/lib/notifications';
import { householdFundingTasks } from './household-tasks';
import { FUNDING_PLAN_STATUSES_SQL, fundingLeftSql } from './progress-sql';
import { FUNDING_STEPS } from './steps';

/*
 * The monthly funding nudge (issue 30): a daily job reminds the clients of a household whose latest plan is
 * being finalized or complete and has funding steps open, at most once every FUNDING_NUDGE_INTERVAL_DAYS
 * (30) and at most FUNDING_NUDGE_MAX times (6) in all: half a year of monthly reminders, then the advisor's
 * dashboard (Funding left) is where the household shows. The first comes an interval after funding began
 * (the plan's first move into Being Finalized or Complete), not the day the attorney starts finalizing.
 * Nothing is sent when nothing is open. Each reminder is a notice of kind funding-reminder, so the client's
 * choice in Settings and the unsubscribe link stop it, as the intake nudges'. The tally is kept on the
 * household (funding_nudge_count, funding_nudge_last_at) and claimed by an update that repeats the rules,
 * so two servers or a rerun send one. Times are the job's clock (ctx.now).
 */

export type FundingNudgeRules = { intervalDays: number; max: number };

const intFrom = (value: string | undefined, fallback: number, min: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

/** The limits, from the environment (docs/operations.md); FUNDING_NUDGE_MAX=0 turns the nudge off. */
export function fundingNudgeRules(env: Record<string, string | undefined> = process.env): FundingNudgeRules {
  return { intervalDays: intFrom(env.FUNDING_NUDGE_INTERVAL_DAYS, 30, 1, 365), max: intFrom(env.FUNDING_NUDGE_MAX, 6, 0, 24) };
}

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * When funding began for the household `h`: its latest plan's first move into a funding status (the history),
 * or the plan's creation when the history has none (a plan made in such a status).
 */
const fundingBeganSql = sql`(select coalesce(
    (select min(sc.created_at) from estate_plan_status_changes sc where sc.estate_plan_id = lp.id and sc.to_status in ${FUNDING_PLAN_STATUSES_SQL}),
    lp.created_at)
  from (select ep.id, ep.created_at from estate_plans ep where ep.client_id = h.owner1_client_id order by ep.created_at desc, ep.id desc limit 1) lp)`;

/** A household `h` due a funding reminder at `now`: the rules in SQL, the open steps last (the costliest). */
function dueSql(now: Date, rules: FundingNudgeRules): SQL {
  const interval = sql`make_interval(days => ${rules.intervalDays})`;
  return sql`h.list_status in ${FUNDING_PLAN_STATUSES_SQL}
    and h.funding_nudge_count < ${rules.max}
    and (h.funding_nudge_last_at is null or h.funding_nudge_last_at <= ${at(now)} - ${interval})
    and ${fundingBeganSql} <= ${at(now)} - ${interval}
    and ${fundingLeftSql(sql`h.id`)}`;
}

/**
 * Reminds every household due at `ctx.now` of its open funding steps; answers how many households. The
 * reminder names the steps as the funding panel does (the intake's tasks merged with the marks).
 */
export async function nudgeFunding(ctx: SystemContext, rules: FundingNudgeRules = fundingNudgeRules()): Promise<number> {
  if (rules.max === 0) return 0;
  const due = rowsOf<{ id: number }>(await db.execute(sql`select h.id from households h where ${dueSql(ctx.now, rules)} order by h.id limit 1000`));
  let nudged = 0;
  for (const { id } of due) {
    nudged += await db.transaction(async (tx) => {
      const funding = await householdFundingTasks(ctx, Number(id), tx);
      if (!funding) return 0;
      const { household, tasks } = funding;
      const open = tasks.filter((t) => t.status === 'not-started' || t.status === 'in-progress');
      if (!open.length) return 0;
      const [claimed] = rowsOf<{ count: number }>(
        await tx.execute(sql`update households h set funding_nudge_count = h.funding_nudge_count + 1, funding_nudge_last_at = ${at(ctx.now)}
          where h.id = ${household.householdId} and ${dueSql(ctx.now, rules)}
          returning h.funding_nudge_count as count`),
      );
      if (!claimed) return 0;
      const audience = await householdAudience(tx, household.clientId);
      if (!audience) return 0;
      const notice = fundingReminderNotice({ total: tasks.length, open: open.map((t) => ({ title: t.title, action: FUNDING_STEPS[t.kind].action })) });
      await notify(
        tx,
        {
          // One reminder per household and count: a rerun finds the claim; a replayed event key tells nobody twice.
          key: `funding-reminder:${household.householdId}:${claimed.count}`,
          kind: 'funding-reminder',
          ...notice,
          link: `/client-info/${audience.owner1Hash}#funding`,
        },
        audience.clientUserIds,
      );
      return 1;
    });
  }
  return nudged;
}

import { sql, type SQL } from 'drizzle-orm';
import { FUNDING_PLAN_STATUSES } from './marks';

/*
 * The funding figures of a household counted in SQL (issue 30): the rule of lib/funding/tasks.ts
 * (fundingTasksOf, mergeTasks, fundingProgress) written once more, for the lists that cannot load every
 * household's intake: the advisor dashboard's Funding column and "Funding left" filter, and the monthly
 * funding nudge. tests/integration/funding-progress-sql.test.ts holds the two to the same answers.
 *
 * - A task per property, account (bank, brokerage, retirement, annuity), company, and cash or item gift the
 *   household's clients own (a pivot row of either client); a gift of real estate has none. Its key is the
 *   asset's kind and public hash, as tasks.ts writes it, so an asset both spouses own is one task.
 * - A mark (funding_tasks) of a task the intake still asks for gives it its status; a task without one is
 *   not started.
 * - A mark whose asset has left the intake is still a task, and a finished one: done stays done, anything
 *   else reads not needed (REMOVED_REASON), as mergeTasks says.
 * - Progress: the finished tasks (done or not needed) over all of them, in whole percent rounded down; none
 *   without a task. Open: the tasks neither done nor not needed (only the intake's can be open).
 *
 * Every fragment takes the household's id as an SQL expression (`h.id` of the caller's statement) and binds
 * no value of its own: the dashboard's statement is planned once for all its runs.
 */

/** The statuses a task is finished in (tasks.ts fundingProgress: done or not needed). */
const FINISHED_LIST = `('done', 'not-needed')`;
const FINISHED = sql.raw(FINISHED_LIST);

/** The plan statuses funding is counted in (marks.ts FUNDING_PLAN_STATUSES), as an SQL list of literals. */
export const FUNDING_PLAN_STATUSES_SQL = sql.raw(`(${FUNDING_PLAN_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/** The task keys the intake of the household `fh` asks for (tasks.ts fundingTasksOf), one row each. */
const wantedKeys = sql.raw(`
  select 'real-estate:' || fp.hash as key
    from client_properties fcp join properties fp on fp.id = fcp.property_id
   where fcp.client_id in (fh.owner1_client_id, fh.owner2_client_id)
  union
  select fa.kind::text || ':' || fa.hash
    from client_accounts fca join accounts fa on fa.id = fca.account_id
   where fca.client_id in (fh.owner1_client_id, fh.owner2_client_id)
  union
  select 'company:' || fc.hash
    from client_companies fcc join companies fc on fc.id = fcc.company_id
   where fcc.client_id in (fh.owner1_client_id, fh.owner2_client_id)
  union
  select 'gift:' || fg.hash
    from client_gifts fcg join gifts fg on fg.id = fcg.gift_id
   where fcg.client_id in (fh.owner1_client_id, fh.owner2_client_id) and fg.gift_type <> 'property'`);

/**
 * One row of the household's counts: `total` tasks (the intake's and the marks' of assets gone) and `open`
 * ones (the intake's tasks without a finished mark). The full join pairs each intake task with its mark; a
 * mark alone is an asset gone (finished); a task alone is not started (open).
 */
function countsOf(householdId: SQL): SQL {
  return sql`
    select count(*)::int as total, (count(*) filter (where ft.key is not null and ft.finished is not true))::int as open
      from households fh
     cross join lateral (
       select w.key, m.finished
         from (${wantedKeys}) w
         full join (select fm.task_key, fm.status in ${FINISHED} as finished from funding_tasks fm where fm.household_id = fh.id) m on m.task_key = w.key
     ) ft
     where fh.id = ${householdId}`;
}

/** The household's funding progress in whole percent rounded down, or null when it has no task (an SQL integer). */
export function fundingPercentSql(householdId: SQL): SQL<number | null> {
  return sql<number | null>`(select case when fc.total > 0 then ((fc.total - fc.open) * 100) / fc.total end from (${countsOf(householdId)}) fc)`;
}

/**
 * Whether the household has a funding task open (an SQL boolean): a task of its intake without a finished mark.
 * The same answer as `fundingOpenSql(...) > 0`, asked per asset table and stopping at the first open task,
 * so the dashboard's Funding left filter and the nudge's selection do not count every household's tasks.
 */
export function fundingLeftSql(householdId: SQL): SQL<boolean> {
  const unfinished = (key: string) =>
    `not exists (select 1 from funding_tasks fm where fm.household_id = fh.id and fm.task_key = ${key} and fm.status in ${FINISHED_LIST})`;
  const owners = 'in (fh.owner1_client_id, fh.owner2_client_id)';
  return sql<boolean>`exists (select 1 from households fh where fh.id = ${householdId} and (
    exists (select 1 from client_properties fcp join properties fp on fp.id = fcp.property_id
             where fcp.client_id ${sql.raw(owners)} and ${sql.raw(unfinished(`'real-estate:' || fp.hash`))})
    or exists (select 1 from client_accounts fca join accounts fa on fa.id = fca.account_id
             where fca.client_id ${sql.raw(owners)} and ${sql.raw(unfinished(`fa.kind::text || ':' || fa.hash`))})
    or exists (select 1 from client_companies fcc join companies fc on fc.id = fcc.company_id
             where fcc.client_id ${sql.raw(owners)} and ${sql.raw(unfinished(`'company:' || fc.hash`))})
    or exists (select 1 from client_gifts fcg join gifts fg on fg.id = fcg.gift_id
             where fcg.client_id ${sql.raw(owners)} and fg.gift_type <> 'property' and ${sql.raw(unfinished(`'gift:' || fg.hash`))})))`;
}

/** How many of the household's funding tasks are open (neither done nor not needed), as an SQL integer. */
export function fundingOpenSql(householdId: SQL): SQL<number> {
  return sql<number>`(select fc.open from (${countsOf(householdId)}) fc)`;
}

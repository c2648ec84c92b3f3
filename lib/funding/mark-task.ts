import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { db } from '@/db';
import { estatePlans, fundingTasks } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { householdReads, loadHouseholdWith } from '@/lib/kernel/scope';
import type { MarkFundingTaskInput } from '@/lib/validation/funding';
import { findFundingAsset } from './find-asset';
import { fundingHasBegun, loadFundingMarks } from './marks';
import { mergeTasks, type FundingTask } from './tasks';

export const FUNDING_NOT_BEGUN = 'Funding begins when the attorney is finalizing your documents.';
export const FUNDING_ASSET_GONE = 'This asset is no longer in the intake, so its funding step cannot change.';
export const FUNDING_CHANGED_MEANWHILE = 'Someone changed this step meanwhile. Reload to see it.';

/** The household with its latest plan's status, read with the scope check in one statement. */
const fundingHousehold = householdReads('funding_household', ({ owner1Id }) => ({
  planStatus: sql<
    string | null
  >`(select ${estatePlans.status} from ${estatePlans} where ${estatePlans.clientId} = ${owner1Id} order by ${desc(estatePlans.createdAt)}, ${desc(estatePlans.id)} limit 1)`,
}));

/**
 * A client (or spouse) or their advisory team marks one funding step (issue 30): not started, in progress,
 * done, or not needed with a reason. Only for a plan whose funding has begun (Being Finalized, Complete), only
 * for an asset in the household's intake today (404 for any other key), at the version of the mark the page
 * read (409 when someone marked it in between; a first mark of a task races on the household's unique key).
 * The mark keeps the asset's description of this moment, so the task still has a name if the asset goes.
 */
export async function markFundingTask(ctx: RequestContext, input: MarkFundingTaskInput): Promise<FundingTask> {
  return db.transaction(async (tx) => {
    const household = await loadHouseholdWith(ctx, input.client_hash, 'funding.update', fundingHousehold, tx);
    if (!fundingHasBegun(household.planStatus as string | null)) throw new AppError('CONFLICT', FUNDING_NOT_BEGUN);
    const spec = await findFundingAsset(tx, household, input.task_key);
    if (!spec) {
      const [gone] = await tx
        .select({ id: fundingTasks.id })
        .from(fundingTasks)
        .where(and(eq(fundingTasks.householdId, household.householdId), eq(fundingTasks.taskKey, input.task_key)));
      throw gone ? new AppError('CONFLICT', FUNDING_ASSET_GONE) : new AppError('NOT_FOUND');
    }
    const values = {
      title: spec.title,
      kind: spec.kind,
      owner: spec.owner,
      value: spec.value,
      status: input.status,
      reason: input.reason,
      updatedByUserId: ctx.actor.userId,
      statusChangedAt: ctx.now,
    };
    const written =
      input.version === undefined
        ? await tx
            .insert(fundingTasks)
            .values({ householdId: household.householdId, taskKey: spec.key, ...values })
            .onConflictDoNothing({ target: [fundingTasks.householdId, fundingTasks.taskKey] })
            .returning({ id: fundingTasks.id })
        : await tx
            .update(fundingTasks)
            .set(values)
            .where(and(eq(fundingTasks.householdId, household.householdId), eq(fundingTasks.taskKey, spec.key), eq(fundingTasks.version, input.version)))
            .returning({ id: fundingTasks.id });
    if (!written.length) throw new AppError('CONFLICT', FUNDING_CHANGED_MEANWHILE);
    await audit(tx, ctx, 'funding.task.update', { type: 'household', id: household.householdId }, { task: spec.key, title: spec.title, status: input.status });
    const [task] = mergeTasks(
      [spec],
      (await loadFundingMarks(household.householdId, tx)).filter((m) => m.key === spec.key),
    );
    return task;
  });
}

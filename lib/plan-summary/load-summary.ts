import 'server-only';
import { FEATURE_LOCKED_MESSAGE } from '@/lib/billing/lock';
import { formatAppLongDate } from '@/lib/format/app-time';
import { fundingHasBegun, loadFundingMarks } from '@/lib/funding/marks';
import { loadIntake } from '@/lib/intake/load';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { planSummaryOf, type PlanSummary } from './summary';

/**
 * The plan summary of the household a client address opens (issue 30), for everyone who may read its intake
 * ('plan.summary.read', within the actor's scope: outside it, or unknown, 404). A locked advisor's household
 * is refused as its page hides it (403, the spec's message). The funding marks are read only once funding
 * has begun: two statements in all (three with them), whatever the household holds.
 */
export async function loadPlanSummary(ctx: RequestContext, clientHash: string): Promise<PlanSummary> {
  const view = await loadIntake(ctx, clientHash, 'plan.summary.read');
  if (view.featureLock.state === 'locked') throw new AppError('FORBIDDEN', FEATURE_LOCKED_MESSAGE);
  const marks = fundingHasBegun(view.latestPlan?.status) ? await loadFundingMarks(view.householdHash) : null;
  return planSummaryOf(view, marks, ctx.now, formatAppLongDate(ctx.now));
}

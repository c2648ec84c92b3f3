import { updatePlanStatus } from '@/lib/estate-plans/update-plan-status';
import { route } from '@/lib/http/route';
import { legacyUpdateStatusSchema } from '@/lib/legacy/plan-status-payload';

/**
 * POST /api/attorney/updateStatus/ — the earlier front end's status change: `estate_plan_id` (the plan's
 * hash) and `status`. Attorneys and admins; answers `{ estate_plan }` with the new status and its label.
 */
export const POST = route('plan.status.update', legacyUpdateStatusSchema, async ({ ctx, input }) => ({ estate_plan: await updatePlanStatus(ctx, input) }));

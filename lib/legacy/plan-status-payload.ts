import { z } from 'zod';
import { updatePlanStatusSchema } from '@/lib/validation/plans';

/** The earlier front end's status payload (`estate_plan_id` is the plan's public hash) as our schema's. */
export const legacyUpdateStatusSchema = z.preprocess((body) => {
  const b = (body ?? {}) as Record<string, unknown>;
  const status = typeof b.status === 'string' ? b.status.trim().toLowerCase() : b.status;
  return { plan_hash: b.estate_plan_id ?? b.hash, status };
}, updatePlanStatusSchema);

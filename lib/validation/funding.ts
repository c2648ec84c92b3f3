import { z } from 'zod';
import { FUNDING_STATUSES } from '@/db/schema/enums';
import { freeText } from './fields';
import { optionalVersion, publicHash } from './intake';

export const FUNDING_REASON_REQUIRED = 'Please say why this step is not needed.';
export const FUNDING_REASON_MAX = 200;

/**
 * A change to one funding task: the household (a client's hash), the task's key (`bank:<asset hash>`), the new
 * status, the reason when not needed (and only then), and the version of the task's mark the page read
 * (absent when nobody had marked it yet).
 */
export const markFundingTaskSchema = z
  .object({
    client_hash: publicHash('Client'),
    task_key: z
      .string({ error: 'Task is required.' })
      .trim()
      .min(1, 'Task is required.')
      .max(100, 'Task is not a valid reference.')
      .regex(/^[a-z-]+:[A-Za-z0-9_-]+$/, 'Task is not a valid reference.'),
    status: z.enum(FUNDING_STATUSES, { error: 'Please choose a status.' }),
    reason: freeText('The reason', { optional: true, max: FUNDING_REASON_MAX }),
    version: optionalVersion(),
  })
  .superRefine((input, ctx) => {
    if (input.status === 'not-needed' && !input.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: FUNDING_REASON_REQUIRED });
  })
  .transform((input) => ({ ...input, reason: input.status === 'not-needed' ? input.reason : null }));
export type MarkFundingTaskInput = z.output<typeof markFundingTaskSchema>;

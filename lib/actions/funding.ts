'use server';

import { markFundingTask } from '@/lib/funding/mark-task';
import { action } from '@/lib/http/action';
import { markFundingTaskSchema } from '@/lib/validation/funding';

// The funding tracker (issue 30): the household and its advisory team mark each step of moving the assets into the trust.
export const markFundingTaskAction = action('funding.update', markFundingTaskSchema, markFundingTask);

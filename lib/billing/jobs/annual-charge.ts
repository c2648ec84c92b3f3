import { defineJob } from '@/lib/jobs/define';
import { chargeDueAnnualCharges } from '../annual-charge';

/** Daily: the annual recurring charges whose date has come, once per period per plan. */
export const annualChargeJob = defineJob({
  name: 'billing.annual-charge',
  cron: '10 7 * * *',
  queue: { retryLimit: 3, retryDelay: 600 },
  run: async (ctx) => {
    await chargeDueAnnualCharges(ctx);
  },
});

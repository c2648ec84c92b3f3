import { defineJob } from '@/lib/jobs/define';
import { settleOpenPayments } from '../settle-payments';

/** Every 10 minutes: pending eCheck payments and unclear charges are looked up at the gateway and settled. */
export const settlePaymentsJob = defineJob({
  name: 'billing.settle-payments',
  cron: '*/10 * * * *',
  queue: { retryLimit: 2, retryDelay: 120 },
  run: async (ctx) => {
    await settleOpenPayments(ctx);
  },
});

import { defineJob } from '@/lib/jobs/define';
import { runAutoPay } from '../auto-pay';

/**
 * Auto-pay: queued with a new invoice (lib/billing/invoice-waived-fee.ts) to charge it at once, and sent
 * daily without data to sweep every open invoice of an auto-pay advisor (a refused one is tried again).
 */
export const autoPayJob = defineJob<{ invoiceId?: number }>({
  name: 'billing.auto-pay',
  cron: '40 6 * * *',
  queue: { retryLimit: 3, retryDelay: 300 },
  run: async (ctx, data) => {
    await runAutoPay(ctx, data.invoiceId ? [data.invoiceId] : undefined);
  },
});

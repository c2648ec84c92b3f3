import { defineJob } from '@/lib/jobs/define';
import { nudgeFunding } from '../nudge';

/**
 * Every morning (15:30 UTC, after the intake nudges): reminds the clients of households with funding steps
 * open, each at most once every FUNDING_NUDGE_INTERVAL_DAYS (lib/funding/nudge.ts). Daily, so a household
 * falls due on its own day of the month rather than all on the first.
 */
export const nudgeFundingJob = defineJob({
  name: 'funding.nudge',
  cron: '30 15 * * *',
  // A failed run (the database away) tries again; a second run the same day finds the households reminded.
  queue: { retryLimit: 3, retryDelay: 300, retryBackoff: true },
  run: async (ctx) => {
    await nudgeFunding(ctx);
  },
});

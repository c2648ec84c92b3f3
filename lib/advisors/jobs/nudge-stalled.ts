import { defineJob } from '@/lib/jobs/define';
import { nudgeStalledHouseholds } from '../nudges';

/** Every morning (15:00 UTC, the US morning): reminds the clients of stalled intakes (lib/advisors/nudges.ts). */
export const nudgeStalledJob = defineJob({
  name: 'intake.nudge-stalled',
  cron: '0 15 * * *',
  // A failed run (the database away) tries again; a second run the same day finds the households nudged.
  queue: { retryLimit: 3, retryDelay: 300, retryBackoff: true },
  run: async (ctx) => {
    await nudgeStalledHouseholds(ctx);
  },
});

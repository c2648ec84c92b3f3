import { defineJob } from '@/lib/jobs/define';
import { sendAdvisorDigests } from '../digest';

/** Mondays at 14:00 UTC (the US morning): each advisor's week (lib/advisors/digest.ts). */
export const advisorDigestJob = defineJob({
  name: 'advisors.weekly-digest',
  cron: '0 14 * * 1',
  // A failed run tries again; a rerun the same week tells nobody twice (the notice is named by the week).
  queue: { retryLimit: 3, retryDelay: 300, retryBackoff: true },
  run: async (ctx) => {
    await sendAdvisorDigests(ctx);
  },
});

import { defineJob } from '@/lib/jobs/define';
import { refreshStaleCompletions } from '../completion-cache';

/**
 * Every five minutes, by whichever server is up: the dashboard's completion figures that no intake write
 * refreshed (new households, data loaded by SQL, a new rules version) are recomputed and stored, so the
 * dashboard's render only reads them. Idempotent: a figure is stored only for the change it was computed for.
 */
export const refreshCompletionJob = defineJob({
  name: 'intake.refresh-completion',
  cron: '*/5 * * * *',
  queue: { retryLimit: 2, retryDelay: 60 },
  run: async (ctx) => {
    await refreshStaleCompletions(ctx);
  },
});

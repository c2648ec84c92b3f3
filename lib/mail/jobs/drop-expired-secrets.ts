import { defineJob } from '@/lib/jobs/define';
import { dropExpiredMailSecrets } from '../mail-secrets';

/**
 * Every hour, by whichever server is up: mailed secrets past their end leave the outbox (the outbox and
 * delivery already treat them as expired in between).
 */
export const dropExpiredMailSecretsJob = defineJob({
  name: 'mail.drop-expired-secrets',
  cron: '41 * * * *',
  queue: { retryLimit: 2, retryDelay: 60 },
  run: async (ctx) => {
    await dropExpiredMailSecrets(ctx.now);
  },
});

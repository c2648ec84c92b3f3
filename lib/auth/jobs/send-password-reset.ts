import { defineJob } from '@/lib/jobs/define';
import { sendPasswordReset, type SendPasswordResetData } from '../send-password-reset';

/**
 * Mails the link a forgot-password request asked for (lib/auth/send-password-reset.ts), polled every second
 * so the mail follows the answer closely. A failure (the database away) is retried three times.
 */
export const sendPasswordResetJob = defineJob<SendPasswordResetData>({
  name: 'auth.send-password-reset',
  queue: { retryLimit: 3, retryDelay: 10 },
  pollingIntervalSeconds: 1,
  run: async (ctx, data) => {
    await sendPasswordReset(ctx, data);
  },
});

import { defineJob } from '@/lib/jobs/define';
import { sendNotificationMail } from '../send-mail';

/**
 * One notice's mail (notify.ts queues one per recipient). The send claims the notice first, so running it
 * twice is harmless; a failure (the database away) is retried with backoff.
 */
export const sendNotificationMailJob = defineJob<{ notificationId: number; action: string | null }>({
  name: 'notifications.mail',
  queue: { retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 },
  run: async (ctx, { notificationId, action }) => {
    await sendNotificationMail(ctx, notificationId, action);
  },
});

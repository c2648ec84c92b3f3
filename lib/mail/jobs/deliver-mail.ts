import { defineJob } from '@/lib/jobs/define';
import { deliverQueuedMail } from '../deliver-mail';

/** Retry policy: 30 s, then doubling (with jitter) up to an hour between tries; about a day in all. */
export const MAIL_RETRY = { retryLimit: 30, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600 } as const;

/**
 * Delivers one outbox mail. While the SMTP server is unreachable the attempt fails and pg-boss tries again
 * later; the last failure marks the mail failed with its reason, which /outbox shows.
 */
export const deliverMailJob = defineJob<{ outboxId: number }>({
  name: 'mail.deliver',
  queue: MAIL_RETRY,
  run: async (ctx, { outboxId }, attempt) => {
    const outcome = await deliverQueuedMail(outboxId, { now: ctx.now, lastAttempt: attempt.lastAttempt });
    if (outcome === 'retry') throw new Error(`mail #${outboxId} not delivered yet`);
  },
});

import 'server-only';
import { db } from '@/db';
import { enqueueOnce } from '@/lib/jobs/enqueue';
import { settlePaymentsJob } from './jobs/settle-payments';

/** The key the webhook's polls are queued under: while one waits, another hint adds nothing. */
export const SETTLEMENT_HINT_KEY = 'gateway-hint';

/**
 * Asks for the settlement poll (`billing.settle-payments`) now rather than at its next 10-minute run: the
 * gateway said something changed. Nothing the caller sent is read: the job asks the gateway about every open
 * attempt itself. A burst of hints queues one poll (enqueueOnce); a hint while a poll runs queues the next.
 */
export async function requestSettlement(): Promise<void> {
  await db.transaction((tx) => enqueueOnce(tx, settlePaymentsJob, {}, SETTLEMENT_HINT_KEY));
}

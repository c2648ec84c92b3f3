import { pruneSignInRecordsJob } from '@/lib/auth/jobs/prune-sign-in-records';
import { deliverMailJob } from '@/lib/mail/jobs/deliver-mail';
import type { JobDefinition } from './define';

/**
 * Every background job of the app. This list is the one place lib/jobs names features: the seam itself
 * (define, enqueue, runner) knows none, and each job lives beside its use case.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const allJobs: readonly JobDefinition<any>[] = [deliverMailJob, pruneSignInRecordsJob];

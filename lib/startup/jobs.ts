import { advisorDigestJob } from '@/lib/advisors/jobs/advisor-digest';
import { nudgeStalledJob } from '@/lib/advisors/jobs/nudge-stalled';
import { annualChargeJob } from '@/lib/billing/jobs/annual-charge';
import { autoPayJob } from '@/lib/billing/jobs/auto-pay';
import { settlePaymentsJob } from '@/lib/billing/jobs/settle-payments';
import { nudgeFundingJob } from '@/lib/funding/jobs/nudge-funding';
import { pruneSignInRecordsJob } from '@/lib/auth/jobs/prune-sign-in-records';
import { sendPasswordResetJob } from '@/lib/auth/jobs/send-password-reset';
import { refreshCompletionJob } from '@/lib/intake/jobs/refresh-completion';
import type { JobDefinition } from '@/lib/jobs/define';
import { deliverMailJob } from '@/lib/mail/jobs/deliver-mail';
import { dropExpiredMailSecretsJob } from '@/lib/mail/jobs/drop-expired-secrets';
import { sendNotificationMailJob } from '@/lib/notifications/jobs/send-notification-mail';

/**
 * Every background job of the app. The seam (lib/jobs: define, enqueue, runner) knows no feature and each
 * job lives beside its use case; this list, above every feature, is the one place that names them all.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const allJobs: readonly JobDefinition<any>[] = [
  deliverMailJob,
  dropExpiredMailSecretsJob,
  sendNotificationMailJob,
  pruneSignInRecordsJob,
  sendPasswordResetJob,
  refreshCompletionJob,
  autoPayJob,
  annualChargeJob,
  settlePaymentsJob,
  nudgeStalledJob,
  nudgeFundingJob,
  advisorDigestJob,
];

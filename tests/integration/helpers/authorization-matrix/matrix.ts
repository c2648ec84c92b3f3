import { ACCOUNTS } from './accounts';
import { ADMIN_DOORS } from './admin';
import { ADVISOR_WORKSPACE } from './advisors';
import { ASSET_DOORS } from './assets';
import { DOCUMENTS } from './documents';
import { type Entry } from '.';
import { FUNDING_DOORS } from './funding';
import { INTAKE } from './intake';
import { NOTIFICATION_DOORS } from './notifications';
import { PLAN_SUMMARY_DOORS } from './plan-summary';
import { GATEWAY_DOORS, PAYMENTS } from './payments';
import { REVIEW } from './review';

/** The whole matrix: every area's doors (tests/integration/authorization-matrix-doors.test.ts checks it against the tree's doors). */
export const MATRIX: Record<string, Entry> = {
  ...INTAKE,
  ...GATEWAY_DOORS,
  ...ADMIN_DOORS,
  ...REVIEW,
  ...PAYMENTS,
  ...ASSET_DOORS,
  ...ADVISOR_WORKSPACE,
  ...DOCUMENTS,
  ...ACCOUNTS,
  ...NOTIFICATION_DOORS,
  ...FUNDING_DOORS,
  ...PLAN_SUMMARY_DOORS,
};

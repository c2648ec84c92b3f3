import { pgEnum } from 'drizzle-orm/pg-core';

// Its own module so both plans.ts and clients.ts (the households' dashboard columns) can use it.
/** The spec's 12 estate plan status codes; labels live in lib/estate-plans/statuses.ts. */
export const estatePlanStatusEnum = pgEnum('estate_plan_status', [
  'incomplete',
  'unpaid',
  'paid partial',
  'paid',
  'signed',
  'sent',
  'preparing',
  'hold',
  'awaiting',
  'finalizing',
  'canceled',
  'complete',
]);

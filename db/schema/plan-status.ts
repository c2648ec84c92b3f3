import { pgEnum } from 'drizzle-orm/pg-core';
import { ESTATE_PLAN_STATUS_CODES } from './enums';

// Its own module so both plans.ts and clients.ts (the households' dashboard columns) can use it.
/** The spec's 12 estate plan status codes; labels live in lib/estate-plans/statuses.ts. */
export const estatePlanStatusEnum = pgEnum('estate_plan_status', ESTATE_PLAN_STATUS_CODES);

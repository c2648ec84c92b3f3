import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import { fundingTasks, households, persons, users } from '@/db/schema';
import type { EstatePlanStatus } from '@/db/schema';
import { personName } from '@/lib/people/person-name';
import { personNameColumns } from '@/lib/people/person-name-columns';
import type { Owner } from '@/lib/validation/lists';
import type { FundingKind } from './steps';
import type { FundingMark, FundingStatus } from './tasks';

/** Funding begins when the attorney is finalizing the documents, and goes on once the plan is complete. */
export const FUNDING_PLAN_STATUSES: readonly EstatePlanStatus[] = ['finalizing', 'complete'];

export function fundingHasBegun(status: string | null | undefined): boolean {
  return (FUNDING_PLAN_STATUSES as readonly string[]).includes(status ?? '');
}

/**
 * The marks people have made on a household's tasks, oldest first, with who made each; by the household's id
 * or its public hash (the page's IntakeView, already read through the actor's scope, names it by hash).
 */
export async function loadFundingMarks(household: number | string, q: Queryable = db): Promise<FundingMark[]> {
  const rows = await q
    .select({
      key: fundingTasks.taskKey,
      kind: fundingTasks.kind,
      owner: fundingTasks.owner,
      title: fundingTasks.title,
      value: fundingTasks.value,
      status: fundingTasks.status,
      reason: fundingTasks.reason,
      changedAt: fundingTasks.statusChangedAt,
      version: fundingTasks.version,
      ...personNameColumns,
    })
    .from(fundingTasks)
    .leftJoin(users, eq(users.id, fundingTasks.updatedByUserId))
    .leftJoin(persons, eq(persons.id, users.personId))
    .innerJoin(households, eq(households.id, fundingTasks.householdId))
    .where(typeof household === 'number' ? eq(households.id, household) : eq(households.hash, household))
    .orderBy(asc(fundingTasks.id));
  return rows.map((r) => ({
    key: r.key,
    kind: r.kind as FundingKind,
    owner: r.owner as Owner,
    title: r.title,
    value: r.value,
    status: r.status as FundingStatus,
    reason: r.reason,
    changedBy: r.firstName === null ? null : personName(r as Parameters<typeof personName>[0]) || null,
    changedAt: r.changedAt,
    version: r.version,
  }));
}

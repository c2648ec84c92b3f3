import { eq, sql } from 'drizzle-orm';
import { advisors, clients, estatePlans, estatePlanStatusChanges, persons, users } from '@/db/schema';
import type { EstatePlanStatus } from '@/db/schema';
import { statusLabel } from '@/lib/estate-plans/statuses';
import { formatAppDateTime } from '@/lib/format/app-time';
import { personName } from '@/lib/people/person-name';
import { personNameColumnsOf } from '@/lib/people/person-name-columns';
import type { IntakeView, PlanStatusChange } from '../types';
import { jsonElement, jsonOne, type RowOf } from './json-shape';
import { aliased, as, type ListScope, subquery } from './subqueries';

// Owner 1's latest plan ----------------------------------------------------------------------------------------
const ep = aliased(estatePlans, 'ep');
const sc = aliased(estatePlanStatusChanges, 'sc');
const su = aliased(users, 'su');
const sp = aliased(persons, 'sp');
type HistoryEntry = [status: EstatePlanStatus, at: string, by: string | null];

const planShape = {
  hash: ep.hash,
  status: ep.status,
  submittedAt: ep.submittedAt,
  // Its status changes, oldest first: [status, when, who] (no user: the System).
  history: sql<
    HistoryEntry[]
  >`(select coalesce(json_agg(json_build_array(${sc.toStatus}, ${sc.createdAt}, nullif(concat_ws(' ', ${sp.firstName}, ${sp.lastName}), '')) order by ${sc.createdAt}, ${sc.id}), '[]'::json)
      from ${as(sc)} left join ${as(su)} on ${eq(su.id, sc.changedByUserId)} left join ${as(sp)} on ${eq(sp.id, su.personId)}
      where ${eq(sc.estatePlanId, ep.id)})`,
};

export function planColumn(scope: ListScope) {
  return subquery(sql`select ${jsonElement(planShape)}
      from ${as(ep)} where ${ep.clientId} = ${scope.owner1Id} order by ${ep.createdAt} desc, ${ep.id} desc limit 1`);
}

/** Owner 1's latest plan from its JSON column (null when none). */
export function planOf(value: unknown): RowOf<typeof planShape> | null {
  return jsonOne(value, planShape);
}

/** The latest plan as the page shows it. */
export function latestPlanView(plan: RowOf<typeof planShape> | null): IntakeView['latestPlan'] {
  return plan ? { hash: plan.hash, status: plan.status, statusLabel: statusLabel(plan.status), history: plan.history.map(statusChangeOf) } : null;
}

/** A status change as the page shows it (the time in the app's time zone, formatted here on the server). */
function statusChangeOf([status, at, by]: HistoryEntry): PlanStatusChange {
  const when = new Date(at);
  return { statusLabel: statusLabel(status), at: when.toISOString(), atText: formatAppDateTime(when), by: by ?? 'System' };
}

// Owner 1's advisor ----------------------------------------------------------------------------------------------
const ac = aliased(clients, 'ac');
const a = aliased(advisors, 'a');
const au = aliased(users, 'au');
const ap = aliased(persons, 'ap');

/** Whom the household contacts with questions: the contact e-mail, else the sign-in's. */
const advisorShape = {
  ...personNameColumnsOf(ap),
  email: sql<string>`coalesce(nullif(${ap.email}, ''), ${au.email})`,
  phone: ap.phone,
};

export function advisorColumn(scope: ListScope) {
  return subquery(sql`select ${jsonElement(advisorShape)}
      from ${as(ac)} join ${as(a)} on ${eq(a.id, ac.advisorId)} join ${as(au)} on ${eq(au.id, a.userId)} join ${as(ap)} on ${eq(ap.id, au.personId)}
      where ${ac.id} = ${scope.owner1Id}`);
}

export function advisorView(value: unknown): IntakeView['advisor'] {
  const row = jsonOne(value, advisorShape);
  return row ? { name: personName(row), email: row.email, phone: row.phone ?? '' } : null;
}

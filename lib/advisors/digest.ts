import 'server-only';
import { sql } from 'drizzle-orm';
import { db } from '@/db';
import { absoluteUrl } from '@/lib/config/site';
import { rowsOf } from '@/lib/kernel/rows';
import type { SystemContext } from '@/lib/kernel/system-context';
import { notify } from '@/lib/notifications';
import { personName } from '@/lib/people/person-name';
import { at, nudgeRules, stalledSql } from './nudges';

/*
 * The advisors' weekly summary (issue 29): for each advisor, which of their households stalled (the
 * dashboard's Stalled rule) and which moved forward in the last seven days (an intake change, or a status
 * change of the latest plan), each with its page. Nothing is sent to an advisor with nothing to report. A
 * notice of kind advisor-digest (the advisor's choice and unsubscribe apply), named by advisor and week, so
 * a rerun of the week's job tells nobody twice.
 */

const WEEK_DAYS = 7;
/** Households named per list; the rest are counted ("and 12 more"). */
const LISTED = 10;

type Row = {
  advisorUserId: number;
  ownerHash: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  stalled: boolean;
};

/** One line per household: its names and the page to open. */
const line = (r: Row) => `• ${personName(r)}: ${absoluteUrl(`/client-info/${r.ownerHash}`)}`;

function listed(title: string, rows: Row[]): string[] {
  if (!rows.length) return [];
  const more = rows.length > LISTED ? [`…and ${rows.length - LISTED} more on your dashboard.`] : [];
  return [`${title}:\n${rows.slice(0, LISTED).map(line).join('\n')}${more.length ? `\n${more[0]}` : ''}`];
}

/** Sends the week's summary to every advisor with something to report at `ctx.now`; answers how many. */
export async function sendAdvisorDigests(ctx: SystemContext, stalledDays = nudgeRules().stalledDays): Promise<number> {
  const weekAgo = sql`${at(ctx.now)} - make_interval(days => ${WEEK_DAYS})`;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select a.user_id as "advisorUserId", o1.hash as "ownerHash", p.first_name as "firstName", p.middle_name as "middleName",
             p.last_name as "lastName", p.suffix, (${stalledSql(ctx.now, stalledDays)}) as stalled
        from households h
        join clients o1 on o1.id = h.owner1_client_id
        join persons p on p.id = o1.person_id
        join advisors a on a.id = o1.advisor_id
        join users u on u.id = a.user_id and u.disabled_at is null
       where (${stalledSql(ctx.now, stalledDays)})
          or h.last_change_at >= ${weekAgo}
          or exists (select 1 from estate_plan_status_changes sc join estate_plans ep on ep.id = sc.estate_plan_id
                      where ep.client_id = h.owner1_client_id and sc.created_at >= ${weekAgo} and sc.from_status is not null)
       order by a.user_id, p.last_name, p.first_name`),
  );
  const byAdvisor = new Map<number, Row[]>();
  for (const row of rows) byAdvisor.set(row.advisorUserId, [...(byAdvisor.get(row.advisorUserId) ?? []), row]);
  const week = ctx.now.toISOString().slice(0, 10);
  let sent = 0;
  for (const [advisorUserId, households] of byAdvisor) {
    const stalled = households.filter((h) => h.stalled);
    const moved = households.filter((h) => !h.stalled);
    const title = [moved.length && `${moved.length} client${moved.length === 1 ? '' : 's'} moved forward`, stalled.length && `${stalled.length} stalled`]
      .filter(Boolean)
      .join(', ');
    sent += await db.transaction((tx) =>
      notify(
        tx,
        {
          key: `advisor-digest:${advisorUserId}:${week}`,
          kind: 'advisor-digest',
          title: `Your week: ${title}`,
          body: [...listed('Moved forward this week', moved), ...listed(`Stalled (no change in ${stalledDays} days)`, stalled)].join('\n\n'),
          link: '/dashboard',
          action: 'Open your dashboard',
        },
        [advisorUserId],
      ),
    );
  }
  return sent;
}

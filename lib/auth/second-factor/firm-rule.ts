import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Whether the user (by id) is an advisor of a firm that requires a second factor (issue 31), as SQL. */
export function firmRequiresSql(userId: AnyPgColumn | SQL): SQL {
  return sql`exists (
    select 1 from advisors a join advisor_firms af on af.advisor_id = a.id join firms f on f.id = af.firm_id
     where a.user_id = ${userId} and f.requires_second_factor
  )`;
}

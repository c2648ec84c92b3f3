import 'server-only';
import { sql } from 'drizzle-orm';
import { db } from '@/db';
import type { PublicContext } from '@/lib/http/context';
import { COMPLETION_RULES_VERSION } from '@/lib/intake/completion';
import { loadHouseholdIntake } from '@/lib/intake/load';
import type { ClientListRow } from './client-list';

/*
 * The dashboard's completion column is the intake's own figure (lib/intake/completion.ts, through
 * loadHouseholdIntake, so new intake sections count as soon as the intake counts them), cached on the
 * household: `completion_at` records the `last_change_at` the figure was computed for, `completion_rules`
 * the rules' version (COMPLETION_RULES_VERSION). A page recomputes only its rows whose figure is missing,
 * older than the household's last intake write or computed under other rules (usually none, so a page
 * costs no intake loads), and stores them with one UPDATE. An owner 2 listed alone (owner 1 is
 * another advisor's client) shows no figure: the household's data is mostly outside the scope.
 */

export function needsCompletion(row: ClientListRow): boolean {
  if (row.clientId !== row.owner1Id) return false;
  return (
    row.completionPercent === null ||
    row.completionAt === null ||
    row.completionAt.getTime() !== row.lastChangeAt.getTime() ||
    row.completionRules !== COMPLETION_RULES_VERSION
  );
}

/** Fills `completionPercent` of the rows whose cached figure is stale, and stores the new figures. */
export async function withCompletion(ctx: PublicContext, rows: ClientListRow[]): Promise<ClientListRow[]> {
  const stale = rows.filter(needsCompletion);
  if (!stale.length) return rows;
  const computed = await Promise.all(
    stale.map(async (row) => {
      const view = await loadHouseholdIntake(ctx, {
        householdId: row.householdId,
        householdHash: row.householdHash,
        clientId: row.owner1Id,
        clientHash: row.owner1Hash,
        spouseId: row.owner2Id,
        spouseHash: row.owner2Hash,
        advisorId: row.advisorId,
        addressedClientId: row.clientId,
        // The completion does not depend on the lock: no figures read for it.
        unpaidInvoices: 0,
        maxInvoices: null,
      });
      return { row, percent: view.completion.percent };
    }),
  );
  const values = sql.join(
    computed.map(({ row, percent }) => sql`(${row.householdId}::int, ${percent}::int, ${row.lastChangeAt.toISOString()}::timestamptz)`),
    sql`, `,
  );
  // Only where no write happened since the figure's data was read (its last change is still the one read).
  await db.execute(sql`
    update households h set completion_percent = v.percent, completion_at = v.changed, completion_rules = ${COMPLETION_RULES_VERSION}
      from (values ${values}) as v(id, percent, changed)
     where h.id = v.id and h.last_change_at = v.changed`);
  const byId = new Map(computed.map(({ row, percent }) => [row.householdId, percent]));
  return rows.map((row) =>
    byId.has(row.householdId) ? { ...row, completionPercent: byId.get(row.householdId)!, completionAt: row.lastChangeAt, completionRules: COMPLETION_RULES_VERSION } : row,
  );
}

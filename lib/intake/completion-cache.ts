import 'server-only';
import { sql } from 'drizzle-orm';
import { db, type Queryable } from '@/db';
import type { PublicContext } from '@/lib/kernel/context';
import { rowsOf } from '@/lib/kernel/rows';
import type { Household } from '@/lib/kernel/scope';
import type { SystemContext } from '@/lib/kernel/system-context';
import { COMPLETION_RULES_VERSION } from './completion';
import { loadHouseholdIntake } from './load';

/*
 * The completion figure the advisor dashboard shows is the intake's own (lib/intake/completion.ts, through
 * loadHouseholdIntake, so new intake sections count as soon as the intake counts them), cached on the
 * household: `completion_at` records the `last_change_at` the figure was computed for, `completion_rules`
 * the rules' version (COMPLETION_RULES_VERSION). It is kept fresh off the page's render:
 * - every intake write stores the figure of the view it answers, in its transaction (storeCompletion,
 *   lib/intake/write.ts), right after stamping the household's last change;
 * - a job (refreshCompletionJob, lib/intake/jobs/refresh-completion.ts) and the server's start-up
 *   recompute what no write refreshed: households created or changed outside the intake (new clients,
 *   sign-up, data loaded by SQL) and every figure after a change of the rules' version.
 * A page only reads: a row whose figure is stale is computed in memory for that render (withCompletion)
 * and never stored. An owner 2 listed alone (owner 1 is another advisor's client) shows no figure: the
 * household's data is mostly outside the scope.
 */

/** What a dashboard row carries of the cached figure. */
type CachedRow = {
  clientId: number;
  owner1Id: number;
  completionPercent: number | null;
  completionAt: Date | null;
  completionRules: number | null;
  lastChangeAt: Date;
};

/** Whether a listed row's cached figure is missing, older than the household's last change, or of other rules. */
export function needsCompletion(row: CachedRow): boolean {
  if (row.clientId !== row.owner1Id) return false;
  return (
    row.completionPercent === null ||
    row.completionAt === null ||
    row.completionAt.getTime() !== row.lastChangeAt.getTime() ||
    row.completionRules !== COMPLETION_RULES_VERSION
  );
}

/** The SQL of needsCompletion over a households row `h`. */
const STALE = sql`(h.completion_percent is null or h.completion_at is distinct from h.last_change_at or h.completion_rules is distinct from ${COMPLETION_RULES_VERSION})`;

/**
 * Stores a household's figure in the transaction of the write that changed it (after stampLastChange, so
 * the figure is recorded for this change). Raw SQL: the figure is not an edit of the household row (no
 * version bump, no updated_at).
 */
export async function storeCompletion(tx: Queryable, householdId: number, percent: number): Promise<void> {
  await tx.execute(sql`
    update households set completion_percent = ${percent}, completion_at = last_change_at, completion_rules = ${COMPLETION_RULES_VERSION}
     where id = ${householdId}`);
}

type ListedRow = CachedRow & {
  householdId: number;
  householdHash: string;
  owner1Hash: string;
  owner2Id: number | null;
  owner2Hash: string | null;
  advisorId: number | null;
};

/** The household of a listed row, as loadHouseholdIntake takes it. */
function householdOfRow(row: ListedRow): Household {
  return {
    householdId: row.householdId,
    householdHash: row.householdHash,
    clientId: row.owner1Id,
    clientHash: row.owner1Hash,
    spouseId: row.owner2Id,
    spouseHash: row.owner2Hash,
    advisorId: row.advisorId,
    addressedClientId: row.clientId,
  };
}

/**
 * Fills `completionPercent` of the rows whose cached figure is stale, computed from their intake for this
 * render only: a page never writes (the figures are stored by the writes and the refresh job).
 */
export async function withCompletion<R extends ListedRow>(ctx: PublicContext, rows: R[]): Promise<R[]> {
  const stale = rows.filter(needsCompletion);
  if (!stale.length) return rows;
  const computed = new Map(
    await Promise.all(stale.map(async (row) => [row.householdId, (await loadHouseholdIntake(ctx, householdOfRow(row))).completion.percent] as const)),
  );
  return rows.map((row) => (computed.has(row.householdId) ? { ...row, completionPercent: computed.get(row.householdId)! } : row));
}

/** Households recomputed per statement round by refreshStaleCompletions. */
const REFRESH_BATCH = 100;

/**
 * Recomputes and stores every stale figure (see STALE), a batch of households at a time; answers how many
 * were stored. A figure is stored only where no write came in between (the household's last change is
 * still the one read), so running it twice, or beside the writes, stores nothing wrong. Idempotent.
 */
export async function refreshStaleCompletions(ctx: SystemContext, options: { batch?: number; maxRounds?: number } = {}): Promise<number> {
  const batch = options.batch ?? REFRESH_BATCH;
  let stored = 0;
  let afterId = 0;
  for (let round = 0; round < (options.maxRounds ?? 100_000); round++) {
    const rows = rowsOf<{
      id: number;
      hash: string;
      owner1_id: number;
      owner1_hash: string;
      owner2_id: number | null;
      owner2_hash: string | null;
      advisor_id: number | null;
      last_change_at: Date | string;
    }>(
      await db.execute(sql`
        select h.id, h.hash, c1.id as owner1_id, c1.hash as owner1_hash, c2.id as owner2_id, c2.hash as owner2_hash, c1.advisor_id, h.last_change_at
          from households h join clients c1 on c1.id = h.owner1_client_id left join clients c2 on c2.id = h.owner2_client_id
         where h.id > ${afterId} and ${STALE}
         order by h.id limit ${batch}`),
    );
    if (!rows.length) break;
    afterId = Number(rows[rows.length - 1].id);
    const figures = await Promise.all(
      rows.map(async (r) => {
        const household: Household = {
          householdId: Number(r.id),
          householdHash: r.hash,
          clientId: Number(r.owner1_id),
          clientHash: r.owner1_hash,
          spouseId: r.owner2_id === null ? null : Number(r.owner2_id),
          spouseHash: r.owner2_hash,
          advisorId: r.advisor_id === null ? null : Number(r.advisor_id),
          addressedClientId: Number(r.owner1_id),
        };
        const changed = r.last_change_at instanceof Date ? r.last_change_at : new Date(r.last_change_at);
        return sql`(${household.householdId}::int, ${(await loadHouseholdIntake(ctx, household)).completion.percent}::int, ${changed.toISOString()}::timestamptz)`;
      }),
    );
    const updated = await db.execute(sql`
      update households h set completion_percent = v.percent, completion_at = v.changed, completion_rules = ${COMPLETION_RULES_VERSION}
        from (values ${sql.join(figures, sql`, `)}) as v(id, percent, changed)
       where h.id = v.id and h.last_change_at = v.changed
      returning h.id`);
    stored += rowsOf(updated).length;
    if (rows.length < batch) break;
  }
  return stored;
}

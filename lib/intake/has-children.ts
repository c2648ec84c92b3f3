import 'server-only';
import { sql } from 'drizzle-orm';
import type { Tx } from '@/db';
import type { Household } from '@/lib/kernel/scope';

/*
 * The household's answer to 'Do you have any children?', on owner 1's row: set-has-children.ts saves it, a
 * child's create (records/children.ts) says Yes. Raw SQL, without the row's version: the answer is the household's, not one of the client's versioned
 * forms (personal, plan), whose open copies must not turn stale when a child is added. Writes to one
 * household already run one after the other (stampLastChange's row lock).
 */
export async function storeHasChildren(tx: Tx, household: Household, value: boolean): Promise<void> {
  await tx.execute(
    sql`update clients set has_children = ${value}, updated_at = now() where id = ${household.clientId} and has_children is distinct from ${value}`,
  );
}

import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '@/db';
import { clientChildren } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import type { Household } from '@/lib/kernel/scope';
import type { SetHasChildrenInput } from '@/lib/validation/intake';
import type { IntakeView } from './types';
import { clientIdsOf, intakeWrite } from './write';

export const CHILDREN_LISTED_MESSAGE = 'Children are listed in this section. Remove them first to answer that you have no children.';

/**
 * Saves the household's answer to 'Do you have any children?' (issue 27) on owner 1's row, whichever client
 * answers. No is refused while a child is listed (422, nothing written); adding a child says Yes by itself
 * (markHasChildren).
 */
export async function setHasChildren(ctx: RequestContext, input: SetHasChildrenInput): Promise<IntakeView> {
  return intakeWrite(ctx, input.client_hash, async (tx, household) => {
    if (!input.has_children) {
      const [listed] = await tx
        .select({ id: clientChildren.childId })
        .from(clientChildren)
        .where(inArray(clientChildren.clientId, clientIdsOf(household)))
        .limit(1);
      if (listed) throw new AppError('VALIDATION', CHILDREN_LISTED_MESSAGE, { has_children: CHILDREN_LISTED_MESSAGE });
    }
    await storeHasChildren(tx, household, input.has_children);
    await audit(tx, ctx, 'intake.hasChildren.update', { type: 'client', id: household.clientId }, { hasChildren: input.has_children });
  });
}

/** A child was added: the household has children (inside the child's write). */
export async function markHasChildren(tx: Tx, household: Household): Promise<void> {
  await storeHasChildren(tx, household, true);
}

/*
 * Raw SQL, without the row's version: the answer is the household's, not one of the client's versioned
 * forms (personal, plan), whose open copies must not turn stale when a child is added. Writes to one
 * household already run one after the other (stampLastChange's row lock).
 */
async function storeHasChildren(tx: Tx, household: Household, value: boolean): Promise<void> {
  await tx.execute(
    sql`update clients set has_children = ${value}, updated_at = now() where id = ${household.clientId} and has_children is distinct from ${value}`,
  );
}

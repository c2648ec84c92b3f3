import 'server-only';
import { inArray } from 'drizzle-orm';
import { clientChildren } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import type { SetHasChildrenInput } from '@/lib/validation/intake';
import type { IntakeView } from './types';
import { intakeWrite } from './write';
import { storeHasChildren } from './has-children';
import { clientIdsOf } from './write-steps';

export const CHILDREN_LISTED_MESSAGE = 'Children are listed in this section. Remove them first to answer that you have no children.';

/**
 * Saves the household's answer to 'Do you have any children?' (issue 27) on owner 1's row, whichever client
 * answers. No is refused while a child is listed (422, nothing written); adding a child says Yes by itself
 * (records/children.ts stores it with storeHasChildren).
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

import 'server-only';
import { eq } from 'drizzle-orm';
import { db } from '@/db';
import { files } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { assertCan } from '@/lib/kernel/policy';
import { loadEstatePlan } from '@/lib/kernel/scope';
import { findDocument } from './queries';
import { storeFor } from './store';

export const FILE_REMOVED_MESSAGE = 'File removed successfully';
export const SYSTEM_FILE_MESSAGE = 'This document was created by the System and cannot be removed.';

/** `householdClientId` (internal: the plan's owner 1) lets the compatibility door answer the spec's `advisors`. */
export type DeleteAnswer = { message: string; householdClientId: number };

/**
 * Removes a document (admins only, platform spec §5), and only one with a creator: a System document stays
 * (403). The row goes and the removal is audited in one transaction; the stored bytes are removed after
 * it commits (a failed removal is logged and leaves only unreachable bytes, never a row without bytes).
 */
export async function deleteDocument(ctx: RequestContext, planHash: string, fileHash: string): Promise<DeleteAnswer> {
  assertCan(ctx.actor, 'file.delete');
  const plan = await loadEstatePlan(ctx, planHash, 'file.delete');
  const removed = await db.transaction(async (tx) => {
    const row = await findDocument(plan.id, fileHash, tx, true);
    if (!row) throw new AppError('NOT_FOUND');
    if (row.createdByUserId === null) throw new AppError('FORBIDDEN', SYSTEM_FILE_MESSAGE);
    // Audited before the row goes, so the audit row finds the file's household (lib/kernel/audit.ts).
    await audit(tx, ctx, 'file.delete', { type: 'file', id: row.id }, { plan: plan.hash, name: row.name });
    await tx.delete(files).where(eq(files.id, row.id));
    return row;
  });
  await storeFor(removed.storage)
    .delete(removed.storageKey)
    .catch((error: unknown) => {
      console.error(`[files] File ${removed.id} was removed, but its bytes (${removed.storage} key ${removed.storageKey}) could not be:`, error);
    });
  return { message: FILE_REMOVED_MESSAGE, householdClientId: plan.clientId };
}

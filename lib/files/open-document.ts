import 'server-only';
import { db } from '@/db';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { loadEstatePlan } from '@/lib/kernel/scope';
import { isDocumentType, type DocumentType } from './document-types';
import { findDocument } from './queries';
import { StoredDocumentMissingError, storeFor } from './store';

export type OpenedDocument = { name: string; type: DocumentType; bytes: Uint8Array };

/**
 * A document's bytes for the view route, for everyone whose scope reaches the plan's household
 * (`file.view`): another household's document, or a document of another plan, is 404 like an unknown one.
 * A view by anyone but the household's own people (the advisory side, attorneys, admins, or anyone acting
 * as someone) is audited.
 */
export async function openDocument(ctx: RequestContext, planHash: string, fileHash: string): Promise<OpenedDocument> {
  const plan = await loadEstatePlan(ctx, planHash, 'file.view');
  const row = await findDocument(plan.id, fileHash);
  if (!row) throw new AppError('NOT_FOUND');
  if (!isDocumentType(row.contentType)) throw new Error(`File ${row.id} has a type no document may have: ${row.contentType}`);
  let bytes: Uint8Array;
  try {
    bytes = await storeFor(row.storage).get(row.storageKey);
  } catch (error) {
    if (error instanceof StoredDocumentMissingError) {
      console.error(`[files] File ${row.id} has no stored bytes:`, error.message);
      throw new AppError('NOT_FOUND', 'The document could not be found.');
    }
    throw error;
  }
  const ownHousehold = ctx.actor.householdClientIds.includes(plan.clientId) && !ctx.actor.impersonator;
  if (!ownHousehold) await audit(db, ctx, 'file.view', { type: 'file', id: row.id }, { plan: plan.hash, name: row.name });
  return { name: row.name, type: row.contentType, bytes };
}

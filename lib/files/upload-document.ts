import 'server-only';
import { eq } from 'drizzle-orm';
import { db, type Tx } from '@/db';
import { estatePlans, files } from '@/db/schema';
import { isAttorneyStatus } from '@/lib/estate-plans/statuses';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import { AppError } from '@/lib/kernel/errors';
import { assertCan } from '@/lib/kernel/policy';
import { loadEstatePlan } from '@/lib/kernel/scope';
import { householdAudience, notify } from '@/lib/notifications';
import { documentNamesOfPlan } from './queries';
import { sniffFile } from './sniff-file';
import { documentStore } from './store';
import { checkUpload, DUPLICATE_FILE_NAME_MESSAGE } from './upload-rules';

export const FILE_UPLOADED_MESSAGE = 'File uploaded successfully';
/** Files can be added to a plan only in the attorney-stage statuses (platform spec §4). */
export const NOT_ATTORNEY_STAGE_MESSAGE = 'Documents can be added only once the trust is with the attorneys (Sent for Review or a later status).';

/**
 * An uploaded file as the door hands it over: where its bytes wait (a temporary file in the store's staging
 * folder, written as the body arrived; the door removes it after the call), the name and type the browser sent.
 */
export type IncomingDocument = { file: string; name: string; declaredType: string };

/** The stored document; `householdClientId` (internal: the plan's owner 1) lets the compatibility door answer the spec's `advisors`. */
export type UploadAnswer = { message: string; file: { hash: string; name: string }; householdClientId: number };

/**
 * Adds a document to a plan (attorneys, admins and the household's advisory side): the plan must be in the
 * actor's scope (404 otherwise) and in an attorney-stage status (409), the file must pass the upload rules
 * (lib/files/upload-rules.ts: 422, or 413 when too large), its type decided by its bytes read from disk in
 * pieces. The bytes are stored first under a random key (the local store moves the waiting file into place);
 * the row is then written and audited in one transaction that locks the plan and checks the status and
 * the name again (a status change or a same-named upload meanwhile); if that transaction fails, the stored
 * bytes are removed, so a refusal leaves nothing behind.
 */
export async function uploadDocument(ctx: RequestContext, planHash: string, file: IncomingDocument): Promise<UploadAnswer> {
  assertCan(ctx.actor, 'file.upload');
  const plan = await loadEstatePlan(ctx, planHash, 'file.upload');
  if (!isAttorneyStatus(plan.status)) throw new AppError('CONFLICT', NOT_ATTORNEY_STAGE_MESSAGE);
  const content = await sniffFile(file.file);
  const check = checkUpload({ content, name: file.name, declaredType: file.declaredType, existingNames: await documentNamesOfPlan(plan.id) });
  if (!check.ok) throw new AppError(check.reason === 'too-large' ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION', check.message);

  const store = documentStore();
  const stored = await store.put({ file: file.file }, { name: check.name, contentType: check.type });
  let row: { id: number; hash: string; name: string };
  try {
    row = await db.transaction(async (tx) => {
      const [locked] = await tx.select({ status: estatePlans.status }).from(estatePlans).where(eq(estatePlans.id, plan.id)).for('update');
      if (!locked || !isAttorneyStatus(locked.status)) throw new AppError('CONFLICT', NOT_ATTORNEY_STAGE_MESSAGE);
      const again = checkUpload({ content, name: file.name, declaredType: file.declaredType, existingNames: await documentNamesOfPlan(plan.id, tx) });
      if (!again.ok) throw new AppError('VALIDATION', again.reason === 'duplicate' ? DUPLICATE_FILE_NAME_MESSAGE : again.message);
      const [inserted] = await tx
        .insert(files)
        .values({
          estatePlanId: plan.id,
          name: check.name,
          contentType: check.type,
          size: check.size,
          storage: stored.storage,
          storageKey: stored.key,
          createdByUserId: ctx.actor.userId,
        })
        .returning({ id: files.id, hash: files.hash, name: files.name });
      await audit(tx, ctx, 'file.upload', { type: 'file', id: inserted.id }, { plan: plan.hash, name: check.name, type: check.type, size: check.size });
      await tellHousehold(tx, plan.clientId, inserted, ctx.actor.userId);
      return inserted;
    });
  } catch (error) {
    await store.delete(stored.key).catch((cleanup: unknown) => {
      console.error(`[files] Could not remove the bytes of a refused upload (${stored.storage} key ${stored.key}):`, cleanup);
    });
    throw error;
  }
  return { message: FILE_UPLOADED_MESSAGE, file: { hash: row.hash, name: row.name }, householdClientId: plan.clientId };
}

/** The household and its advisor hear of a new document (not whoever uploaded it), once per document. */
async function tellHousehold(tx: Tx, clientId: number, file: { id: number; name: string }, uploaderId: number): Promise<void> {
  const audience = await householdAudience(tx, clientId);
  if (!audience) return;
  const event = { key: `document:${file.id}`, kind: 'document-uploaded' as const, link: `/client-info/${audience.owner1Hash}` };
  const others = (ids: (number | null)[]) => ids.filter((id) => id !== uploaderId);
  await notify(
    tx,
    { ...event, title: 'A new document is ready', body: `Your attorney added "${file.name}" to your trust's documents.`, action: 'View your documents' },
    others(audience.clientUserIds),
  );
  await notify(
    tx,
    {
      ...event,
      title: `${audience.householdName}: new document`,
      body: `"${file.name}" was added to ${audience.householdName}'s trust documents.`,
      action: 'Open the client',
    },
    others([audience.advisorUserId]),
  );
}

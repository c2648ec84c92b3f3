import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { db } from '@/db';
import * as t from '@/db/schema';
import { documentStore } from '@/lib/files/store';
import type { World } from '../../../helpers/world';
import { advisorTeam, every, intakeWrite, root, type Entry, type Prepared } from '.';

// ---- Documents (issue 20): the matrix household's plan --------------------------------------------------

const SAMPLE_PDF = new Uint8Array(fs.readFileSync(path.join(root, 'tests/fixtures/files/sample.pdf')));
/** The plan under attorney review: files may be added only in the attorney-stage statuses. */
const withAttorneyStagePlan = async (w: World): Promise<Prepared> => {
  await db.update(t.estatePlans).set({ status: 'preparing' }).where(eq(t.estatePlans.id, w.plan.id));
  return {};
};
/** A document on the plan, uploaded by the attorney (it has a creator, so an admin may delete it). */
const withDocument = async (w: World): Promise<Prepared> => {
  const stored = await documentStore().put(SAMPLE_PDF, { name: 'Matrix.pdf', contentType: 'application/pdf' });
  const [file] = await db
    .insert(t.files)
    .values({
      estatePlanId: w.plan.id,
      name: 'Matrix.pdf',
      contentType: 'application/pdf',
      size: SAMPLE_PDF.byteLength,
      storage: stored.storage,
      storageKey: stored.key,
      createdByUserId: w.users.legal.id,
    })
    .returning();
  return { file: file.hash };
};
const pdfForm = () => {
  const form = new FormData();
  form.append('newFile', new File([SAMPLE_PDF], 'Matrix Upload.pdf', { type: 'application/pdf' }));
  return form;
};
const fileParams = (w: World, p: Prepared) => ({ planHash: w.plan.hash, fileHash: p.file! });

export const DOCUMENTS: Record<string, Entry> = {
  // Attorneys, admins and the household's advisory side; clients may not add documents.
  'POST /api/file/[planHash]/upload': {
    permission: 'file.upload',
    prepare: withAttorneyStagePlan,
    args: (w) => ({ path: `/api/file/${w.plan.hash}/upload`, params: { planHash: w.plan.hash }, multipart: pdfForm() }),
    expect: { ...advisorTeam, legal: 200 },
  },
  // Everyone whose scope reaches the household.
  'GET /api/file/[planHash]/[fileHash]/view/get': {
    permission: 'file.view',
    prepare: withDocument,
    args: (w, _r, p) => ({ path: `/api/file/${w.plan.hash}/${p.file}/view/get`, params: fileParams(w, p) }),
    expect: { ...intakeWrite },
  },
  // Admins only (an admin acting as the advisor has the advisor's rights).
  'DELETE /api/file/[planHash]/[fileHash]/delete': {
    permission: 'file.delete',
    prepare: withDocument,
    args: (w, _r, p) => ({ path: `/api/file/${w.plan.hash}/${p.file}/delete`, params: fileParams(w, p) }),
    expect: { ...every(403), guest: 401, admin: 200 },
  },
};

'use client';

import type { ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { DOCUMENTS_READY_TEXT } from '@/lib/estate-plans/next-steps';
import type { DocumentView } from '@/lib/files/document-view';
import { DeleteDocumentButton } from './delete-document-button';
import { DocumentList } from './document-list';
import { UploadDocument } from './upload-document';
import styles from './files.module.css';

export type DocumentsPanelProps = {
  /** One page of the household's documents (paged in SQL, lib/files/document-page.ts). */
  documents: DocumentView[];
  /** The documents' pages as links (components/ui/pager.tsx, drawn on the server), under the list. */
  pager?: ReactNode;
  /** The viewer is one of the household's clients: the panel speaks to them ('Your documents'). */
  forClient: boolean;
  /**
   * The status says the documents are ready (Complete, with a document on the latest plan:
   * lib/estate-plans/next-steps.ts documentsReady). Documents shared before that are not called ready.
   */
  ready?: boolean;
  /** The latest plan's hash when the viewer may upload to it now (attorney-stage status), else null. */
  uploadPlanHash: string | null;
  /** The household's name, for the upload control's accessible name. */
  subject?: string;
  /** The viewer may delete documents (`file.delete`, admins): a Delete for each document with a creator. */
  canDelete?: boolean;
};

/**
 * The household's documents on its client-info page (the client's own and the advisory side's view of a
 * client), newest first, each opening in a new tab; with the upload control for those who may add one
 * now, and an admin's Delete for documents with a creator. After an upload or a delete the page's data is reloaded. Absent while there is no document and none may be
 * added; never printed (the review's print-out is the answers).
 */
export function DocumentsPanel({ documents, pager = null, forClient, ready = false, uploadPlanHash, subject, canDelete = false }: DocumentsPanelProps) {
  const router = useRouter();
  // Nothing to show and nothing to do (an intake still in progress): no panel.
  if (!documents.length && !uploadPlanHash) return null;
  // The page's names: the browser's early duplicate check sees this page; the server checks the whole plan.
  const existingNames = uploadPlanHash ? documents.filter((d) => d.planHash === uploadPlanHash).map((d) => d.name) : [];
  return (
    <section aria-labelledby="documents-title" className={styles.panel} id="documents">
      <h2 id="documents-title">{forClient ? 'Your documents' : 'Documents'}</h2>
      {forClient && documents.length ? (
        <p className={styles.hint}>
          {ready ? DOCUMENTS_READY_TEXT : 'Documents your attorney has shared with you so far.'} Select one to open it in a new tab.
        </p>
      ) : null}
      <DocumentList
        documents={documents}
        label={forClient ? 'Your documents' : 'Documents'}
        emptyText={forClient ? 'Your attorney has not shared any documents yet.' : 'No documents yet.'}
        actions={canDelete ? (doc) => (doc.removable ? <DeleteDocumentButton document={doc} onDeleted={() => router.refresh()} /> : null) : undefined}
      />
      {pager}
      {uploadPlanHash ? <UploadDocument planHash={uploadPlanHash} existingNames={existingNames} subject={subject} onUploaded={() => router.refresh()} /> : null}
    </section>
  );
}

'use client';

import { Button } from '@/components/ui/button';
import { useCall, useMessage } from '@/components/ui/call-provider';
import { deleteDocumentRequest } from './upload-request';

export const FILE_REMOVED_MESSAGE = 'File removed successfully';

export type DeleteDocumentButtonProps = {
  /** The document: its plan's and its own public hash, and its whole name (named in the question). */
  document: { planHash: string; hash: string; name: string };
  /** Reloads the list the document was in, after the route removed it (before the success message). */
  onDeleted: () => void | Promise<unknown>;
};

/**
 * An admin's Delete for one document with a creator (platform spec §5; the callers show it only to those
 * with `file.delete` and only for `removable` documents — the route checks both again). Asks first, naming
 * the file (Cancel focused), then calls DELETE /api/file/{planHash}/{fileHash}/delete through the app's
 * call wrapper (loading overlay; Error dialog with the server's message), reloads the list and says 'File
 * removed successfully'.
 */
export function DeleteDocumentButton({ document, onDeleted }: DeleteDocumentButtonProps) {
  const call = useCall();
  const { confirm, showMessage } = useMessage();
  const remove = async () => {
    const ok = await confirm({
      title: 'Delete document?',
      message: `“${document.name}” will be removed for everyone who can see this household. This cannot be undone.`,
      confirmLabel: 'Delete',
      cancelLabel: 'Cancel',
      confirmVariant: 'danger',
    });
    if (!ok) return;
    const result = await call(() => deleteDocumentRequest(document.planHash, document.hash));
    if (!result.ok) return;
    await onDeleted();
    await showMessage({ title: 'Success', message: FILE_REMOVED_MESSAGE, tone: 'success' });
  };
  return (
    <Button size="sm" variant="link" onClick={() => void remove()}>
      Delete<span className="visually-hidden"> {document.name}</span>
    </Button>
  );
}

import { DeleteDocumentButton } from '@/components/files/delete-document-button';
import { shortenFileName } from '@/lib/format/file-name';
import type { OverviewDocument } from '@/lib/overview/queries';
import { documentIconKind, documentViewPath, formatPlainDate } from '@/lib/overview/rules';
import { FileIcon } from './file-icon';
import { docAnchorId, TOOLTIP_ID } from './overview-ids';
import styles from './overview.module.css';

export type DocumentRowProps = {
  doc: OverviewDocument;
  /** Shows the whole name under the link (a shortened name only). */
  onTip: (anchor: HTMLElement, text: string) => void;
  onHideTip: (anchorId: string) => void;
  /** The tooltip shows this document's name: the link is described by it too. */
  described: boolean;
  /** Set for admins: a document with a creator gets Delete, and this reloads the rows after one. */
  onDeleted: (() => Promise<unknown>) | null;
};

/** One document: its icon, its (maybe shortened) name opening it in a new tab, its creator and date, Delete for admins. */
export function DocumentRow({ doc, onTip, onHideTip, described, onDeleted }: DocumentRowProps) {
  const shown = shortenFileName(doc.name);
  const shortened = shown !== doc.name;
  const id = docAnchorId(doc);
  const show = (event: { currentTarget: HTMLElement }) => (shortened ? onTip(event.currentTarget, doc.name) : undefined);
  return (
    <li className={styles.document}>
      <FileIcon kind={documentIconKind(doc.name, doc.contentType)} />
      <a
        id={id}
        href={documentViewPath(doc.planHash, doc.hash)}
        target="_blank"
        rel="noopener noreferrer"
        className={styles.documentName}
        // The visible (maybe shortened) name is the link's name (WCAG 2.5.3); the whole name is its description.
        aria-describedby={described ? `${id}-full ${TOOLTIP_ID}` : `${id}-full`}
        onMouseEnter={show}
        onFocus={show}
        onMouseLeave={() => onHideTip(id)}
        onBlur={() => onHideTip(id)}
      >
        {shown}
      </a>
      <span id={`${id}-full`} className="visually-hidden">
        {doc.name}, opens in a new tab
      </span>
      <span className={styles.muted}>{doc.createdBy ?? 'System'}</span>
      <span className={styles.muted}>{formatPlainDate(doc.createdAt)}</span>
      {onDeleted && doc.removable ? <DeleteDocumentButton document={doc} onDeleted={onDeleted} /> : null}
    </li>
  );
}

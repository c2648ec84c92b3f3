import type { ReactNode } from 'react';
import type { DocumentView } from '@/lib/files/document-view';
import { DocumentIcon } from './document-icon';
import { FittedFileName } from './fitted-file-name';
import styles from './files.module.css';

export type DocumentListProps = {
  /** The documents, in the order to show (the loaders give newest first). */
  documents: DocumentView[];
  /** Shown when there is no document. */
  emptyText?: string;
  /** Extra controls per document (the overview's delete button), after its date. */
  actions?: (document: DocumentView) => ReactNode;
  /** Accessible name of the list. */
  label?: string;
};

/**
 * A household's documents: an icon by type, the name (whole when it fits on its line, else shortened as the
 * spec does: first 26 + '...' + last 4) with the whole name in its tooltip and accessible description, linked
 * to the view route in a new tab, then who created it (or System) and the date as a plain date string.
 */
export function DocumentList({ documents, emptyText = 'No documents yet.', actions, label = 'Documents' }: DocumentListProps) {
  if (!documents.length) return <p className={styles.empty}>{emptyText}</p>;
  return (
    <ul className={styles.list} aria-label={label}>
      {documents.map((doc) => (
        <li key={doc.hash} className={styles.item} data-testid="document-item">
          <DocumentIcon name={doc.name} contentType={doc.contentType} className={styles.icon} />
          {/* Named by its visible (maybe shortened) text, as WCAG 2.5.3 asks; the whole name is the tooltip and
              the link's description. */}
          <a href={doc.viewPath} target="_blank" rel="noopener noreferrer" title={doc.name} className={styles.name}>
            <FittedFileName name={doc.name} />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <span className={styles.meta}>
            <span>{doc.createdBy ?? 'System'}</span>
            <time dateTime={doc.createdAt}>{doc.dateText}</time>
            {actions ? <span className={styles.actions}>{actions(doc)}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

import type { DocumentIconKind } from '@/lib/overview/rules';
import styles from './overview.module.css';

const ICON_LABELS: Record<DocumentIconKind, string> = { pdf: 'PDF', text: 'Text', image: 'Image', file: 'File' };

/** The document's type icon (spec §2): pdf, text, image or a generic file. */
export function FileIcon({ kind }: { kind: DocumentIconKind }) {
  return (
    <span className={styles.fileIcon} data-kind={kind} title={ICON_LABELS[kind]}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 2h8l5 5v15H6z" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M14 2v5h5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        {kind === 'image' ? <path d="M8 18l3-4 2 2 2-3 2 5z" fill="currentColor" /> : null}
        {kind === 'text' ? <path d="M9 11h6M9 14h6M9 17h4" stroke="currentColor" strokeWidth="1.4" /> : null}
      </svg>
      {kind === 'pdf' ? (
        <span aria-hidden="true" className={styles.fileIconBadge}>
          PDF
        </span>
      ) : null}
      <span className="visually-hidden">{ICON_LABELS[kind]}</span>
    </span>
  );
}

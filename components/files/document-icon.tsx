import { documentIconOf, type DocumentIcon as IconKind } from '@/lib/files/document-view';

const LABELS: Record<IconKind, string> = { pdf: 'PDF', text: 'Text', image: 'Image', file: 'File' };

/** The file-name icon of a document by its type (platform spec §2): pdf, text, image (png, jpg, jpeg) or a generic file. */
export function DocumentIcon({ name, contentType, className }: { name: string; contentType?: string | null; className?: string }) {
  const kind = documentIconOf({ name, contentType });
  return (
    <svg width="24" height="28" viewBox="0 0 24 28" role="img" aria-label={`${LABELS[kind]} document`} data-icon={kind} className={className}>
      <path d="M3 1h12l6 6v19a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V2a1 1 0 0 1 1-1z" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M15 1v6h6" fill="none" stroke="currentColor" strokeWidth="1.6" />
      {kind === 'pdf' ? (
        <text x="12" y="21" textAnchor="middle" fontSize="7" fontWeight="700" fill="currentColor">
          PDF
        </text>
      ) : null}
      {kind === 'text' ? <path d="M6 12h12M6 16h12M6 20h8" stroke="currentColor" strokeWidth="1.6" /> : null}
      {kind === 'image' ? (
        <>
          <circle cx="9" cy="12" r="2" fill="currentColor" />
          <path d="M5 22l5-5 3 3 3-4 4 6z" fill="currentColor" />
        </>
      ) : null}
    </svg>
  );
}

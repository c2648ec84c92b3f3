import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { EmailAddress, unbroken } from '@/components/ui/table';
import { formatPhone } from '@/lib/format/phone';
import type { OverviewClient } from '@/lib/overview/queries';
import { DocumentRow, type DocumentRowProps } from './document-row';
import { DocumentUploadForm } from './document-upload-form';
import { docAnchorId, groupId } from './overview-ids';
import type { UploadState } from './use-document-uploads';
import { ExpandToggle } from './expand-toggle';
import styles from './overview.module.css';

/** What a household row can do, handed down from the table. */
export type ClientGroupActions = {
  onToggle: (clientHash: string) => void;
  onOpenInput: (client: OverviewClient) => void;
  onCancel: (client: OverviewClient) => void;
  onChoose: (client: OverviewClient, file: File | null, input: HTMLInputElement) => void;
  onUpload: (client: OverviewClient) => void;
  /** The client-info link was followed: remember the row for the way back. */
  onRemember: (client: OverviewClient) => void;
  onDeleted: DocumentRowProps['onDeleted'];
  onTip: DocumentRowProps['onTip'];
  onHideTip: DocumentRowProps['onHideTip'];
};

type ClientGroupProps = ClientGroupActions & { client: OverviewClient; open: boolean; upload: UploadState; tipAnchor: string | null };

/** One household: its row (toggle, client-info link, facts, Upload) and, when open, its documents and upload. */
export function ClientGroup({
  client,
  open,
  upload,
  tipAnchor,
  onToggle,
  onOpenInput,
  onCancel,
  onChoose,
  onUpload,
  onRemember,
  onDeleted,
  onTip,
  onHideTip,
}: ClientGroupProps) {
  return (
    <li className={styles.client}>
      <div className={styles.clientRow}>
        <ExpandToggle
          open={open}
          controls={groupId(client.hash)}
          label={`${open ? 'Hide' : 'Show'} ${client.name}'s documents`}
          onClick={() => onToggle(client.hash)}
        />
        <span className={styles.clientMain}>
          <Link href={`/client-info/${encodeURIComponent(client.hash)}`} onClick={() => onRemember(client)} className={styles.clientName}>
            {client.name}
          </Link>
          {client.spouseName ? <span className={styles.muted}> and {client.spouseName}</span> : null}
        </span>
        <span className={styles.clientFacts}>
          {client.email ? (
            <span>
              <EmailAddress address={client.email} />
            </span>
          ) : null}
          {client.phone ? <span>{unbroken(formatPhone(client.phone))}</span> : null}
          <span>{client.statusLabel}</span>
          <span>
            {client.documentCount} {client.documentCount === 1 ? 'document' : 'documents'}
          </span>
        </span>
        {client.canUpload && !upload.inputOpen ? (
          <Button size="sm" variant="secondary" onClick={() => onOpenInput(client)}>
            Upload
            <span className="visually-hidden"> a document for {client.name}</span>
          </Button>
        ) : null}
      </div>
      {open ? (
        <div id={groupId(client.hash)} className={styles.documents}>
          {client.documents.length ? (
            <ul className={styles.documentList} aria-label={`${client.name}'s documents`}>
              {client.documents.map((doc) => (
                <DocumentRow key={doc.hash} doc={doc} onTip={onTip} onHideTip={onHideTip} described={tipAnchor === docAnchorId(doc)} onDeleted={onDeleted} />
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>No documents yet.</p>
          )}
          {/* Only the newest are here (lib/overview/queries.ts EXPANDED_DOCUMENTS_LIMIT); client-info pages through all. */}
          {client.documentCount > client.documents.length ? (
            <p>
              <Link href={`/client-info/${encodeURIComponent(client.hash)}#documents`} onClick={() => onRemember(client)}>
                All {client.documentCount} documents
              </Link>{' '}
              <span className={styles.muted}>(the newest {client.documents.length} are shown here)</span>
            </p>
          ) : null}
          {!client.canUpload ? <p className={styles.muted}>Documents can be added once the trust is with the attorneys (submitted for review).</p> : null}
          {upload.inputOpen ? <DocumentUploadForm client={client} upload={upload} onChoose={onChoose} onUpload={onUpload} onCancel={onCancel} /> : null}
        </div>
      ) : null}
    </li>
  );
}

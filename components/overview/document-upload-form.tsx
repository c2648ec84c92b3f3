import { Button } from '@/components/ui/button';
import { FileInput } from '@/components/ui/field';
import { DOCUMENT_ACCEPT } from '@/lib/files/document-types';
import type { OverviewClient } from '@/lib/overview/queries';
import type { UploadState } from './use-document-uploads';
import styles from './overview.module.css';

type DocumentUploadFormProps = {
  client: OverviewClient;
  upload: UploadState;
  onChoose: (client: OverviewClient, file: File | null, input: HTMLInputElement) => void;
  onUpload: (client: OverviewClient) => void;
  onCancel: (client: OverviewClient) => void;
};

/** A document group's open upload: the file control, then Upload file (once a file is chosen) and Cancel. */
export function DocumentUploadForm({ client, upload, onChoose, onUpload, onCancel }: DocumentUploadFormProps) {
  return (
    <div className={styles.upload}>
      <FileInput
        id={`upload-${client.hash}`}
        className={styles.fileControl}
        accept={DOCUMENT_ACCEPT}
        disabled={upload.uploading}
        onChange={(event) => void onChoose(client, event.currentTarget.files?.[0] ?? null, event.currentTarget)}
        fileName={upload.file?.name}
        hint="PDF, text, JPEG or PNG"
      >
        Choose a document<span className="visually-hidden"> for {client.name}</span>
      </FileInput>
      <span className={styles.uploadButtons}>
        <Button size="sm" disabled={!upload.file} loading={upload.uploading} onClick={() => onUpload(client)}>
          {upload.uploading ? 'Uploading…' : 'Upload file'}
        </Button>
        <Button size="sm" variant="link" disabled={upload.uploading} onClick={() => onCancel(client)}>
          Cancel
        </Button>
      </span>
    </div>
  );
}

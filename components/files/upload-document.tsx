'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ERROR_TITLE, useCall, useMessage } from '@/components/ui/call-provider';
import { FileInput } from '@/components/ui/field';
import { DOCUMENT_ACCEPT, sniffContent } from '@/lib/files/document-types';
import { checkUpload } from '@/lib/files/upload-rules';
import { postDocument, type UploadAnswer } from './upload-request';
import styles from './files.module.css';

export type UploadDocumentProps = {
  /** The plan the document is added to (the server accepts it only in an attorney-stage status). */
  planHash: string;
  /** Runs after a successful upload with the route's answer ({ message, file, advisors }). */
  onUploaded?: (answer: UploadAnswer) => void;
  /** The plan's documents' names, for the duplicate check before sending (the server checks again). */
  existingNames?: readonly string[];
  /** The button's text (default 'Upload document'). */
  label?: string;
  /** In a table row: the button reads 'Upload' (its accessible name stays '{label} for {subject}'). */
  compact?: boolean;
  /** Whose record the document goes to, for the controls' accessible names ('Upload document for Pat Rivera'). */
  subject?: string;
};

type Stage = 'closed' | 'input' | 'chosen' | 'uploading';

const TYPES = 'PDF, text, JPEG or PNG, at most 20 MB';

async function bytesOf(file: File): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') return new Uint8Array(await file.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/**
 * The upload control: 'Upload document' opens the app's file control (PDF, text, JPEG, PNG); a chosen file is
 * checked in the browser with the server's own rules (lib/files/upload-rules.ts: not empty, at most 20 MB,
 * the type by its bytes agreeing with its name and declared type, no same name on the plan), then sent as
 * multipart `newFile` under the loading overlay. A refused choice shows the spec's Error dialog and clears
 * the choice ('Please select a valid file type.'; 'File name already exists' also closes the input).
 * Success shows 'File uploaded successfully' and calls `onUploaded`.
 */
export function UploadDocument({ planHash, onUploaded, existingNames = [], label = 'Upload document', compact = false, subject }: UploadDocumentProps) {
  const call = useCall();
  const { showMessage } = useMessage();
  const [stage, setStage] = useState<Stage>('closed');
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const forWhom = subject ? ` for ${subject}` : '';
  const opened = useRef(false);

  // 'Upload document' is gone once pressed: the focus moves on to the file control it opened.
  useEffect(() => {
    if (stage === 'input' && opened.current) input.current?.focus();
    opened.current = false;
  }, [stage]);

  const reset = (next: Stage) => {
    setFile(null);
    if (input.current) input.current.value = '';
    setStage(next);
  };

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return reset('input');
    const check = checkUpload({ content: sniffContent(await bytesOf(chosen)), name: chosen.name, declaredType: chosen.type, existingNames });
    if (!check.ok) {
      reset(check.reason === 'duplicate' ? 'closed' : 'input');
      await showMessage({ title: ERROR_TITLE, message: check.message, tone: 'error' });
      return;
    }
    setFile(chosen);
    setStage('chosen');
  };

  const upload = async () => {
    if (!file) return;
    setStage('uploading');
    const result = await call(() => postDocument(planHash, file));
    if (!result.ok) return reset('closed');
    reset('closed');
    await showMessage({ title: 'Success', message: result.data.message, tone: 'success' });
    onUploaded?.(result.data);
  };

  if (stage === 'closed') {
    return (
      <div className={styles.upload}>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            opened.current = true;
            setStage('input');
          }}
          aria-label={`${label}${forWhom}`}
        >
          {compact ? 'Upload' : label}
        </Button>
      </div>
    );
  }
  return (
    <div className={compact ? `${styles.upload} ${styles.compact}` : styles.upload} data-stage={stage}>
      <FileInput
        ref={input}
        id={inputId}
        className={styles.fileControl}
        name="newFile"
        accept={DOCUMENT_ACCEPT}
        disabled={stage === 'uploading'}
        onChange={(event) => void choose(event.currentTarget.files?.[0])}
        fileName={file?.name}
        // In a table row the types are read, not shown: the row has no room for a line of its own.
        hint={compact ? undefined : TYPES}
      >
        Choose a document
        <span className="visually-hidden">
          {forWhom}
          {compact ? ` (${TYPES})` : ''}
        </span>
      </FileInput>
      <span className={styles.uploadActions}>
        {stage === 'chosen' || stage === 'uploading' ? (
          <Button size="sm" onClick={upload} loading={stage === 'uploading'} aria-label={`Upload ${file?.name ?? 'the document'}${forWhom}`}>
            Upload
          </Button>
        ) : null}
        <Button size="sm" variant="link" onClick={() => reset('closed')} disabled={stage === 'uploading'}>
          Cancel
        </Button>
      </span>
    </div>
  );
}

'use client';

import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { buttonClass } from '@/components/ui/button';
import { attachmentName, csvRowCounter } from '@/lib/activity/csv-progress';
import styles from './audit-log.module.css';

type Progress = { kind: 'idle' } | { kind: 'running'; rows: number } | { kind: 'done'; rows: number } | { kind: 'failed'; message: string };

const rowsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

/**
 * The audit log's Export CSV (issue 29). Without JavaScript it is a plain link to the export, which the
 * browser downloads. With it, the file is fetched here so the page can say how far it has got: the rows are
 * counted as the stream arrives ("Exported 1,500 rows…"; the server sends no total, which would cost a count
 * of the whole filtered log first), then saved under the server's file name. The browser holds the file
 * while it arrives, as any download does; the server never holds more than a batch.
 */
export function AuditExport({ href }: { href: string }) {
  const [progress, setProgress] = useState<Progress>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    if (typeof ReadableStream === 'undefined' || typeof URL.createObjectURL !== 'function') return; // the link downloads it
    event.preventDefault();
    if (progress.kind === 'running') return;
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ kind: 'running', rows: 0 });
    try {
      const response = await fetch(href, { signal: controller.signal, credentials: 'same-origin' });
      if (!response.ok || !response.body) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        setProgress({ kind: 'failed', message: body?.message ?? 'The export could not be made. Please try again.' });
        return;
      }
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      const count = csvRowCounter();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let lines = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        lines = count(decoder.decode(value, { stream: true }));
        // The header is a line too.
        setProgress({ kind: 'running', rows: Math.max(0, lines - 1) });
      }
      const url = URL.createObjectURL(new Blob(chunks, { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = attachmentName(response.headers.get('content-disposition'), 'audit-log.csv');
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setProgress({ kind: 'done', rows: Math.max(0, lines - 1) });
    } catch (error) {
      if (controller.signal.aborted) setProgress({ kind: 'idle' });
      else
        setProgress({
          kind: 'failed',
          message:
            error instanceof Error && error.name === 'TypeError'
              ? 'The connection was lost during the export. Please try again.'
              : 'The export stopped. Please try again.',
        });
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }

  return (
    <div className={styles.export}>
      <a
        href={href}
        download
        className={buttonClass({ variant: 'secondary', size: 'sm' })}
        onClick={download}
        aria-disabled={progress.kind === 'running' || undefined}
      >
        Export CSV
      </a>
      {progress.kind === 'running' ? (
        <button type="button" className={buttonClass({ variant: 'link', size: 'sm' })} onClick={() => abort.current?.abort()}>
          Cancel
        </button>
      ) : null}
      {/* Announced politely as it changes; a progress bar would need a total the export does not know. */}
      <p className={styles.exportStatus} role="status" aria-live="polite">
        {progress.kind === 'running' ? (
          <>
            <span className={styles.spinner} aria-hidden="true" />
            Exported {rowsText(progress.rows)}…
          </>
        ) : progress.kind === 'done' ? (
          `Exported ${rowsText(progress.rows)}.`
        ) : progress.kind === 'failed' ? (
          <span className={styles.exportError}>{progress.message}</span>
        ) : null}
      </p>
    </div>
  );
}

'use client';

import { useCallback, useEffect, useState } from 'react';
import { postDocument } from '@/components/files/upload-request';
import { useCall, useMessage } from '@/components/ui/call-provider';
import { sniffContent } from '@/lib/files/document-types';
import { checkUpload } from '@/lib/files/upload-rules';
import type { OverviewClient } from '@/lib/overview/queries';
import { TOOLTIP_REFRESH_AFTER_FOCUS_MS } from '@/lib/overview/rules';
import type { Later } from './use-later';

/** The per-document-group upload state (spec §4): file input shown, file chosen, uploading. */
export type UploadState = { inputOpen: boolean; file: File | null; uploading: boolean };
export const CLOSED: UploadState = { inputOpen: false, file: null, uploading: false };
const EMPTY_INPUT: UploadState = { inputOpen: true, file: null, uploading: false };

const idle = (u: UploadState) => u.inputOpen && !u.file && !u.uploading;

/**
 * The document groups' uploads, keyed by client hash: open the input, choose a file (checked with the
 * server's rules before anything is sent), upload it through the one upload request, cancel. When the window
 * regains focus (the file picker was cancelled), an input open with no file chosen and no upload running
 * closes 100 ms later, so a file the picker just chose arrives first.
 */
export function useDocumentUploads(later: Later) {
  const call = useCall();
  const { showMessage } = useMessage();
  const [uploads, setUploads] = useState<Readonly<Record<string, UploadState>>>({});

  const setUpload = (key: string, value: UploadState | null) =>
    setUploads((current) => {
      const next = { ...current };
      if (value) next[key] = value;
      else delete next[key];
      return next;
    });

  /** Clears pending file choices (not an upload already running). */
  const clearChoices = useCallback((keep: (key: string) => boolean = () => false) => {
    setUploads((current) => Object.fromEntries(Object.entries(current).filter(([key, u]) => u.uploading || keep(key))));
  }, []);

  useEffect(() => {
    const onFocus = () =>
      later(TOOLTIP_REFRESH_AFTER_FOCUS_MS, () =>
        setUploads((current) => {
          if (!Object.values(current).some(idle)) return current;
          return Object.fromEntries(Object.entries(current).filter(([, u]) => !idle(u)));
        }),
      );
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [later]);

  const openInput = (client: OverviewClient) => setUpload(client.hash, EMPTY_INPUT);

  const cancel = (client: OverviewClient) => setUpload(client.hash, null);

  const chooseFile = async (client: OverviewClient, file: File | null, input: HTMLInputElement) => {
    if (!file) {
      setUpload(client.hash, EMPTY_INPUT);
      return;
    }
    const check = checkUpload({
      content: sniffContent(await readBytes(file)),
      name: file.name,
      declaredType: file.type,
      existingNames: client.documents.map((d) => d.name),
    });
    if (check.ok) {
      setUpload(client.hash, { inputOpen: true, file, uploading: false });
      return;
    }
    input.value = '';
    // A duplicate name closes the input (spec §5); any other refusal clears the choice and keeps it open.
    setUpload(client.hash, check.reason === 'duplicate' ? null : EMPTY_INPUT);
    await showMessage({ title: 'Error', message: check.message, tone: 'error' });
  };

  /** Sends the chosen file; on success `reload` runs before the Success message shows. */
  const upload = async (client: OverviewClient, reload: () => Promise<unknown>) => {
    const state = uploads[client.hash];
    if (!state?.file || !client.planHash) return;
    const file = state.file;
    setUpload(client.hash, { ...state, uploading: true });
    const result = await call(() => postDocument(client.planHash!, file));
    setUpload(client.hash, null);
    if (!result.ok) return;
    await reload();
    await showMessage({ title: 'Success', message: result.data.message, tone: 'success' });
  };

  return { uploads, clearChoices, openInput, cancel, chooseFile, upload };
}

/** A chosen file's bytes (at most 20 MB pass the input's checks), read with FileReader, which every browser has. */
function readBytes(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

import 'server-only';
import { openAsBlob } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UTApi } from 'uploadthing/server';
import { StoredDocumentMissingError, type DocumentContent, type DocumentStore, type StoredDocument } from './document-store';

/*
 * Documents in UploadThing, through its server SDK (UTApi, uploadthing 7). What the SDK does on the wire,
 * read from its source (uploadthing/server, @uploadthing/shared) and tested against a local fake of the
 * service in tests/integration/document-storage-uploadthing.test.ts:
 * - upload (`uploadFiles`): the SDK makes the file key itself and signs an ingest URL with the API key
 *   (HMAC-SHA256: `?expires=…&x-ut-identifier=<appId>&x-ut-file-name=…&x-ut-file-size=…&x-ut-file-type=…
 *   &x-ut-content-disposition=…&signature=hmac-sha256=<hex>`), then PUTs the bytes there as multipart field
 *   `file`; the ingest answers JSON {url, appUrl, ufsUrl, fileHash, serverData}. Only the key is kept.
 * - read: `generateSignedURL(key)` signs `https://<appId>.ufs.sh/f/<key>?expires=…&signature=…` locally
 *   (no request), which opens a private file as well as a public one; this server fetches it and hands the
 *   bytes to the app's own view route. No page ever gets an UploadThing URL.
 * - delete (`deleteFiles`): POST <api>/v6/deleteFiles {"fileKeys":[key]} with x-uploadthing-api-key, answered
 *   {success, deletedCount}. A key that is already gone is not an error here (deletedCount 0), only a
 *   refused request or {success: false} is.
 * The SDK takes its hosts from options or UPLOADTHING_API_URL / UPLOADTHING_INGEST_URL / UPLOADTHING_UFS_HOST
 * (ingest defaults to https://<first region>.<ingestHost from the token>); the token is base64 JSON
 * {apiKey: 'sk_…', appId, regions}.
 */

/** UploadThing's file keys (letters and digits today); checked before a key goes into a URL path. */
const UPLOADTHING_KEY = /^[A-Za-z0-9_-]{1,128}$/;
const UPLOAD_TIMEOUT_MS = 120_000;
const READ_TIMEOUT_MS = 60_000;
/** Lifetime of the signed read URL; it is used at once, by this server only. */
const SIGNED_URL_SECONDS = 60;

export type UploadThingStoreOptions = {
  token: string;
  /** SDK overrides, for tests against a local fake of the service; production leaves them unset. */
  apiUrl?: string;
  ingestUrl?: string;
  ufsHost?: string;
  ufsAppIdLocation?: 'subdomain' | 'path';
  logLevel?: 'All' | 'Fatal' | 'Error' | 'Warning' | 'Info' | 'Debug' | 'Trace' | 'None';
};

function checkKey(key: string): string {
  if (!UPLOADTHING_KEY.test(key)) throw new Error('Invalid UploadThing storage key.');
  return key;
}

export class UploadThingDocumentStore implements DocumentStore {
  readonly name = 'uploadthing' as const;
  private api: Promise<UTApi> | undefined;

  constructor(private readonly options: UploadThingStoreOptions) {}

  /** The SDK is loaded on first use, so the local-disk default never loads it. */
  private utapi(): Promise<UTApi> {
    this.api ??= import('uploadthing/server').then(({ UTApi }) => {
      const { token, apiUrl, ingestUrl, ufsHost, ufsAppIdLocation, logLevel = 'Error' } = this.options;
      return new UTApi({ token, apiUrl, ingestUrl, ufsHost, ufsAppIdLocation, logLevel });
    });
    return this.api;
  }

  /** Uploads wait on this machine's temporary folder: nothing of a document stays on the local disk. */
  get stagingDir(): string {
    return path.join(os.tmpdir(), 'trustwell-uploads');
  }

  async put(content: DocumentContent, meta: { name: string; contentType: string }): Promise<StoredDocument> {
    const api = await this.utapi();
    // A file is sent as a Blob backed by the file (read in pieces as the request body is sent), not loaded.
    const blob = content instanceof Uint8Array ? new Blob([new Uint8Array(content)]) : await openAsBlob(content.file);
    const file = new File([blob], meta.name, { type: meta.contentType });
    // Attachment: should the stored object ever be opened directly, it downloads rather than renders there.
    const result = await api.uploadFiles(file, { contentDisposition: 'attachment', signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) });
    if (result.error) throw new Error(`UploadThing refused the upload (${result.error.code}): ${result.error.message}`);
    return { storage: 'uploadthing', key: result.data.key };
  }

  async get(key: string): Promise<Uint8Array> {
    const api = await this.utapi();
    const { ufsUrl } = await api.generateSignedURL(checkKey(key), { expiresIn: SIGNED_URL_SECONDS });
    const response = await fetch(ufsUrl, { cache: 'no-store', signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
    if (response.status === 404) throw new StoredDocumentMissingError('uploadthing', key);
    if (!response.ok) throw new Error(`UploadThing answered ${response.status} to a document read.`);
    return new Uint8Array(await response.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const api = await this.utapi();
    const result = await api.deleteFiles(checkKey(key));
    if (!result.success) throw new Error('UploadThing did not confirm the deletion.');
  }
}

import 'server-only';
import type { DocumentStore } from './document-store';
import { LocalDocumentStore, localUploadsDir } from './local-store';
import { UploadThingDocumentStore } from './uploadthing-store';

export type { DocumentContent, DocumentStore, StorageName, StoredDocument } from './document-store';
export { StoredDocumentMissingError } from './document-store';

/*
 * Where documents' bytes live. One interface, two implementations, chosen here and nowhere else: local disk
 * by default, UploadThing when UPLOADTHING_TOKEN is set. A file row records the store it went to
 * (`files.storage`) and its key there, and is always read and deleted through that store, so documents
 * stored before a switch stay readable.
 */

type Env = Record<string, string | undefined>;

function uploadThingToken(env: Env): string | undefined {
  return env.UPLOADTHING_TOKEN?.trim() || undefined;
}

/** The store new uploads go to, from the configuration: UploadThing when UPLOADTHING_TOKEN is set, else local disk. */
export function createDocumentStore(env: Env = process.env): DocumentStore {
  const token = uploadThingToken(env);
  return token ? new UploadThingDocumentStore({ token }) : new LocalDocumentStore(localUploadsDir(env));
}

/** The store that holds a file row's bytes, by the row's `storage`, whatever new uploads use now. */
export function createStoreFor(storage: string, env: Env = process.env): DocumentStore {
  if (storage === 'local') return new LocalDocumentStore(localUploadsDir(env));
  if (storage === 'uploadthing') {
    const token = uploadThingToken(env);
    if (!token) throw new Error('This document is stored in UploadThing, but UPLOADTHING_TOKEN is not set.');
    return new UploadThingDocumentStore({ token });
  }
  throw new Error(`Unknown document storage "${storage}".`);
}

let uploads: DocumentStore | undefined;
const byStorage = new Map<string, DocumentStore>();

/** The process's store for new uploads (created once from process.env). */
export function documentStore(): DocumentStore {
  uploads ??= createDocumentStore();
  return uploads;
}

/** Where an upload's bytes wait while the route reads and the rules check them: the upload store's staging folder. */
export function uploadStagingDir(): string {
  return documentStore().stagingDir;
}

/** The process's store for a file row's `storage` (created once per storage from process.env). */
export function storeFor(storage: string): DocumentStore {
  let store = byStorage.get(storage);
  if (!store) {
    store = createStoreFor(storage);
    byStorage.set(storage, store);
  }
  return store;
}

/*
 * The storage interface for documents' bytes and what its implementations share. The implementations are
 * local-store.ts and uploadthing-store.ts; store.ts chooses between them.
 */

export type StorageName = 'local' | 'uploadthing';

/** Where stored bytes went: the store's name and the key within it (random, never derived from the name). */
export type StoredDocument = { storage: StorageName; key: string };

export interface DocumentStore {
  readonly name: StorageName;
  /** Stores the bytes under a new random key. `name` and `contentType` describe them for the store. */
  put(bytes: Uint8Array, meta: { name: string; contentType: string }): Promise<StoredDocument>;
  /** The stored bytes; StoredDocumentMissingError when the key holds nothing. */
  get(key: string): Promise<Uint8Array>;
  /** Removes the stored bytes; removing what is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** The key names nothing in the store (deleted, or never stored there). */
export class StoredDocumentMissingError extends Error {
  constructor(storage: StorageName, key: string) {
    super(`No stored document under key ${key} in ${storage} storage.`);
    this.name = 'StoredDocumentMissingError';
  }
}
